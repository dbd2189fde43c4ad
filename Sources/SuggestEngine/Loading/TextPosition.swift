import JSONKit

/// A 1-based line and column in a text, for error messages.
struct TextPosition: Sendable, Hashable {
  /// The 1-based line.
  var line: Int
  /// The 1-based column, counted in Unicode scalars (so a column is the same in any editor that counts characters
  /// without grapheme clustering).
  var column: Int

  /// The position of byte `offset` in `bytes`.
  ///
  /// - Complexity: O(`offset`): only computed for errors.
  init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end where bytes[index] == ByteSearch.lineFeed {
      line += 1
      lineStart = index + 1
    }
    var column = 1
    for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 { column += 1 }
    self.line = line
    self.column = column
  }
}
