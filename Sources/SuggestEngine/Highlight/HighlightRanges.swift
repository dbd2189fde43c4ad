/// Tidies highlight ranges: the matched parts of a result, before they go on the wire.
public enum HighlightRanges {
  /// Sorts ranges and merges those that overlap or touch, dropping empty ones.
  ///
  /// Matching several query words, or several folded bytes of one character ("ss" of "ß"), gives ranges that
  /// overlap or sit side by side; a front end wants one span per highlighted run: `[0..<2, 2..<4, 7..<9, 8..<10]`
  /// becomes `[0..<4, 7..<10]`. Works for folded and original ranges alike.
  ///
  /// - Parameter ranges: Ranges in any order.
  /// - Returns: Disjoint, non-adjacent, non-empty ranges in ascending order.
  /// - Complexity: O(*r* log *r*) for *r* ranges; O(*r*) when they are already sorted.
  public static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var sorted = ranges.filter { !$0.isEmpty }
    if !sorted.isEmpty && !zip(sorted, sorted.dropFirst()).allSatisfy({ $0.lowerBound <= $1.lowerBound }) {
      sorted.sort { $0.lowerBound < $1.lowerBound }
    }
    var merged: [Range<Int>] = []
    merged.reserveCapacity(sorted.count)
    for range in sorted {
      if let last = merged.last, range.lowerBound <= last.upperBound {
        merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
