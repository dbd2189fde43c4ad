/// A hit being ranked: its key, its tier and where its item lives.
struct RankedCandidate: Comparable, Sendable {
  /// The rank key.
  let key: RankKey
  /// The tier.
  let tier: MatchTier
  /// The slot in its segment.
  let slot: Int32
  /// The segment ordinal.
  let segment: UInt8

  /// Orders candidates by key.
  static func < (lhs: RankedCandidate, rhs: RankedCandidate) -> Bool { lhs.key < rhs.key }
  /// Candidates are equal when their keys are.
  static func == (lhs: RankedCandidate, rhs: RankedCandidate) -> Bool { lhs.key == rhs.key }
}
