import JSONKit

/// Byte-level scanning used by the loaders: splitting lines, recognising blank text (searching and UTF-8
/// validation are JSONKit's ``ByteSearch`` and ``UTF8Validator``).
///
/// All functions take an `UnsafeBufferPointer<UInt8>` over the whole file and offsets into it, so the hot loops
/// neither copy nor slice.
enum ByteScan {
  /// The offset of the first `byte` in `start..<end`, or `end` when there is none.
  @inline(__always)
  static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    ByteSearch.firstIndex(of: byte, in: bytes, from: start, to: end) ?? end
  }

  /// The number of lines in `range` (line feeds, plus one for a last line without one).
  static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    guard !range.isEmpty else { return 0 }
    let lineFeeds = ByteSearch.lineFeedCount(in: bytes, range)
    return bytes[range.upperBound - 1] == ByteSearch.lineFeed ? lineFeeds : lineFeeds + 1
  }

  /// The end of the line content starting at `start`: the next `\n`, or `end`.
  ///
  /// - Returns: `(contentEnd, next)`: the content ends before an optional `\r` that precedes the `\n`, and the next
  ///   line starts at `next`.
  @inline(__always)
  static func line(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (contentEnd: Int, next: Int) {
    let newlineIndex = firstIndex(of: ByteSearch.lineFeed, in: bytes, from: start, to: end)
    var contentEnd = newlineIndex
    if contentEnd > start, bytes[contentEnd - 1] == ByteSearch.carriageReturn { contentEnd -= 1 }
    return (contentEnd, newlineIndex < end ? newlineIndex + 1 : end)
  }

  /// Calls `body` with each line of `range`: its number (from 1) and its content (without a `\n` or `\r\n`).
  ///
  /// - Returns: The number of lines.
  @discardableResult
  @inline(__always)
  static func forEachLine(
    in bytes: UnsafeBufferPointer<UInt8>,
    _ range: Range<Int>,
    _ body: (_ line: Int, _ content: Range<Int>) -> Void
  ) -> Int {
    var line = 0
    var start = range.lowerBound
    while start < range.upperBound {
      line += 1
      let (contentEnd, next) = self.line(in: bytes, from: start, to: range.upperBound)
      body(line, start..<contentEnd)
      start = next
    }
    return line
  }

  /// The length of a UTF-8 byte order mark at `start`, or 0.
  static func byteOrderMarkLength(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Int {
    guard end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF else { return 0 }
    return 3
  }

  /// Whether `start..<end` of valid UTF-8 is empty or only white space (Unicode `White_Space`).
  ///
  /// Returns at the first byte that is ASCII and not white space, so ordinary text costs one comparison.
  @inline(__always)
  static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var index = start
    while index < end {
      let byte = bytes[index]
      if byte >= 0x80 {
        return TextChecks.isBlank(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self))
      }
      guard isASCIIWhitespace(byte) else { return false }
      index += 1
    }
    return true
  }

  /// Space, tab, line feed, vertical tab, form feed, carriage return.
  @inline(__always)
  static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
  }
}
