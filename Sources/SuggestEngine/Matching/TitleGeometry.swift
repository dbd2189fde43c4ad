/// Where a title's separator-delimited words begin, to decide whether a match touches its first or last word.
struct TitleGeometry {
  /// The start of the second word (`Int.max` for a one-word title, `Int.min` for a title without words).
  let second: Int
  /// The start of the last word (`Int.max` for a title without words).
  let last: Int

  /// Whether bytes `range` touch the first word (start before the second word).
  @inline(__always) func touchesFirst(_ range: Range<Int>) -> Bool { range.lowerBound < second }

  /// Whether bytes `range` touch the last word (end after its start).
  @inline(__always) func touchesLast(_ range: Range<Int>) -> Bool { range.upperBound > last }
}
