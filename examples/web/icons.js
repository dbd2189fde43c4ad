// Icons for the SF Symbol names the catalogs use (the demo catalog's products and tokens), drawn as small line SVGs.
// An icon that is not a known name but looks like an emoji is shown as text; anything else gets the kind's icon.
"use strict";

const ICON_PATHS = {
  desktopcomputer: '<rect x="3" y="4" width="18" height="12" rx="2"/><path d="M12 16v4M8.5 20h7"/>',
  display: '<rect x="3" y="4" width="18" height="12" rx="1.5"/><path d="M12 16v4M8.5 20h7"/>',
  laptopcomputer: '<rect x="5" y="5" width="14" height="10" rx="1.5"/><path d="M2.5 18.5h19"/>',
  macmini: '<rect x="3" y="9" width="18" height="6" rx="2"/><path d="M6 17.5h12"/>',
  "macpro.gen3": '<rect x="6" y="2.5" width="12" height="19" rx="2"/><circle cx="12" cy="8" r="1.6"/><circle cx="12" cy="13" r="1.6"/>',
  ipad: '<rect x="4.5" y="3" width="15" height="18" rx="2.2"/><path d="M11 18.2h2"/>',
  iphone: '<rect x="7" y="2.5" width="10" height="19" rx="2.5"/><path d="M10.5 5h3"/>',
  ipod: '<rect x="6" y="2.5" width="12" height="19" rx="2"/><rect x="8.5" y="5" width="7" height="5" rx="1"/><circle cx="12" cy="15.5" r="3"/>',
  ipodtouch: '<rect x="7" y="2.5" width="10" height="19" rx="2.5"/><circle cx="12" cy="19" r=".8"/>',
  "ipodshuffle.gen4": '<rect x="6" y="6" width="12" height="12" rx="2.5"/><circle cx="12" cy="12" r="3"/>',
  headphones: '<path d="M4 16v-3a8 8 0 0 1 16 0v3"/><rect x="3" y="14" width="4.5" height="6.5" rx="1.5"/><rect x="16.5" y="14" width="4.5" height="6.5" rx="1.5"/>',
  airpods: '<circle cx="7.5" cy="7" r="3"/><path d="M9.5 9v10"/><circle cx="16.5" cy="7" r="3"/><path d="M14.5 9v10"/>',
  airpodspro: '<circle cx="7.5" cy="8" r="3.5"/><path d="M10 10.5V17"/><circle cx="16.5" cy="8" r="3.5"/><path d="M14 10.5V17"/>',
  airpodsmax: '<path d="M5 14V11a7 7 0 0 1 14 0v3"/><rect x="3" y="12.5" width="5" height="8" rx="2"/><rect x="16" y="12.5" width="5" height="8" rx="2"/>',
  homepod: '<rect x="6.5" y="3" width="11" height="18" rx="5"/><path d="M9.5 6.5h5"/>',
  homepodmini: '<circle cx="12" cy="13" r="7.5"/><path d="M9.5 9h5"/>',
  applewatch: '<rect x="6.5" y="6" width="11" height="12" rx="3"/><path d="M8.5 6l1-3.5h5l1 3.5M8.5 18l1 3.5h5l1-3.5M17.5 11h1.2"/>',
  appletv: '<rect x="3" y="4.5" width="18" height="12" rx="1.5"/><path d="M8 20h8"/>',
  keyboard: '<rect x="2" y="6.5" width="20" height="11" rx="2"/><path d="M6 10h.01M9.3 10h.01M12.6 10h.01M15.9 10h.01M18.5 10h.01M7.5 14h9"/>',
  magicmouse: '<rect x="7" y="3" width="10" height="18" rx="5"/><path d="M12 3v5"/>',
  applepencil: '<path d="M4 20l1.5-5.5L16 4l4 4L9.5 18.5z"/><path d="M14 6l4 4"/>',
  "rectangle.and.hand.point.up.left": '<rect x="3" y="5" width="18" height="14" rx="2"/>',
  visionpro: '<path d="M3 12c0-3 2-4.5 5-4.5h8c3 0 5 1.5 5 4.5s-2 4.5-4.5 4.5c-2 0-2.8-1.8-4.5-1.8S9.5 16.5 7.5 16.5C5 16.5 3 15 3 12z"/>',
  magnifyingglass: '<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5 20 20"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3.2 2"/>',
  tag: '<path d="M3.5 12.3V4.5a1 1 0 0 1 1-1h7.8l8.2 8.2a1 1 0 0 1 0 1.4l-6.9 6.9a1 1 0 0 1-1.4 0z"/><circle cx="8" cy="8" r="1.3"/>',
  doc: '<path d="M6 2.5h8l4 4v15H6z"/><path d="M14 2.5v4h4M9 12h6M9 15.5h6"/>',
};

const KIND_ICONS = { item: "magnifyingglass", recent: "clock", token: "tag", result: "doc" };

/** An element showing `name` (an SF Symbol name or an emoji), or the kind's icon when the name is unknown. */
function iconElement(name, kind) {
  const span = document.createElement("span");
  span.className = "icon";
  span.setAttribute("aria-hidden", "true");
  if (name && !(name in ICON_PATHS) && /[^\x00-\x7f]/.test(name) && [...name].length <= 4) {
    span.classList.add("emoji");
    span.textContent = name;
    return span;
  }
  const key = name in ICON_PATHS ? name : KIND_ICONS[kind] || "magnifyingglass";
  span.innerHTML = `<svg viewBox="0 0 24 24">${ICON_PATHS[key]}</svg>`;
  span.dataset.icon = key;
  return span;
}
