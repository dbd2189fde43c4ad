/// Byte tests of the framing layer: blank input, case-insensitive header names, the resynchronisation search
/// (delimiters are found with JSONKit's ``ByteSearch``).
enum FramingBytes {
  /// Whether `byte` is JSON whitespace: space, tab, `\r` or `\n`.
  @inline(__always)
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Whether `bytes` holds only JSON whitespace (an empty range is blank).
  static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in bytes where !isBlank(byte) { return false }
    return true
  }

  /// Returns the index of the first byte at or after `start` that is not JSON whitespace, or `nil`.
  static func firstNonBlank(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    while index < bytes.count {
      if !isBlank(bytes[index]) { return index }
      index += 1
    }
    return nil
  }

  /// `byte` with ASCII `A`–`Z` mapped to `a`–`z`.
  @inline(__always)
  static func asciiLowercased(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }

  /// Whether `bytes` equals the lowercase ASCII `lowercase`, ignoring ASCII case.
  static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
    guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
    let expected = lowercase.utf8Start
    for index in 0..<bytes.count where asciiLowercased(bytes[index]) != expected[index] {
      return false
    }
    return true
  }

  /// The name that resynchronisation looks for, lowercased.
  static let contentLengthName: StaticString = "content-length:"

  /// Returns the index of the first `Content-Length:` (any ASCII case) that starts at or after `start`, or `nil`.
  ///
  /// Only complete occurrences are found: a caller that needs more input keeps the last
  /// `contentLengthName.utf8CodeUnitCount - 1` bytes so that an occurrence split across reads is found later.
  static func firstContentLengthName(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    contentLengthName.withUTF8Buffer { pattern in
      let last = bytes.count - pattern.count
      var index = start
      while index <= last {
        if asciiLowercased(bytes[index]) == pattern[0] {
          var matched = 1
          while matched < pattern.count && asciiLowercased(bytes[index + matched]) == pattern[matched] {
            matched += 1
          }
          if matched == pattern.count { return index }
        }
        index += 1
      }
      return nil
    }
  }
}
