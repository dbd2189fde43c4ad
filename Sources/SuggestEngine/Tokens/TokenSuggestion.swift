/// A token offered to the user (SwiftUI `suggestedTokens`), with the number of items it would leave.
public struct TokenSuggestion: Sendable, Hashable {
  /// The token.
  public var token: CatalogToken
  /// How many items carry the already selected tokens and this one.
  public var count: Int

  /// Creates a suggestion.
  public init(token: CatalogToken, count: Int) {
    self.token = token
    self.count = count
  }
}
