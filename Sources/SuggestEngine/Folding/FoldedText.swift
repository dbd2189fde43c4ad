/// Text folded for matching, with the map back to the original for exact highlight ranges.
public struct FoldedText: Sendable, Hashable {
  /// The folded UTF-8 bytes.
  public var bytes: [UInt8]
  /// One ``FoldFlags`` raw value per folded byte.
  public var flags: [UInt8]
  /// For each folded byte, the UTF-8 offset in the original text of the character it came from; one more entry
  /// at the end holds the original's UTF-8 length. A folded range `a..<b` maps to the original range
  /// `sourceUTF8Offsets[a]..<sourceUTF8Offsets[b]` (always on character boundaries).
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
  /// - Parameter folded: A range of folded byte offsets.
  /// - Returns: A range of original UTF-8 offsets on character boundaries.
  public func originalUTF8Range(_ folded: Range<Int>) -> Range<Int> {
    guard !folded.isEmpty else {
      let at = Int(sourceUTF8Offsets[min(folded.lowerBound, sourceUTF8Offsets.count - 1)])
      return at..<at
    }
    let start = Int(sourceUTF8Offsets[folded.lowerBound])
    // The end is the start of the first original character not covered: skip folded bytes of the same source.
    var endIndex = folded.upperBound
    let lastSource = sourceUTF8Offsets[folded.upperBound - 1]
    while endIndex < bytes.count && sourceUTF8Offsets[endIndex] == lastSource { endIndex += 1 }
    return start..<Int(sourceUTF8Offsets[endIndex])
  }
}
