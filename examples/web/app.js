// The seeds' search screen: a search field with a suggestion popup (recents, tokens, suggestions), token chips, and
// a live results list, on a suggest-lsp daemon behind serve.py. No framework: the DOM and fetch.
//
// The popup follows the WAI-ARIA combobox pattern (an input with role=combobox, a listbox of options, the current
// one aria-selected and named by aria-activedescendant). Field names, kinds and sections are those of
// protocol.schema.json: search/complete → {sections: [{id, title, items: [{label, completion, kind, id, icon,
// subtitle, count, matches}]}]}, search/filter → {total, items: [{id, title, subtitle, icon, score, tier, matches}]}.
"use strict";

const $ = (id) => document.getElementById(id);
const input = $("query");
const popup = $("popup");
const chipsBox = $("chips");
const results = $("results");
const resultsCount = $("results-count");
const notice = $("notice");
const clearButton = $("clear");

// This page's search field: its queries supersede each other in the daemon, and only each other (another tab has
// another field).
const FIELD = `web-${Math.random().toString(36).slice(2, 10)}`;
const SUPERSEDED = -32800;
const POPUP_LIMIT = 8;
const RESULTS_LIMIT = 50;

const state = {
  chips: [], // [{id, label, icon}]: the tokens in the field
  options: [], // [{entry, element}]: the popup's options, in order
  active: -1, // the keyboard's current option, -1 for none
  // Sequence numbers: an answer is shown only if it is newer than the one on screen, so a late answer to an older
  // request never replaces a newer one (the daemon already answers superseded queries with -32800).
  sent: { complete: 0, filter: 0 },
  shown: { complete: 0, filter: 0 },
  dismissed: false, // Escape or a choice closed the popup: it stays closed until the next keystroke or focus
};

// -- talking to the bridge

/** One request through the bridge: resolves to {result} or {error}. A search's `sequence` keeps typing order. */
async function rpc(method, params, sequence) {
  try {
    const response = await fetch("rpc", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ method, params, sequence }),
    });
    return await response.json();
  } catch (error) {
    return { error: { code: -32000, message: `the bridge is not reachable (${error.message})` } };
  }
}

/** Sends a search of `kind` ("complete" or "filter") and calls `show` with its result unless a newer one is shown. */
async function search(kind, method, params, show) {
  const sequence = ++state.sent[kind];
  const reply = await rpc(method, { ...params, field: FIELD }, sequence);
  if (reply.error) {
    if (reply.error.code !== SUPERSEDED) showNotice(reply.error.message);
    return;
  }
  if (sequence <= state.shown[kind]) return;
  state.shown[kind] = sequence;
  hideNotice();
  show(reply.result, params.query);
}

function chipIds() {
  return state.chips.map((chip) => chip.id);
}

function refresh() {
  clearButton.hidden = input.value === "" && state.chips.length === 0;
  suggest();
  filter();
}

function suggest() {
  const params = { query: input.value, tokens: chipIds(), limit: POPUP_LIMIT };
  search("complete", "search/complete", params, (result, query) => {
    popup.dataset.query = query; // which query the popup shows (the tests watch it)
    if (document.activeElement === input && !state.dismissed) renderPopup(result.sections);
  });
}

function filter() {
  search("filter", "search/filter", { query: input.value, tokens: chipIds(), limit: RESULTS_LIMIT }, renderResults);
}

// -- rendering

/** `text` with the `matches` ranges (UTF-16 offsets, as JavaScript strings count) in <mark>. */
function highlighted(text, matches) {
  const fragment = document.createDocumentFragment();
  let at = 0;
  for (const [start, end] of matches || []) {
    if (start > at) fragment.append(text.slice(at, start));
    const mark = document.createElement("mark");
    mark.textContent = text.slice(start, end);
    fragment.append(mark);
    at = end;
  }
  if (at < text.length) fragment.append(text.slice(at));
  return fragment;
}

function renderPopup(sections) {
  popup.replaceChildren();
  state.options = [];
  state.active = -1;
  for (const section of sections) {
    if (section.items.length === 0) continue;
    const group = document.createElement("div");
    group.setAttribute("role", "group");
    group.className = `group group-${section.id}`;
    const header = document.createElement("div");
    header.className = "section-title";
    header.id = `section-${section.id}`;
    header.setAttribute("role", "presentation");
    header.textContent = section.id === "recent" ? "Recent Searches" : section.title;
    group.setAttribute("aria-labelledby", header.id);
    group.append(header);
    for (const entry of section.items) group.append(optionElement(entry));
    popup.append(group);
  }
  setOpen(state.options.length > 0);
  updateActive();
}

