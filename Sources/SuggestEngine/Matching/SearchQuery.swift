/// What to search for: the text, the mode, the restrictions and the page (contract §5, `search/filter`).
public struct SearchQuery: Sendable, Hashable {
  /// The query as typed.
  public var text: String
  /// How items match.
  public var mode: MatchMode
  /// Token ids an item must all carry.
  public var tokens: [String]
  /// One more token id an item must carry (SwiftUI's search scope).
  public var scope: String?
  /// The number of hits to return.
  public var limit: Int
  /// The number of best hits to skip.
  public var offset: Int
  /// Per-item bonuses by item id (recents, frequency), added to the score within the item's tier; negative values
  /// count as 0. Boosted items are scored directly, never by rescanning the catalog.
  public var boosts: [String: Int]
  /// Ids of the items the user chose, the best first (``FrecencyTable/chosenIDs``): one that matches in the
  /// strong band ranks first, in this order, and among hits of equal score a chosen one ranks first.
  public var recents: [String]

  /// Creates a query.
  public init(
    text: String,
    mode: MatchMode = .smart,
    tokens: [String] = [],
    scope: String? = nil,
    limit: Int = 50,
    offset: Int = 0,
    boosts: [String: Int] = [:],
    recents: [String] = []
  ) {
    self.text = text
    self.mode = mode
    self.tokens = tokens
    self.scope = scope
    self.limit = limit
    self.offset = offset
    self.boosts = boosts
    self.recents = recents
  }
}
