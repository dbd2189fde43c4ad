/// One searchable thing: a product, a package, a document (contract §4).
public struct CatalogItem: Sendable, Hashable {
  /// Stable identity within its catalog; adding an item with an existing id replaces it.
  public var id: String
  /// What the user sees and what matching looks at first.
  public var title: String
  /// The text a chosen suggestion puts into the search field (SwiftUI's `searchCompletion`); `nil` means `title`.
  public var completion: String?
  /// A secondary line; matched below the title.
  public var subtitle: String?
  /// Extra words that find the item; matched below the subtitle.
  public var keywords: [String]
  /// Ids of the tokens (categories, scopes) the item belongs to.
  public var tokens: [String]
  /// An opaque icon name for the front end (e.g. an SF Symbol name).
  public var icon: String?
  /// Popularity: higher wins among otherwise equal matches.
  public var weight: Double

  /// Creates an item.
  public init(
    id: String,
    title: String,
    completion: String? = nil,
    subtitle: String? = nil,
    keywords: [String] = [],
    tokens: [String] = [],
    icon: String? = nil,
    weight: Double = 0
  ) {
    self.id = id
    self.title = title
    self.completion = completion
    self.subtitle = subtitle
    self.keywords = keywords
    self.tokens = tokens
    self.icon = icon
    self.weight = weight
  }
}
