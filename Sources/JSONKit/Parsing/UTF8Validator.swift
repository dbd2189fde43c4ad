/// Finds the first invalid UTF-8 sequence in a byte range (RFC 3629: no overlong forms, no surrogates, nothing
/// above U+10FFFF, no truncated sequences).
///
/// The parser calls it on strings that are not all ASCII, to reject (and locate) invalid sequences; the catalog
/// loaders call ``isValid(_:_:)`` on each line of a text file.
public enum UTF8Validator {
  /// Returns whether `range` of `bytes` is valid UTF-8; ASCII text is checked eight bytes at a time.
  ///
  /// - Parameters:
  ///   - bytes: The text.
  ///   - range: The offsets to check.
  /// - Returns: `true` when `range` holds only complete, valid sequences.
  public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    ByteSearch.isASCII(bytes, range) || firstInvalidOffset(in: UnsafeRawBufferPointer(bytes), range: range) == nil
  }

  /// Returns the offset of the first byte of the first invalid sequence in `range`, or `nil` if it is all valid.
  ///
  /// - Parameters:
  ///   - bytes: The text.
  ///   - range: The offsets to check.
  /// - Returns: The offset of the first invalid sequence's lead byte.
  public static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer, range: Range<Int>) -> Int? {
    var index = range.lowerBound
    let end = range.upperBound
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
      default: return index
      }
      guard index + length <= end else { return index }
      let second = bytes[index + 1]
      guard second >= secondLow, second <= secondHigh else { return index }
      for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
        return index
      }
      index += length
    }
    return nil
  }
}
