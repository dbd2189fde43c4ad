/// Skipping values without building them, for ``JSONShallowReader``.
///
/// Only the extent of a value is found: a string ends at its closing quote, an array or object where its brackets
/// balance, a number or literal at the next delimiter. What is inside is checked when the value is parsed.
extension JSONScanner {
  /// The byte at ``index``, or `nil` at the end.
  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// An error at ``index``: the unexpected byte there, or the end of input.
  var errorHere: JSONParseError {
    error(current.map(JSONParseError.Kind.unexpectedByte) ?? .unexpectedEnd)
  }

  /// Moves past the value starting at ``index`` and returns its range.
  ///
  /// - Throws: ``JSONParseError`` when no value can start here or the input ends inside one.
  mutating func skipValue() throws(JSONParseError) -> Range<Int> {
    let start = index
    guard let first = current else { throw errorHere }
    switch first {
    case UInt8(ascii: "\""):
      index += 1
      try skipString()
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      var depth = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          index += 1
          try skipString()
          continue
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          depth -= 1
          if depth == 0 {
            index += 1
            return start..<index
          }
        default:
          break
        }
        index += 1
      }
      throw error(.unexpectedEnd)
    default:
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0D, 0x0A:
          guard index > start else { throw errorHere }
          return start..<index
        default:
          index += 1
        }
      }
    }
    return start..<index
  }

  /// Moves past the rest of a string; ``index`` is just past its opening quote.
  ///
  /// Runs without a quote or backslash are skipped eight bytes at a time.
  private mutating func skipString() throws(JSONParseError) {
    let count = bytes.count
    while true {
      while index + 8 <= count {
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let special = SWAR.escapeMask(word)
        if special != 0 {
          index += special.trailingZeroBitCount >> 3
          break
        }
        index += 8
      }
      guard index < count else { break }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"):
        index += 2
      default:
        index += 1
      }
    }
    index = count
    throw error(.unexpectedEnd)
  }
}
