import JSONKit

/// Finds where JSON values start and end without building them, counting lines on the way.
///
/// This lets a large `.json` catalog be parsed item by item (in parallel, each item with its line number) instead
/// of as one tree. The scanner checks only the structure between values (commas, colons, brackets); what is inside
/// a value is checked when that value is parsed with ``JSONParser``. A document passes both steps exactly when it is
/// valid JSON, and an error is reported at the offset where one of the two steps meets it.
struct JSONShallowScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The offset of the next byte to read.
  private(set) var offset: Int
  /// The 1-based line of ``offset``.
  private(set) var line = 1

  /// Creates a scanner reading `bytes` from `offset`.
  init(bytes: UnsafeBufferPointer<UInt8>, offset: Int = 0) {
    self.bytes = bytes
    self.offset = offset
  }

  /// The byte at ``offset``, or `nil` at the end.
  var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// An error at ``offset``: an unexpected byte, or the end of input.
  var errorHere: JSONParseError {
    JSONParseError(kind: current.map(JSONParseError.Kind.unexpectedByte) ?? .unexpectedEnd, offset: offset)
  }

  /// Moves past the current byte.
  mutating func advance() {
    offset += 1
  }

  /// Skips JSON white space (space, tab, carriage return, line feed), counting lines.
  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x0A: line += 1
      case 0x20, 0x09, 0x0D: break
      default: return
      }
      offset += 1
    }
  }

  /// Moves past `byte`, or throws if the current byte is another one.
  mutating func expect(_ byte: UInt8) throws(JSONParseError) {
    guard current == byte else { throw errorHere }
    offset += 1
  }

  /// Moves past the value starting at ``offset`` and returns its range.
  ///
  /// Strings end at their closing quote, arrays and objects where their brackets balance, other values (numbers,
  /// literals) at the next delimiter or white space.
  ///
  /// - Throws: ``JSONParseError`` when no value can start here or the input ends inside one.
  mutating func skipValue() throws(JSONParseError) -> Range<Int> {
    let start = offset
    guard let first = current else { throw errorHere }
    switch first {
    case UInt8(ascii: "\""):
      try skipString()
    case UInt8(ascii: "["), UInt8(ascii: "{"):
      var depth = 0
      while offset < bytes.count {
        switch bytes[offset] {
        case UInt8(ascii: "\""):
          try skipString()
          continue
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
          depth -= 1
          if depth == 0 {
            offset += 1
            return start..<offset
          }
        case 0x0A:
          line += 1
        default:
          break
        }
        offset += 1
      }
      throw JSONParseError(kind: .unexpectedEnd, offset: offset)
    default:
      while offset < bytes.count {
        switch bytes[offset] {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0D, 0x0A:
          guard offset > start else { throw errorHere }
          return start..<offset
        default:
          offset += 1
        }
      }
    }
    return start..<offset
  }

  /// Moves past the string whose opening quote is at ``offset``.
  private mutating func skipString() throws(JSONParseError) {
    offset += 1
    while offset < bytes.count {
      switch bytes[offset] {
      case UInt8(ascii: "\""):
        offset += 1
        return
      case UInt8(ascii: "\\"):
        offset += 2
      default:
        offset += 1
      }
    }
    offset = bytes.count
    throw JSONParseError(kind: .unexpectedEnd, offset: offset)
  }

  /// Splits the array whose `[` is at ``offset`` into its elements and moves past its `]`.
  ///
  /// - Throws: ``JSONParseError`` when the array's structure is broken (a missing comma, a trailing comma, the
  ///   end of input).
  mutating func splitArray() throws(JSONParseError) -> JSONElements {
    try expect(UInt8(ascii: "["))
    var elements = JSONElements()
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      offset += 1
      return elements
    }
    while true {
      let startLine = line
      elements.ranges.append(try skipValue())
      elements.lines.append(Int32(truncatingIfNeeded: startLine))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ",")?:
        offset += 1
        skipWhitespace()
      case UInt8(ascii: "]")?:
        offset += 1
        return elements
      default:
        throw errorHere
      }
    }
  }
}
