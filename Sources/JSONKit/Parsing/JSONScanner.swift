/// The recursive-descent scanner behind ``JSONParser``: one pass over UTF-8 bytes, building the tree as it goes.
///
/// Recursion depth is bounded by `maxDepth` (one frame per open array or object), checked before descending, so
/// hostile nesting is an error and never a stack overflow.
struct JSONScanner {
  /// The input.
  let bytes: UnsafeRawBufferPointer
  /// The offset of the next byte to read.
  var index: Int
  /// The deepest nesting accepted.
  private let maxDepth: Int
  /// Reused buffer for strings with escapes (allocated on first need).
  private var scratch: [UInt8] = []

  /// Creates a scanner over `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 text; must stay valid while the scanner is used.
  ///   - maxDepth: The nesting limit.
  ///   - skipsByteOrderMark: Whether a leading UTF-8 byte order mark is skipped.
  init(bytes: UnsafeRawBufferPointer, maxDepth: Int, skipsByteOrderMark: Bool) {
    self.bytes = bytes
    self.maxDepth = maxDepth
    self.index = 0
    if skipsByteOrderMark, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      self.index = 3
    }
  }

  /// Parses the whole input as one JSON text.
  ///
  /// - Returns: The value.
  /// - Throws: ``JSONParseError`` at the first problem.
  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard index == bytes.count else { throw error(.trailingContent) }
    return value
  }

  /// Reads the members of the top-level object up to the member named `stopKey`, leaving its value and the rest of
  /// the input unread (so unchecked).
  ///
  /// - Returns: The members before it and the offset of its value, or `nil` when the input is not an object.
  /// - Throws: ``JSONParseError`` at the first problem in what was read.
  mutating func parseHead(before stopKey: String) throws(JSONParseError) -> JSONObjectHead? {
    skipWhitespace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    guard maxDepth >= 1 else { throw error(.tooDeep(limit: maxDepth)) }
    index += 1
    var members: [JSONObject.Member] = []
    members.reserveCapacity(4)
    skipWhitespace()
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    if bytes[index] == UInt8(ascii: "}") {
      return JSONObjectHead(members: JSONObject(), stopOffset: nil)
    }
    while true {
      let key = try parseMemberKey()
      if key == stopKey {
        skipWhitespace()
        return JSONObjectHead(members: JSONObject(members: members), stopOffset: index)
      }
      let value = try parseValue(depth: 1)
      members.append(JSONObject.Member(key: key, value: value))
      if try isAtObjectEnd() { return JSONObjectHead(members: JSONObject(members: members), stopOffset: nil) }
    }
  }

  // MARK: - Values

  private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    switch bytes[index] {
    case UInt8(ascii: "\""):
      index += 1
      return .string(try parseString())
    case UInt8(ascii: "{"):
      return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["):
      return try parseArray(depth: depth + 1)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try parseNumber())
    case UInt8(ascii: "t"):
      try expectLiteral(0x6575_7274, length: 4)  // "true"
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral(0x6573_6C61, length: 5, offset: 1)  // "false": "alse" after "f"
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral(0x6C6C_756E, length: 4)  // "null"
      return .null
    case let byte:
      throw error(.unexpectedByte(byte))
    }
  }

  private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maxDepth else { throw error(.tooDeep(limit: maxDepth)) }
    index += 1  // "{"
    skipWhitespace()
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    if bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(JSONObject())
    }
    var members: [JSONObject.Member] = []
    // Protocol objects are small; four members avoid most regrowth without oversizing.
    members.reserveCapacity(4)
    while true {
      let key = try parseMemberKey()
      let value = try parseValue(depth: depth)
      members.append(JSONObject.Member(key: key, value: value))
      if try isAtObjectEnd() {
        index += 1
        return .object(JSONObject(members: members))
      }
    }
  }

  /// Reads a member's key and the colon after it (whitespace allowed before the colon), from the key's opening
  /// quote, which must be at `index`.
  @inline(__always)
  private mutating func parseMemberKey() throws(JSONParseError) -> String {
    guard bytes[index] == UInt8(ascii: "\"") else { throw error(.unexpectedByte(bytes[index])) }
    index += 1
    let key = try parseString()
    skipWhitespace()
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    guard bytes[index] == UInt8(ascii: ":") else { throw error(.unexpectedByte(bytes[index])) }
    index += 1
    return key
  }

  /// After a member's value: `true` at the object's closing brace (left for the caller), `false` after a comma and
  /// the whitespace that follows it, with input left for the next member.
  @inline(__always)
  private mutating func isAtObjectEnd() throws(JSONParseError) -> Bool {
    skipWhitespace()
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    switch bytes[index] {
    case UInt8(ascii: ","):
      index += 1
      skipWhitespace()
      guard index < bytes.count else { throw error(.unexpectedEnd) }
      return false
    case UInt8(ascii: "}"):
      return true
    case let byte:
      throw error(.unexpectedByte(byte))
    }
  }

  private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
    guard depth <= maxDepth else { throw error(.tooDeep(limit: maxDepth)) }
    index += 1  // "["
    skipWhitespace()
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    if bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array([])
    }
    var elements: [JSONValue] = []
    elements.reserveCapacity(4)
    while true {
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw error(.unexpectedEnd) }
      switch bytes[index] {
      case UInt8(ascii: ","):
        index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements)
      case let byte:
        throw error(.unexpectedByte(byte))
      }
    }
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
    let start = index
    index = try JSONNumberGrammar.scan(bytes, from: start)
    // Number text is ASCII by construction, so decoding cannot repair anything.
    return JSONNumber(validatedText: String(decoding: slice(start..<index), as: UTF8.self))
  }

  /// Matches a literal whose bytes after the first `offset` bytes, read little-endian, are `word`.
  ///
  /// - Parameters:
  ///   - word: The last four bytes of the literal, little-endian.
  ///   - length: The literal's length.
  ///   - offset: How many leading bytes precede the four compared (the first byte was already matched).
  /// - Throws: ``JSONParseError`` at the first byte that differs, or `.unexpectedEnd`.
  @inline(__always)
  private mutating func expectLiteral(_ word: UInt32, length: Int, offset: Int = 0) throws(JSONParseError) {
    if index + length <= bytes.count,
      UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + offset, as: UInt32.self)) == word
    {
      index += length
      return
    }
    // Slow path: find the first byte that differs, for the error.
    var expected: [UInt8] = [bytes[index]]
    for shift in stride(from: 0, to: 32, by: 8) { expected.append(UInt8(truncatingIfNeeded: word >> shift)) }
    if offset == 0 { expected.removeFirst() }
    for byte in expected {
      guard index < bytes.count else { throw error(.unexpectedEnd) }
      guard bytes[index] == byte else { throw error(.unexpectedByte(bytes[index])) }
      index += 1
    }
  }

  // MARK: - Strings

  /// Parses a string's contents; `index` is just past the opening quote, and ends just past the closing one.
  private mutating func parseString() throws(JSONParseError) -> String {
    let start = index
    let count = bytes.count
    // Locals rather than `self.index`, so the loop keeps them in registers.
    var position = start
    var highBits: UInt64 = 0
    // Eight bytes at a time up to the first byte that ends the plain run (quote, backslash or control character).
    while position + 8 <= count {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      let special = SWAR.escapeMask(word)
      if special != 0 {
        let plainBytes = special.trailingZeroBitCount >> 3
        highBits |= word & ((1 &<< (plainBytes &* 8)) &- 1)
        position += plainBytes
        break
      }
      highBits |= word
      position += 8
    }
    while position < count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        index = position + 1
        let utf8 = slice(start..<position)
        if highBits & 0x8080_8080_8080_8080 == 0 {
          // ASCII: valid UTF-8 by construction.
          return String(decoding: utf8, as: UTF8.self)
        }
        // Validated here because String(decoding:) would silently repair invalid UTF-8.
        try validate(start..<position)
        return String(decoding: utf8, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        index = position
        return try parseEscapedString(start: start)
      }
      if byte < 0x20 {
        throw error(.controlCharacterInString, at: position)
      }
      highBits |= UInt64(byte)
      position += 1
    }
    throw error(.unexpectedEnd, at: count)
  }

  /// Continues a string that has escapes, decoding into `scratch`; `index` is at the first backslash.
  private mutating func parseEscapedString(start: Int) throws(JSONParseError) -> String {
    scratch.removeAll(keepingCapacity: true)
    scratch.append(contentsOf: slice(start..<index))
    var highBits = rawHighBits(start..<index)
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        let range = start..<index
        index += 1
        // Escapes decode to valid UTF-8 (lone surrogates are rejected), so the text is valid exactly when the raw
        // bytes between them are.
        if highBits >= 0x80 { try validate(range) }
        return String(decoding: scratch, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try decodeEscape()
      case ..<0x20:
        throw error(.controlCharacterInString)
      default:
        // Copy the run of plain bytes up to the next quote, backslash or control character in one go.
        let runStart = index
        index += 1
        while index < bytes.count, !JSONWriter.needsEscape(bytes[index]) { index += 1 }
        scratch.append(contentsOf: slice(runStart..<index))
        highBits |= rawHighBits(runStart..<index)
      }
    }
    throw error(.unexpectedEnd)
  }

  /// The bitwise or of the bytes in `range` (at least 0x80 when one is not ASCII).
  @inline(__always)
  private func rawHighBits(_ range: Range<Int>) -> UInt8 {
    var bits: UInt8 = 0
    for offset in range { bits |= bytes[offset] }
    return bits
  }

  /// Checks that `range` of the input is valid UTF-8.
  ///
  /// - Throws: ``JSONParseError`` with `.invalidUTF8` at the first invalid sequence.
  private func validate(_ range: Range<Int>) throws(JSONParseError) {
    if let offset = UTF8Validator.firstInvalidOffset(in: bytes, range: range) {
      throw error(.invalidUTF8, at: offset)
    }
  }

  /// Decodes one escape at `index` (a backslash) into `scratch`.
  private mutating func decodeEscape() throws(JSONParseError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else { throw error(.unexpectedEnd) }
    let decoded: UInt8
    switch bytes[index] {
    case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
    case UInt8(ascii: "b"): decoded = 0x08
    case UInt8(ascii: "f"): decoded = 0x0C
    case UInt8(ascii: "n"): decoded = 0x0A
    case UInt8(ascii: "r"): decoded = 0x0D
    case UInt8(ascii: "t"): decoded = 0x09
    case UInt8(ascii: "u"):
      index += 1
      try decodeUnicodeEscape(escapeStart: escapeStart)
      return
    default:
      throw error(.invalidEscape, at: escapeStart)
    }
    scratch.append(decoded)
    index += 1
  }

  /// Decodes `XXXX` (and a following `\uXXXX` low surrogate when the first is a high one) into UTF-8.
  private mutating func decodeUnicodeEscape(escapeStart: Int) throws(JSONParseError) {
    let unit = try readHex4(escapeStart: escapeStart)
    let scalarValue: UInt32
    switch unit {
    case 0xD800...0xDBFF:
      // A high surrogate must be followed at once by an escaped low surrogate.
      guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
      else {
        throw error(.invalidEscape, at: escapeStart)
      }
      index += 2
      let low = try readHex4(escapeStart: escapeStart)
      guard (0xDC00...0xDFFF).contains(low) else { throw error(.invalidEscape, at: escapeStart) }
      scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
    case 0xDC00...0xDFFF:
      throw error(.invalidEscape, at: escapeStart)
    default:
      scalarValue = UInt32(unit)
    }
    appendUTF8(scalarValue)
  }

  /// Reads four hex digits at `index`.
  private mutating func readHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
    guard index + 4 <= bytes.count else {
      // Report truncation only when what is there is a valid start of hex digits.
      for offset in index..<bytes.count where hexValue(bytes[offset]) == nil {
        throw error(.invalidEscape, at: escapeStart)
      }
      throw error(.unexpectedEnd, at: bytes.count)
    }
    var value: UInt16 = 0
    for offset in index..<(index + 4) {
      guard let digit = hexValue(bytes[offset]) else { throw error(.invalidEscape, at: escapeStart) }
      value = value << 4 | UInt16(digit)
    }
    index += 4
    return value
  }

  @inline(__always)
  private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private mutating func appendUTF8(_ scalar: UInt32) {
    switch scalar {
    case ..<0x80:
      scratch.append(UInt8(scalar))
    case ..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case ..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  // MARK: - Helpers

  @inline(__always)
  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  /// The input bytes in `range` as typed UTF-8.
  @inline(__always)
  private func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    guard let base = bytes.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
    // The input is UTF-8 text: reading it as UInt8 is what the caller handed it to us for.
    return UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self) + range.lowerBound, count: range.count)
  }

  @inline(__always)
  func error(_ kind: JSONParseError.Kind, at offset: Int? = nil) -> JSONParseError {
    JSONParseError(kind: kind, offset: offset ?? index)
  }
}
