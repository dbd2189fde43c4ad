/// The unit in which highlight ranges are counted on the wire, as negotiated at `initialize` (LSP's
/// `positionEncoding`): UTF-8 bytes, UTF-16 code units (the LSP default; JavaScript and Swift's `NSString`) or
/// Unicode scalars (UTF-32).
public enum PositionEncoding: String, Sendable, CaseIterable {
  /// UTF-8 code units (bytes).
  case utf8 = "utf-8"
  /// UTF-16 code units: a scalar above U+FFFF (most emoji) counts 2.
  case utf16 = "utf-16"
  /// Unicode scalars.
  case utf32 = "utf-32"

  /// Converts ranges of UTF-8 offsets in `text` into ranges counted in this encoding's units, in one pass over the
  /// text.
  ///
  /// The ranges may come in any order and may overlap; each is converted on its own and the result keeps their
  /// order. An offset inside a multi-byte scalar counts as that scalar's end; an offset past the end counts as
  /// the end; a negative one as 0.
  ///
  /// - Parameters:
  ///   - utf8Ranges: Ranges of UTF-8 offsets into `text`, such as ``FoldedText/originalUTF8Ranges(_:)`` gives.
  ///   - text: The original text the ranges point into.
  /// - Returns: One range per input range, in this encoding's units.
  /// - Complexity: O(*n* + *r* log *r*) for a text of *n* UTF-8 bytes and *r* ranges; O(*r*) for UTF-8.
  public func convert(utf8Ranges: [Range<Int>], in text: String) -> [Range<Int>] {
    let length = text.utf8.count
    if self == .utf8 {
      return utf8Ranges.map { range in
        let lower = min(max(range.lowerBound, 0), length)
        return lower..<min(max(range.upperBound, lower), length)
      }
    }
    // Every bound, sorted by offset, converted while walking the text once.
    var bounds: [(offset: Int, slot: Int)] = []
    bounds.reserveCapacity(utf8Ranges.count * 2)
    for (index, range) in utf8Ranges.enumerated() {
      bounds.append((min(max(range.lowerBound, 0), length), 2 * index))
      bounds.append((min(max(range.upperBound, range.lowerBound, 0), length), 2 * index + 1))
    }
    bounds.sort { $0.offset < $1.offset }
    var converted = [Int](repeating: 0, count: bounds.count)
    var units = 0
    var next = 0
    var offset = 0
    for byte in text.utf8 {
      // Bounds are converted at scalar starts; continuation bytes add no units.
      if byte & 0xC0 != 0x80 {
        while next < bounds.count && bounds[next].offset <= offset {
          converted[bounds[next].slot] = units
          next += 1
        }
        if next == bounds.count { break }
        units += self == .utf16 && byte >= 0xF0 ? 2 : 1
      }
      offset += 1
    }
    while next < bounds.count {
      converted[bounds[next].slot] = units
      next += 1
    }
    return utf8Ranges.indices.map { converted[2 * $0]..<converted[2 * $0 + 1] }
  }
}
