/// Where ``FoldWriter`` puts the original UTF-8 offset of each folded byte.
///
/// ``TextFolder/fold(_:)`` records them in an `[Int32]`; ``TextFolder/append(folding:to:flags:)`` (load time) has
/// no use for them and passes ``IgnoredFoldOffsets``, which the optimiser removes entirely.
protocol FoldOffsets {
  /// Records the offset of the next folded byte.
  mutating func append(_ offset: Int32)
  /// Forgets the offsets of the last `count` folded bytes.
  mutating func removeLast(_ count: Int)
}

extension [Int32]: FoldOffsets {}

/// Offsets that are not recorded.
struct IgnoredFoldOffsets: FoldOffsets {
  @inline(__always) mutating func append(_ offset: Int32) {}
  @inline(__always) mutating func removeLast(_ count: Int) {}
}
