/// The total order of hits, packed for fast comparison: band, then score (higher first), then shorter title, then
/// catalog order. Smaller keys rank first.
struct RankKey: Comparable, Hashable, Sendable {
  /// Band (4 bits) | inverted score (32 bits) | title length (28 bits).
  let packed: UInt64
  /// The item index: the final tie-break.
  let index: Int32

  /// Packs a key.
  ///
  /// - Parameters:
  ///   - band: The match band.
  ///   - score: Base + quality + prior + boost; higher ranks first.
  ///   - length: The folded title length; shorter ranks first.
  ///   - index: The item index; smaller ranks first.
  init(band: MatchBand, score: Int, length: Int, index: Int) {
    let inverted = UInt64(clamping: max(0, (1 << 31) - score))
    packed =
      UInt64(band.rawValue) << 60 | min(inverted, 0xFFFF_FFFF) << 28 | UInt64(min(length, (1 << 28) - 1))
    self.index = Int32(truncatingIfNeeded: index)
  }

  /// The band.
  var band: MatchBand { MatchBand(rawValue: Int(packed >> 60)) ?? .unranked }

  /// The score.
  var score: Int { (1 << 31) - Int(packed >> 28 & 0xFFFF_FFFF) }

  /// Orders keys, better first.
  static func < (lhs: RankKey, rhs: RankKey) -> Bool {
    lhs.packed != rhs.packed ? lhs.packed < rhs.packed : lhs.index < rhs.index
  }
}
