/// The coarse ranking classes: every hit of a better band ranks above every hit of a worse one, whatever its
/// popularity. Within a band, tiers only set a base score, so a much more popular item can pass a better tier.
enum MatchBand: Int, Comparable, Sendable {
  /// Exact, prefix, word-prefix and acronym matches: the query is (the beginning of) the name as typed.
  case strong = 0
  /// Substring, typo, fuzzy, partial-typo and scattered matches.
  case weak
  /// Matches through subtitle words.
  case subtitle
  /// Matches through keywords.
  case keyword
  /// Unranked listings (empty query, `contains` mode).
  case unranked

  /// Compares bands: better bands are smaller.
  static func < (lhs: MatchBand, rhs: MatchBand) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension MatchTier {
  /// The band of the tier (``RankingRules``).
  @inline(__always) var band: MatchBand { RankingRules.rule(self).band }
}
