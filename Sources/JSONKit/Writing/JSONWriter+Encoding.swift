/// The byte-level encoding of JSON tokens, written at a pointer into space the writer reserved.
///
/// Each `store` function writes one token and returns how many bytes it wrote; callers reserve the maximum first.
extension JSONWriter {
  /// The most bytes a decimal `Int64` takes (`-9223372036854775808`).
  static let maxDecimalCount = 20

  /// Runs `body` on the UTF-8 of `text` without copying it (native and small strings are contiguous).
  @inline(__always)
  static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) {
      return result
    }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }

  /// Whether a byte must be escaped in a JSON string.
  @inline(__always)
  static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// How many bytes escaping adds to `utf8`: 1 per short escape (`\n`), 5 per `\u00XX`.
  @inline(__always)
  static func escapeOverhead(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
    // Most text needs no escape at all: check whole words first, and count byte by byte only if one might.
    guard SmallBytes.anyWord(of: utf8, SWAR.hasByteNeedingEscape) else { return 0 }
    var overhead = 0
    for byte in utf8 where needsEscape(byte) {
      overhead += shortEscape(byte) == nil ? 5 : 1
    }
    return overhead
  }

  /// The letter of a two-byte escape (`n` for a newline), or `nil` when the byte needs `\u00XX`.
  @inline(__always)
  static func shortEscape(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "\""): UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): UInt8(ascii: "\\")
    case 0x08: UInt8(ascii: "b")
    case 0x0C: UInt8(ascii: "f")
    case 0x0A: UInt8(ascii: "n")
    case 0x0D: UInt8(ascii: "r")
    case 0x09: UInt8(ascii: "t")
    default: nil
    }
  }

  /// Stores `utf8` in quotes, escaped; `overhead` is its ``escapeOverhead(_:)``.
  @inline(__always)
  static func storeQuoted(
    _ utf8: UnsafeBufferPointer<UInt8>,
    overhead: Int,
    at out: UnsafeMutablePointer<UInt8>
  ) -> Int {
    out[0] = UInt8(ascii: "\"")
    var written = 1
    if overhead == 0 {
      written += store(utf8, at: out + 1)
    } else {
      written += storeEscaped(utf8, at: out + 1)
    }
    out[written] = UInt8(ascii: "\"")
    return written + 1
  }

  /// Stores `utf8` with escapes.
  static func storeEscaped(_ utf8: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int {
    var written = 0
    for byte in utf8 {
      guard needsEscape(byte) else {
        out[written] = byte
        written += 1
        continue
      }
      out[written] = UInt8(ascii: "\\")
      if let letter = shortEscape(byte) {
        out[written + 1] = letter
        written += 2
      } else {
        out[written + 1] = UInt8(ascii: "u")
        out[written + 2] = UInt8(ascii: "0")
        out[written + 3] = UInt8(ascii: "0")
        out[written + 4] = hexDigit(byte >> 4)
        out[written + 5] = hexDigit(byte & 0xF)
        written += 6
      }
    }
    return written
  }

  @inline(__always)
  static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }

  /// Stores bytes verbatim.
  @inline(__always)
  static func store(_ utf8: UnsafeBufferPointer<UInt8>, at out: UnsafeMutablePointer<UInt8>) -> Int {
    SmallBytes.copy(utf8, to: out)
    return utf8.count
  }

  /// Stores four ASCII bytes packed little-endian in `word`.
  @inline(__always)
  static func store(_ word: UInt32, at out: UnsafeMutablePointer<UInt8>) {
    UnsafeMutableRawPointer(out).storeBytes(of: word.littleEndian, as: UInt32.self)
  }

  /// Stores `null`.
  @inline(__always)
  static func storeNull(at out: UnsafeMutablePointer<UInt8>) -> Int {
    store(0x6C6C_756E, at: out)  // "null"
    return 4
  }

  /// Stores `true` or `false`.
  @inline(__always)
  static func storeBool(_ value: Bool, at out: UnsafeMutablePointer<UInt8>) -> Int {
    if value {
      store(0x6575_7274, at: out)  // "true"
      return 4
    }
    out[0] = UInt8(ascii: "f")
    store(0x6573_6C61, at: out + 1)  // "alse"
    return 5
  }

  /// Stores `value` in decimal.
  @inline(__always)
  static func storeDecimal(_ value: Int64, at out: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = value.magnitude
    let sign = value < 0 ? 1 : 0
    if sign == 1 { out[0] = UInt8(ascii: "-") }
    var digitCount = 1
    var rest = magnitude / 10
    while rest != 0 {
      digitCount += 1
      rest /= 10
    }
    var position = sign + digitCount
    repeat {
      position -= 1
      out[position] = UInt8(truncatingIfNeeded: magnitude % 10) &+ UInt8(ascii: "0")
      magnitude /= 10
    } while magnitude != 0
    return sign + digitCount
  }
}
