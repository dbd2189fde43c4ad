#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-level scanning used by the loaders: finding separators, checking UTF-8, recognising blank text.
///
/// All functions take an `UnsafeBufferPointer<UInt8>` over the whole file and offsets into it, so the hot loops
/// neither copy nor slice.
enum ByteScan {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let tab = UInt8(ascii: "\t")

  /// The offset of the first `byte` in `start..<end`, or `end` when there is none (`memchr`, vectorised by libc).
  @inline(__always)
  static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    guard start < end, let base = bytes.baseAddress else { return end }
    guard let found = memchr(base + start, Int32(byte), end - start) else { return end }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
  }

  /// The number of lines in `range` (line feeds, plus one for a last line without one), eight bytes at a time.
  static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    guard !range.isEmpty, let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    var count = 0
    var index = range.lowerBound
    while index + 8 <= range.upperBound {
      // Exact zero-byte test (no borrow between bytes): the high bit of each byte of `zeros` is set iff that byte
      // of `word` is a line feed.
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ newlines
      let zeros = ~(((word & low7) &+ low7) | word | low7)
      count += zeros.nonzeroBitCount
      index += 8
    }
    while index < range.upperBound {
      if base[index] == newline { count += 1 }
      index += 1
    }
    return base[range.upperBound - 1] == newline ? count : count + 1
  }

  /// The end of the line content starting at `start`: the next `\n`, or `end`.
  ///
  /// - Returns: `(contentEnd, next)`: the content ends before an optional `\r` that precedes the `\n`, and the next
  ///   line starts at `next`.
  @inline(__always)
  static func line(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (contentEnd: Int, next: Int) {
    let newlineIndex = firstIndex(of: newline, in: bytes, from: start, to: end)
    var contentEnd = newlineIndex
    if contentEnd > start, bytes[contentEnd - 1] == carriageReturn { contentEnd -= 1 }
    return (contentEnd, newlineIndex < end ? newlineIndex + 1 : end)
  }

  /// The length of a UTF-8 byte order mark at `start`, or 0.
  static func byteOrderMarkLength(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Int {
    guard end - start >= 3, bytes[start] == 0xEF, bytes[start + 1] == 0xBB, bytes[start + 2] == 0xBF else { return 0 }
    return 3
  }

  /// Whether `start..<end` is all ASCII, eight bytes at a time.
  @inline(__always)
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = start
    var bits: UInt64 = 0
    while index + 8 <= end {
      bits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < end {
      bits |= UInt64(base[index])
      index += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
  }

  /// Whether `start..<end` is valid UTF-8 (RFC 3629: no overlong forms, surrogates, values above U+10FFFF or
  /// truncated sequences). ASCII runs are checked eight bytes at a time.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    if isASCII(bytes, start, end) { return true }
    var index = start
    while index < end {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The allowed range of the second byte depends on the lead byte (Unicode Table 3-7).
      let length: Int
      var secondLow: UInt8 = 0x80
      var secondHigh: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        secondLow = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        secondHigh = 0x9F
      case 0xF0:
        length = 4
        secondLow = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        secondHigh = 0x8F
      default: return false
      }
      guard index + length <= end else { return false }
      let second = bytes[index + 1]
      guard second >= secondLow, second <= secondHigh else { return false }
      for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
        return false
      }
      index += length
    }
    return true
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