function optionElement(entry) {
  const index = state.options.length;
  const option = document.createElement("div");
  option.id = `option-${index}`;
  option.className = `option option-${entry.kind}`;
  option.setAttribute("role", "option");
  option.setAttribute("aria-selected", "false");
  option.dataset.kind = entry.kind;
  option.append(iconElement(entry.kind === "recent" ? null : entry.icon, entry.kind)); // a recent: the clock
  const label = document.createElement("span");
  label.className = "label";
  label.append(highlighted(entry.label, entry.matches));
  option.append(label);
  if (entry.kind === "token") {
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = entry.count.toLocaleString();
    option.append(count);
  } else if (entry.subtitle) {
    const subtitle = document.createElement("span");
    subtitle.className = "subtitle";
    subtitle.textContent = entry.subtitle;
    label.append(subtitle);
  }
  if (entry.kind === "recent") {
    const remove = document.createElement("span");
    remove.className = "remove";
    remove.title = "Remove from recent searches (Delete)";
    remove.setAttribute("aria-hidden", "true");
    remove.textContent = "×";
    remove.addEventListener("click", (event) => {
      event.stopPropagation();
      removeRecent(entry);
    });
    option.append(remove);
  }
  option.addEventListener("mousedown", (event) => event.preventDefault()); // keep the focus in the field
  option.addEventListener("click", () => accept(entry));
  option.addEventListener("mousemove", () => {
    if (state.active !== index) {
      state.active = index;
      updateActive();
    }
  });
  state.options.push({ entry, element: option });
  return option;
}

function renderResults(result, query) {
  results.replaceChildren();
  results.dataset.query = query;
  const noun = result.total === 1 ? "result" : "results";
  resultsCount.textContent = `${result.total.toLocaleString()} ${noun}`;
  for (const item of result.items) {
    const row = document.createElement("li");
    row.className = "result";
    row.append(iconElement(item.icon, "result"));
    const text = document.createElement("span");
    text.className = "label";
    const title = document.createElement("span");
    title.className = "title";
    title.append(highlighted(item.title, item.matches));
    text.append(title);
    if (item.subtitle) {
      const subtitle = document.createElement("span");
      subtitle.className = "subtitle";
      subtitle.textContent = item.subtitle;
      text.append(subtitle);
    }
    row.append(text);
    row.addEventListener("click", () => {
      rpc("recents/add", { text: item.title, id: item.id });
      input.value = item.title;
      refresh();
    });
    results.append(row);
  }
}

function renderChips() {
  chipsBox.replaceChildren();
  state.chips.forEach((chip, index) => {
    const element = document.createElement("span");
    element.className = "chip";
    element.setAttribute("role", "button");
    element.tabIndex = -1;
    element.title = `Remove the ${chip.label} token`;
    element.append(iconElement(chip.icon, "token"));
    element.append(chip.label);
    element.addEventListener("mousedown", (event) => event.preventDefault());
    element.addEventListener("click", () => {
      state.chips.splice(index, 1);
      renderChips();
      refresh();
    });
    chipsBox.append(element);
  });
  input.placeholder = state.chips.length ? "" : "Search";
}

function setOpen(open) {
  popup.hidden = !open;
  input.setAttribute("aria-expanded", String(open));
  if (!open) {
    state.active = -1;
    updateActive();
  }
}

function updateActive() {
  state.options.forEach(({ element }, index) => {
    element.setAttribute("aria-selected", String(index === state.active));
  });
  const current = state.options[state.active];
  if (current) {
    input.setAttribute("aria-activedescendant", current.element.id);
    current.element.scrollIntoView({ block: "nearest" });
  } else {
    input.removeAttribute("aria-activedescendant");
  }
}

function showNotice(text) {
  notice.textContent = text;
  notice.hidden = false;
}

function hideNotice() {
  if (notice.dataset.sticky !== "true") notice.hidden = true;
}

// -- actions

