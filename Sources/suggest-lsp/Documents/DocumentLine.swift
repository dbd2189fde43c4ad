import SuggestEngine

/// One line of an open document: its UTF-8 bytes without the line break, and the break that ends it.
///
/// Lines are kept apart so that an edit rebuilds only the lines it touches. An all-ASCII line (the common case)
/// maps positions to byte offsets without walking it.
struct DocumentLine: Hashable, Sendable {
  /// How a line ends.
  enum Ending: UInt8, Hashable, Sendable {
    /// The document's last line.
    case none
    case lf
    case crlf
    case cr

    /// The bytes of the break.
    var bytes: [UInt8] {
      switch self {
      case .none: []
      case .lf: [0x0A]
      case .crlf: [0x0D, 0x0A]
      case .cr: [0x0D]
      }
    }
  }

  /// The line's text, UTF-8, without its break.
  var bytes: [UInt8]
  /// The break after it.
  var ending: Ending
  /// Whether every byte is ASCII, so that every encoding counts one unit per byte.
  var isASCII: Bool

  init(bytes: [UInt8], ending: Ending) {
    self.bytes = bytes
    self.ending = ending
    self.isASCII = bytes.allSatisfy { $0 < 0x80 }
  }

  /// Splits text into lines at `\n`, `\r\n` and `\r` (as LSP counts lines). The last line has no break; text that
  /// ends with a break ends with an empty line.
  ///
  /// - Complexity: O(*n*) in the text's length.
  static func split(_ text: some Collection<UInt8>) -> [DocumentLine] {
    var lines: [DocumentLine] = []
    var current: [UInt8] = []
    var index = text.startIndex
    while index != text.endIndex {
      let byte = text[index]
      text.formIndex(after: &index)
      switch byte {
      case 0x0A:
        lines.append(DocumentLine(bytes: current, ending: .lf))
        current = []
      case 0x0D:
        if index != text.endIndex && text[index] == 0x0A {
          text.formIndex(after: &index)
          lines.append(DocumentLine(bytes: current, ending: .crlf))
        } else {
          lines.append(DocumentLine(bytes: current, ending: .cr))
        }
        current = []
      default:
        current.append(byte)
      }
    }
    lines.append(DocumentLine(bytes: current, ending: .none))
    return lines
  }

  /// The byte offset of the position `character` (in `encoding`'s units) on this line.
  ///
  /// - Parameters:
  ///   - character: The offset in `encoding`'s units.
  ///   - encoding: The negotiated encoding.
  ///   - line: The line's number, for the error.
  /// - Returns: The offset into ``bytes``, at a scalar boundary.
  /// - Throws: ``DocumentError`` when the offset is past the end of the line or inside a character.
  /// - Complexity: O(1) for an ASCII line; otherwise O(*n*) in the line's length up to the offset.
  func byteOffset(of character: Int, encoding: PositionEncoding, line: Int) throws(DocumentError) -> Int {
    guard character >= 0 else { throw .characterPastEnd(line: line, character: character, length: length(encoding)) }
    if isASCII || encoding == .utf8 {
      guard character <= bytes.count else {
        throw .characterPastEnd(line: line, character: character, length: bytes.count)
      }
      if encoding == .utf8, character < bytes.count, bytes[character] & 0xC0 == 0x80 {
        throw .insideCharacter(line: line, character: character)
      }
      return character
    }
    var units = 0
    var offset = 0
    while units < character {
      guard offset < bytes.count else {
        throw .characterPastEnd(line: line, character: character, length: length(encoding))
      }
      let width = Self.scalarWidth(bytes[offset])
      let scalarUnits = encoding == .utf16 && width == 4 ? 2 : 1
      if units + scalarUnits > character { throw .insideSurrogatePair(line: line, character: character) }
      units += scalarUnits
      offset = min(offset + width, bytes.count)
    }
    return offset
  }

  /// The offset in `encoding`'s units of the byte offset `byteOffset` (a scalar boundary).
  ///
  /// - Complexity: O(1) for an ASCII line; otherwise O(*n*) up to the offset.
  func units(upTo byteOffset: Int, encoding: PositionEncoding) -> Int {
    if isASCII || encoding == .utf8 { return byteOffset }
    var units = 0
    var offset = 0
    while offset < byteOffset && offset < bytes.count {
      let width = Self.scalarWidth(bytes[offset])
      units += encoding == .utf16 && width == 4 ? 2 : 1
      offset += width
    }
    return units
  }

  /// The line's length in `encoding`'s units.
  func length(_ encoding: PositionEncoding) -> Int {
    units(upTo: bytes.count, encoding: encoding)
  }

  /// The length of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
  static func scalarWidth(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }
}
