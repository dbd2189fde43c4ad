/// A category or scope the user can put into the search field (SwiftUI search tokens), e.g. Movies / Music.
public struct CatalogToken: Sendable, Hashable {
  /// Stable identity; items refer to tokens by this id.
  public var id: String
  /// What the user sees.
  public var label: String
  /// An opaque icon name for the front end.
  public var icon: String?
  /// Extra words that find the token.
  public var keywords: [String]

  /// Creates a token.
  public init(id: String, label: String, icon: String? = nil, keywords: [String] = []) {
    self.id = id
    self.label = label
    self.icon = icon
    self.keywords = keywords
  }
}