/** Accepting an option: a token becomes a chip; an item or a recent fills the field and becomes a recent. */
function accept(entry) {
  if (entry.kind === "token") {
    state.chips.push({ id: entry.id, label: entry.label, icon: entry.icon });
    renderChips();
    input.value = entry.completion ? `${entry.completion} ` : "";
    refresh();
    return;
  }
  input.value = entry.completion;
  rpc("recents/add", entry.id ? { text: entry.label, id: entry.id } : { text: entry.label });
  state.dismissed = true;
  setOpen(false);
  refresh();
}

async function removeRecent(entry) {
  const params = entry.id ? { text: entry.label, id: entry.id } : { text: entry.label };
  await rpc("recents/remove", params);
  suggest();
}

function move(step) {
  if (popup.hidden) {
    state.dismissed = false;
    suggest();
    return;
  }
  const count = state.options.length;
  if (count === 0) return;
  state.active = state.active < 0 ? (step > 0 ? 0 : count - 1) : (state.active + step + count) % count;
  updateActive();
}

/** Tab: completes the field to the current suggestion (the first one if none is current); a token becomes a chip. */
function complete() {
  if (popup.hidden || state.options.length === 0) return false;
  const current = state.options[state.active] || state.options.find(({ entry }) => entry.kind !== "token");
  if (!current) return false;
  if (current.entry.kind === "token") {
    accept(current.entry);
    return true;
  }
  if (input.value === current.entry.completion) return false; // nothing left to complete: Tab moves on
  input.value = current.entry.completion;
  refresh();
  return true;
}

input.addEventListener("keydown", (event) => {
  switch (event.key) {
    case "ArrowDown":
    case "ArrowUp":
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
      break;
    case "Enter": {
      event.preventDefault();
      const current = !popup.hidden && state.options[state.active];
      if (current) {
        accept(current.entry);
      } else if (input.value.trim() !== "") {
        rpc("recents/add", { text: input.value.trim() }); // a submitted search becomes a recent
        state.dismissed = true;
        setOpen(false);
      }
      break;
    }
    case "Escape":
      event.preventDefault();
      if (!popup.hidden) {
        state.dismissed = true;
        setOpen(false);
      } else if (input.value !== "" || state.chips.length) {
        input.value = "";
        state.chips = [];
        renderChips();
        refresh();
      }
      break;
    case "Tab":
      if (!event.shiftKey && complete()) event.preventDefault();
      break;
    case "Backspace":
      if (input.selectionStart === 0 && input.selectionEnd === 0 && state.chips.length) {
        event.preventDefault();
        state.chips.pop();
        renderChips();
        refresh();
      }
      break;
    case "Delete": {
      const current = !popup.hidden && state.options[state.active];
      if (current && current.entry.kind === "recent") {
        event.preventDefault();
        removeRecent(current.entry);
      }
      break;
    }
  }
});

input.addEventListener("input", () => {
  state.dismissed = false;
  refresh();
});
input.addEventListener("focus", () => {
  state.dismissed = false;
  suggest();
});
input.addEventListener("blur", () => setOpen(false));
$("field").addEventListener("mousedown", (event) => {
  if (event.target !== input) {
    event.preventDefault();
    input.focus();
  }
});
clearButton.addEventListener("click", () => {
  input.value = "";
  state.chips = [];
  renderChips();
  refresh();
});

// -- the daemon's status, from the bridge's event stream

let generation = 0;
const events = new EventSource("events");
events.addEventListener("daemon", (event) => {
  const status = JSON.parse(event.data);
  if (status.state === "exited") {
    notice.dataset.sticky = "true";
    showNotice(`The search daemon exited (status ${status.status}); starting a new one…`);
    return;
  }
  if (status.state !== "ready") return;
  const counts = [`${status.items.toLocaleString()} items`];
  if (status.tokens) counts.push(`${status.tokens.toLocaleString()} tokens`);
  if (status.source) counts.unshift(status.source);
  $("catalog-info").textContent = counts.join(" · ");
  if (status.source) $("title").textContent = "Search";
  if (generation !== 0 && status.generation !== generation) {
    showNotice("The search daemon restarted; searching again.");
    setTimeout(() => {
      notice.dataset.sticky = "false";
      notice.hidden = true;
    }, 4000);
    refresh();
  }
  generation = status.generation;
});

refresh();
