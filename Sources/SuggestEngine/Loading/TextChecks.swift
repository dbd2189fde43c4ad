/// Checks on decoded text shared by the loaders.
enum TextChecks {
  /// Whether `text` is empty or only white space (Unicode `White_Space`: spaces, tabs, line breaks, no-break and
  /// ideographic spaces...).
  ///
  /// - Parameter text: The text.
  /// - Returns: `true` for `""`, `"  "`, `"\u{3000}"`; `false` as soon as one scalar is not white space.
  static func isBlank(_ text: String) -> Bool {
    // Fast path: text starting with an ASCII letter or digit (nearly every title) needs no property lookup.
    if let first = text.utf8.first, first < 0x80, !ByteScan.isASCIIWhitespace(first) { return false }
    return text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }
}
