/// Byte tests on eight bytes at once ("SIMD within a register"), for scanning strings.
///
/// Each test is exact as an "any byte" test: it is nonzero exactly when some byte of the word qualifies.
enum SWAR {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// Whether some byte of `word` is zero.
  @inline(__always)
  static func hasZeroByte(_ word: UInt64) -> Bool {
    (word &- ones) & ~word & highs != 0
  }

  /// Whether some byte of `word` is below 0x20 (a control character).
  @inline(__always)
  static func hasControlByte(_ word: UInt64) -> Bool {
    (word &- ones &* 0x20) & ~word & highs != 0
  }

  /// Whether some byte of `word` equals `byte`.
  @inline(__always)
  static func hasByte(_ word: UInt64, equalTo byte: UInt8) -> Bool {
    hasZeroByte(word ^ (ones &* UInt64(byte)))
  }

  /// Whether some byte of `word` is a quote, a backslash or a control character: the bytes a JSON string cannot
  /// hold raw.
  @inline(__always)
  static func hasByteNeedingEscape(_ word: UInt64) -> Bool {
    hasControlByte(word) || hasByte(word, equalTo: UInt8(ascii: "\"")) || hasByte(word, equalTo: UInt8(ascii: "\\"))
  }

  /// Whether some byte of `word` has its high bit set (is not ASCII).
  @inline(__always)
  static func hasNonASCIIByte(_ word: UInt64) -> Bool {
    word & highs != 0
  }

  /// The bytes of `word` that are a quote, a backslash or a control character, as a mask with the high bit of each
  /// such byte set; the lowest set bit marks the first one exactly (higher bits may be spurious).
  @inline(__always)
  static func escapeMask(_ word: UInt64) -> UInt64 {
    let control = (word &- ones &* 0x20) & ~word
    let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let quoteZero = (quote &- ones) & ~quote
    let backslashZero = (backslash &- ones) & ~backslash
    return (control | quoteZero | backslashZero) & highs
  }
}
