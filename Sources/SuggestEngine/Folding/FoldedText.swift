/// Text folded for matching, with the map back to the original for exact highlight ranges.
///
/// Made by ``TextFolder/fold(_:)``; see ``TextFolder`` for what folds and how flags are set.
public struct FoldedText: Sendable, Hashable {
  /// The folded UTF-8 bytes.
  public var bytes: [UInt8]
  /// One ``FoldFlags`` raw value per folded byte.
  public var flags: [UInt8]
  /// For each folded byte, the UTF-8 offset in the original text of the character it came from; one more entry
  /// at the end holds the original's UTF-8 length. A folded range `a..<b` maps to the original range
  /// `sourceUTF8Offsets[a]..<sourceUTF8Offsets[b]` (always on character boundaries).
  ///
  /// A character here is an extended grapheme cluster, as Swift's `Character` sees it: every folded byte of "ß"
  /// ("ss"), of "e\u{301}" ("e") or of a ZWJ emoji sequence holds the offset where that character starts. Offsets
  /// never decrease.
  public var sourceUTF8Offsets: [Int32]

  /// Creates folded text from its parts.
  public init(bytes: [UInt8], flags: [UInt8], sourceUTF8Offsets: [Int32]) {
    self.bytes = bytes
    self.flags = flags
    self.sourceUTF8Offsets = sourceUTF8Offsets
  }
}

extension FoldedText {
  /// The original UTF-8 range covering every character that any folded byte in `folded` came from.
  ///
  /// A match on part of a character's folded bytes covers the whole character: the first "s" of "ss" in
  /// "straße" maps to "ß", a match on "e" in "e\u{301}" covers both scalars. An empty range maps to the empty
  /// range at the start of the character it points into. Bounds past the end are clamped.
  ///
  /// - Parameter folded: A range of folded byte offsets.
  /// - Returns: A range of original UTF-8 offsets on character boundaries.
  /// - Complexity: O(*k*) where *k* is the number of folded bytes of the last character in the range.
  public func originalUTF8Range(_ folded: Range<Int>) -> Range<Int> {
    let count = bytes.count
    let lower = min(max(folded.lowerBound, 0), count)
    let upper = min(max(folded.upperBound, lower), count)
    guard lower < upper else {
      let at = Int(sourceUTF8Offsets[lower])
      return at..<at
    }
    let start = Int(sourceUTF8Offsets[lower])
    // The end is the start of the first original character not covered: skip folded bytes of the same character.
    var endIndex = upper
    let lastSource = sourceUTF8Offsets[upper - 1]
    while endIndex < count && sourceUTF8Offsets[endIndex] == lastSource { endIndex += 1 }
    return start..<Int(sourceUTF8Offsets[endIndex])
  }

  /// The original UTF-8 ranges of several folded ranges (the matched parts of a result), sorted and merged where
  /// they overlap or touch, ready for ``PositionEncoding/convert(utf8Ranges:in:)``.
  ///
  /// - Parameter folded: Ranges of folded byte offsets, in any order.
  /// - Returns: Disjoint, non-adjacent, non-empty original UTF-8 ranges in ascending order.
  /// - Complexity: O(*r* log *r*) for *r* ranges.
  public func originalUTF8Ranges(_ folded: [Range<Int>]) -> [Range<Int>] {
    HighlightRanges.merged(folded.map(originalUTF8Range))
  }
}
