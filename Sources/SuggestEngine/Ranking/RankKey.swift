/// The total order of hits, packed for fast comparison: band, then score (higher first), then the most recently
/// chosen, then shorter title, then catalog order. Smaller keys rank first.
struct RankKey: Comparable, Hashable, Sendable {
  /// Band (4 bits) | inverted score (32 bits) | recency or ``RankingRules/recencySlots`` + title length (28 bits).
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
  ///   - recency: For a chosen item, its place among the recents (0 = the latest): it ranks before every item of
  ///     the same score that was not chosen, or chosen earlier.
  init(band: MatchBand, score: Int, length: Int, index: Int, recency: Int? = nil) {
    let inverted = UInt64(clamping: max(0, (1 << 31) - score))
    let tieBreak =
      recency.map { min(max(0, $0), RankingRules.recencySlots - 1) }
      ?? RankingRules.recencySlots + min(max(0, length), (1 << 28) - 1 - RankingRules.recencySlots)
    packed = UInt64(band.rawValue) << 60 | min(inverted, 0xFFFF_FFFF) << 28 | UInt64(tieBreak)
    self.index = Int32(truncatingIfNeeded: index)
  }

  /// A key from its packed form (``SharedBar`` hands keys around packed).
  init(packed: UInt64, index: Int32) {
    self.packed = packed
    self.index = index
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
