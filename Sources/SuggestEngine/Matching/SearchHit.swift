/// One ranked item of a search result.
public struct SearchHit: Sendable, Hashable {
  /// The item's index in the searched snapshot (see ``Catalog/item(at:)``).
  public var index: Int
  /// The tier it matched in.
  public var tier: MatchTier
  /// Orders the hits of one result: a hit never scores higher than one ranked before it. It is the score within the
  /// hit's band (tier base + match quality + popularity prior + boost, see ``MatchTier``) plus 1,000,000 for each
  /// band below it (strong, weak, subtitle, keyword); an exact match lifted into third place reports the score of
  /// the hit it passed.
  public var score: Int
  /// The field that matched.
  public var field: MatchField
  /// The matched parts of the title, as half-open ranges of UTF-8 offsets into the original title, increasing and
  /// disjoint.
  public var titleHighlights: [Range<Int>]

  /// Creates a hit.
  public init(index: Int, tier: MatchTier, score: Int, field: MatchField, titleHighlights: [Range<Int>]) {
    self.index = index
    self.tier = tier
    self.score = score
    self.field = field
    self.titleHighlights = titleHighlights
  }
}
