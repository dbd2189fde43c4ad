/// The total order of hits, packed for fast comparison: tier, then score (higher first), then shorter title, then
/// catalog order. Smaller keys rank first.
struct RankKey: Comparable, Hashable, Sendable {
  /// Tier (4 bits) | inverted score (32 bits) | title length (28 bits).
  let packed: UInt64
  /// The item index: the final tie-break.
  let index: Int32

  /// Packs a key.
  ///
  /// - Parameters:
  ///   - tier: The match tier.
  ///   - score: Quality + prior + boost; higher ranks first.
  ///   - length: The folded title length; shorter ranks first.
  ///   - index: The item index; smaller ranks first.
  init(tier: MatchTier, score: Int, length: Int, index: Int) {
    let inverted = UInt64(clamping: max(0, (1 << 31) - score))
    packed =
      UInt64(tier.rawValue) << 60 | min(inverted, 0xFFFF_FFFF) << 28 | UInt64(min(length, (1 << 28) - 1))
    self.index = Int32(truncatingIfNeeded: index)
  }

  /// The tier.
  var tier: MatchTier { MatchTier(rawValue: Int(packed >> 60)) ?? .unranked }

  /// The score.
  var score: Int { (1 << 31) - Int(packed >> 28 & 0xFFFF_FFFF) }

  /// Orders keys, better first.
  static func < (lhs: RankKey, rhs: RankKey) -> Bool {
    lhs.packed != rhs.packed ? lhs.packed < rhs.packed : lhs.index < rhs.index
  }
}
