/// Folds text for matching: case, diacritics and width are removed, separators are unified.
///
/// PLACEHOLDER: the API is final, the implementation is a simple ASCII one until the folding work lands.
public enum TextFolder {
  /// The byte every separator (`-`, `_`, `.`, whitespace) folds to.
  public static let separator: UInt8 = 0x20

  /// Appends the folded UTF-8 of `text` to `bytes`, and one flag byte per folded byte to `flags`.
  ///
  /// This is the load-time fast path: no per-call allocation when `text` is ASCII.
  ///
  /// - Parameters:
  ///   - text: The original text.
  ///   - bytes: Receives the folded UTF-8.
  ///   - flags: Receives one ``FoldFlags`` raw value per appended byte.
  public static func append(folding text: String, to bytes: inout [UInt8], flags: inout [UInt8]) {
    var previous: UInt8 = 0x20
    for byte in text.utf8 {
      var folded = byte
      var flag = FoldFlags()
      if byte >= 0x41 && byte <= 0x5A {
        folded = byte | 0x20
        if !(previous >= 0x41 && previous <= 0x5A) { flag.insert(.wordStart) }
      } else if byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x20 || byte == 0x09 {
        folded = separator
        flag.insert(.separator)
      }
      if isSeparatorLike(previous) && !flag.contains(.separator) { flag.insert(.wordStart) }
      bytes.append(folded)
      flags.append(flag.rawValue)
      previous = byte
    }
  }

  /// Folds `text` and returns the folded bytes with their flags and the map back to the original.
  ///
  /// - Parameter text: The original text.
  /// - Returns: The folded text with a map from folded bytes to original UTF-8 offsets.
  public static func fold(_ text: String) -> FoldedText {
    var bytes: [UInt8] = []
    var flags: [UInt8] = []
    append(folding: text, to: &bytes, flags: &flags)
    var offsets = (0..<bytes.count).map { Int32($0) }
    offsets.append(Int32(text.utf8.count))
    return FoldedText(bytes: bytes, flags: flags, sourceUTF8Offsets: offsets)
  }

  private static func isSeparatorLike(_ byte: UInt8) -> Bool {
    byte == 0x2D || byte == 0x5F || byte == 0x2E || byte == 0x20 || byte == 0x09
  }
}
