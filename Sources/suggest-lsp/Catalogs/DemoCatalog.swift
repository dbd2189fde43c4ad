import SuggestEngine

/// The built-in demo catalog: the 34 Apple products of the seed tutorial, sorted, each in a category token with
/// an SF Symbol name as its icon. Served when no `--catalog` is given.
enum DemoCatalog {
  /// The categories, in the order a picker shows them.
  static let tokens: [CatalogToken] = [
    CatalogToken(id: "mac", label: "Mac", icon: "desktopcomputer", keywords: ["computer", "desktop", "laptop"]),
    CatalogToken(id: "iphone", label: "iPhone", icon: "iphone", keywords: ["phone", "mobile"]),
    CatalogToken(id: "ipad", label: "iPad", icon: "ipad", keywords: ["tablet"]),
    CatalogToken(id: "audio", label: "Audio", icon: "headphones", keywords: ["music", "sound", "headphones"]),
    CatalogToken(id: "watch", label: "Watch", icon: "applewatch", keywords: ["wearable"]),
    CatalogToken(id: "tv-home", label: "TV & Home", icon: "appletv", keywords: ["television", "speaker", "home"]),
    CatalogToken(
      id: "accessories",
      label: "Accessories",
      icon: "keyboard",
      keywords: ["input", "peripheral", "display"]
    ),
    CatalogToken(id: "vision", label: "Vision", icon: "visionpro", keywords: ["headset", "spatial", "ar", "vr"]),
  ]

  /// The products as the seed lists them, with their category and icon.
  private static let products: [(title: String, token: String, icon: String)] = [
    ("AirPods", "audio", "airpods"),
    ("AirPods Max", "audio", "airpodsmax"),
    ("AirPods Pro", "audio", "airpodspro"),
    ("Apple Pencil", "accessories", "applepencil"),
    ("Apple TV", "tv-home", "appletv"),
    ("Apple Watch", "watch", "applewatch"),
    ("HomePod", "tv-home", "homepod"),
    ("HomePod mini", "tv-home", "homepodmini"),
    ("iMac", "mac", "desktopcomputer"),
    ("iMac Pro", "mac", "desktopcomputer"),
    ("iPad", "ipad", "ipad"),
    ("iPad Air", "ipad", "ipad"),
    ("iPad mini", "ipad", "ipad"),
    ("iPad Pro", "ipad", "ipad"),
    ("iPhone", "iphone", "iphone"),
    ("iPhone Pro", "iphone", "iphone"),
    ("iPhone Pro Max", "iphone", "iphone"),
    ("iPod", "audio", "ipod"),
    ("iPod classic", "audio", "ipod"),
    ("iPod mini", "audio", "ipod"),
    ("iPod nano", "audio", "ipod"),
    ("iPod shuffle", "audio", "ipodshuffle.gen4"),
    ("iPod touch", "audio", "ipodtouch"),
    ("Mac mini", "mac", "macmini"),
    ("Mac Pro", "mac", "macpro.gen3"),
    ("MacBook", "mac", "laptopcomputer"),
    ("MacBook Air", "mac", "laptopcomputer"),
    ("MacBook Pro", "mac", "laptopcomputer"),
    ("Macintosh", "mac", "desktopcomputer"),
    ("Magic Keyboard", "accessories", "keyboard"),
    ("Magic Mouse", "accessories", "magicmouse"),
    ("Magic Trackpad", "accessories", "rectangle.and.hand.point.up.left"),
    ("Studio Display", "accessories", "display"),
    ("Vision Pro", "vision", "visionpro"),
  ]

  /// The items, sorted the way the seed sorts them (`sorted { $0 < $1 }`: by Unicode scalar values).
  static let items: [CatalogItem] =
    products
    .sorted { $0.title < $1.title }
    .map { product in
      CatalogItem(
        id: product.title.lowercased().split(separator: " ").joined(separator: "-"),
        title: product.title,
        tokens: [product.token],
        icon: product.icon
      )
    }
}
