import JSONKit
import Testing

@Suite struct JSONParserTests {
  private func parse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
    try JSONParser().parse(text)
  }

  /// The error that parsing `bytes` throws, or `nil` when it succeeds.
  private func failure(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONParseError? {
    do {
      _ = try JSONParser(maxDepth: maxDepth).parse(bytes)
      return nil
    } catch {
      return error
    }
  }

  private func failure(_ text: String) -> JSONParseError? {
    failure(Array(text.utf8))
  }

  // MARK: - Values

  @Test func parsesATypicalRequest() throws {
    let value = try parse(
      #"{"jsonrpc":"2.0","id":123,"method":"search/complete","params":{"query":"reqeusts","field":"main","limit":5}}"#
    )
    let object = try #require(value.objectValue)
    #expect(object.keys == ["jsonrpc", "id", "method", "params"])
    #expect(value["jsonrpc"] == "2.0")
    #expect(value["id"]?.numberValue?.text == "123")
    #expect(value["method"]?.stringValue == "search/complete")
    #expect(value["params"]?["query"] == "reqeusts")
    #expect(value["params"]?["limit"]?.numberValue?.intValue == 5)
  }

  @Test func parsesScalarsAtTopLevel() throws {
    #expect(try parse("null") == .null)
    #expect(try parse("true") == .bool(true))
    #expect(try parse("false") == .bool(false))
    #expect(try parse("0") == .number(JSONNumber(0)))
    #expect(try parse(#""x""#) == .string("x"))
    #expect(try parse(" \t\r\n [ ] \n") == .array([]))
    #expect(try parse("{}") == .object([:]))
  }

  @Test func keepsMemberOrderAndDuplicates() throws {
    let value = try parse(#"{"b":1,"a":2,"b":3}"#)
    let object = try #require(value.objectValue)
    #expect(object.keys == ["b", "a", "b"])
    #expect(object["b"] == 3)
  }

  @Test func parsesNestedStructures() throws {
    let value = try parse(#"[{"a":[1,{"b":null}],"c":{"d":[true,false,[]]}},"e"]"#)
    let expected: JSONValue = [["a": [1, ["b": nil]], "c": ["d": [true, false, []]]], "e"]
    #expect(value == expected)
  }

  // MARK: - Numbers

  @Test(arguments: [
    "0", "-0", "1", "-1", "123", "9007199254740993", "-9223372036854775808", "9223372036854775807",
    "18446744073709551616", "1.5", "-0.0", "1e400", "1E-400", "0.1e+5", "123.456e-789",
    "100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
  ])
  func keepsNumberTextExactly(_ literal: String) throws {
    let value = try parse("[\(literal)]")
    #expect(value[0]?.numberValue?.text == literal)
    #expect(value.serializedString() == "[\(literal)]")
  }

  @Test(arguments: ["01", "-01", "1.", ".5", "1e", "1e+", "+1", "--1", "-", "0x10", "1.e5", "Infinity", "NaN", "-a"])
  func rejectsMalformedNumbers(_ literal: String) {
    #expect(failure(literal) != nil)
    #expect(failure("[\(literal)]") != nil)
  }

  // MARK: - Strings and escapes

  @Test func decodesEveryShortEscape() throws {
    #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
  }

  @Test func decodesUnicodeEscapes() throws {
    #expect(try parse(#""\u0041\u00e9\u00E9\u4e2d\u0000""#) == .string("Aéé中\u{0}"))
    // A surrogate pair is one scalar.
    #expect(try parse(#""\uD83D\uDE00""#) == .string("😀"))
    #expect(try parse(#""\ud834\udd1e""#) == .string("𝄞"))
    #expect(try parse(#""a\uD83D\uDE00b\n""#) == .string("a😀b\n"))
  }

  @Test func keepsRawUTF8() throws {
    let text = "\"é 中 😀 \u{2028} \u{FFFF} \u{10FFFF} e\u{301}\""
    #expect(try parse(text) == .string("é 中 😀 \u{2028} \u{FFFF} \u{10FFFF} e\u{301}"))
  }

  @Test func comparesStringsByBytesNotCanonicalEquivalence() throws {
    // Precomposed é and e + combining acute are equal Swift Strings but different JSON strings.
    #expect(try parse(#""\u00e9""#) != parse(#""e\u0301""#))
    #expect(try parse(#"{"\u00e9":1}"#) != parse(#"{"e\u0301":1}"#))
  }

  @Test func parsesLongStringsWithAndWithoutEscapes() throws {
    let plain = String(repeating: "abcdefghij", count: 100)
    #expect(try parse("\"\(plain)\"") == .string(plain))
    let mixed = String(repeating: #"ab\"c\\d\u00e9\n"#, count: 50)
    let decoded = String(repeating: "ab\"c\\dé\n", count: 50)
    #expect(try parse("\"\(mixed)\"") == .string(decoded))
  }

  @Test(arguments: [
    #""\uD800""#, #""\uDC00""#, #""\uD800\u0041""#, #""\uD800x""#, #""\uDBFF\uDBFF""#, #""\uDE00\uD83D""#,
    #""\x""#, #""\u12G4""#, #""\U0041""#, #""\'""#,
  ])
  func rejectsBadEscapes(_ text: String) {
    #expect(failure(text)?.kind == .invalidEscape)
  }

  @Test func rejectsTruncatedEscapes() {
    #expect(failure(#""\u12"#)?.kind == .unexpectedEnd)
    #expect(failure(#""\"#)?.kind == .unexpectedEnd)
    #expect(failure(#""\uD83D\uDE"#)?.kind == .unexpectedEnd)
  }

  @Test(
    arguments: [
      [0xC3, 0x28],  // bad continuation
      [0xC0, 0xAF],  // overlong "/"
      [0xE0, 0x80, 0xAF],  // overlong 3-byte
      [0xF0, 0x80, 0x80, 0xAF],  // overlong 4-byte
      [0xED, 0xA0, 0x80],  // UTF-8-encoded surrogate U+D800
      [0xED, 0xBF, 0xBF],  // UTF-8-encoded surrogate U+DFFF
      [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
      [0xF5, 0x80, 0x80, 0x80],  // invalid lead byte
      [0xFF],  // never valid
      [0x80],  // lone continuation
      [0xE2, 0x82],  // truncated before the closing quote
      [0xE9],  // Latin-1 é
    ] as [[UInt8]]
  )
  func rejectsInvalidUTF8InStrings(_ invalid: [UInt8]) {
    let plain = [UInt8(ascii: "\"")] + Array("ab".utf8) + invalid + [UInt8(ascii: "\"")]
    #expect(failure(plain) == JSONParseError(kind: .invalidUTF8, offset: 3))
    // Also after an escape, which takes the decoding path.
    let escaped = [UInt8(ascii: "\"")] + Array(#"\n"#.utf8) + invalid + Array("x".utf8) + [UInt8(ascii: "\"")]
    #expect(failure(escaped) == JSONParseError(kind: .invalidUTF8, offset: 3))
    // And deep inside a long string, past the word-at-a-time scan.
    let long = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "a"), count: 20) + invalid + [UInt8(ascii: "\"")]
    #expect(failure(long) == JSONParseError(kind: .invalidUTF8, offset: 21))
  }

  @Test func acceptsBoundaryUTF8() throws {
    let boundaries: [[UInt8]] = [
      [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
      [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ]
    for sequence in boundaries {
      let bytes = [UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\"")]
      let value = try JSONParser().parse(bytes)
      #expect(value.stringValue.map { Array($0.utf8) } == sequence)
    }
  }

  @Test func rejectsControlCharactersInStrings() {
    for byte in UInt8(0)..<0x20 {
      let bytes: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "a"), byte, UInt8(ascii: "\"")]
      #expect(failure(bytes) == JSONParseError(kind: .controlCharacterInString, offset: 2))
    }
    #expect(failure("\"abcdefghijklmno\npq\"") == JSONParseError(kind: .controlCharacterInString, offset: 16))
    // DEL is allowed raw.
    #expect(failure([0x22, 0x7F, 0x22]) == nil)
  }

  // MARK: - Errors and offsets

  @Test(arguments: [
    ("", JSONParseError.Kind.unexpectedEnd, 0),
    ("   ", .unexpectedEnd, 3),
    ("[", .unexpectedEnd, 1),
    (#"{"a":tru}"#, .unexpectedByte(UInt8(ascii: "}")), 8),
    ("tru", .unexpectedEnd, 3),
    ("nulx", .unexpectedByte(UInt8(ascii: "x")), 3),
    ("fals", .unexpectedEnd, 4),
    ("[1,]", .unexpectedByte(UInt8(ascii: "]")), 3),
    ("[1 2]", .unexpectedByte(UInt8(ascii: "2")), 3),
    (#"{"a" 1}"#, .unexpectedByte(UInt8(ascii: "1")), 5),
    (#"{"a":1,}"#, .unexpectedByte(UInt8(ascii: "}")), 7),
    ("{1:2}", .unexpectedByte(UInt8(ascii: "1")), 1),
    (#"{"a":1"#, .unexpectedEnd, 6),
    (#""abc"#, .unexpectedEnd, 4),
    (#""a\qb""#, .invalidEscape, 2),
    (#"["\uD800"]"#, .invalidEscape, 2),
    ("01", .invalidNumber, 1),
    ("1.", .unexpectedEnd, 2),
    ("1.e3", .invalidNumber, 2),
    ("-", .unexpectedEnd, 1),
    ("--1", .invalidNumber, 1),
    ("[1] x", .trailingContent, 4),
    ("{} {}", .trailingContent, 3),
    ("1 2", .trailingContent, 2),
    ("'a'", .unexpectedByte(UInt8(ascii: "'")), 0),
  ])
  func reportsKindAndOffset(_ text: String, _ kind: JSONParseError.Kind, _ offset: Int) {
    #expect(failure(text) == JSONParseError(kind: kind, offset: offset))
  }

  @Test func describesErrors() {
    let error = JSONParseError(kind: .trailingContent, offset: 4)
    #expect(error.description == "invalid JSON at byte 4: unexpected content after the JSON value")
    #expect(
      JSONParseError(kind: .unexpectedByte(0x62), offset: 1).description
        == "invalid JSON at byte 1: unexpected character 'b'"
    )
    #expect(JSONParseError.Kind.unexpectedByte(0x0A).description == "unexpected byte 0x0A")
    #expect(JSONParseError.Kind.unexpectedByte(0xFF).description == "unexpected byte 0xFF")
    #expect(JSONParseError.Kind.tooDeep(limit: 512).description == "arrays and objects nested deeper than 512 levels")
  }

  // MARK: - Depth

  @Test func rejectsDeepNestingQuicklyWithoutRecursingPastTheLimit() {
    let clock = ContinuousClock()
    let start = clock.now
    let error = failure(Array(repeating: UInt8(ascii: "["), count: 100_000))
    #expect(error == JSONParseError(kind: .tooDeep(limit: 512), offset: 512))
    let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
    #expect(failure(objects) == JSONParseError(kind: .tooDeep(limit: 512), offset: 512 * 5))
    // A hang guard, not a benchmark: this takes microseconds.
    #expect(clock.now - start < .seconds(2))
  }

  @Test func acceptsNestingUpToTheLimit() throws {
    let depth = 512
    let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect(failure(nested) == nil)
    #expect(failure("[" + nested + "]") == JSONParseError(kind: .tooDeep(limit: 512), offset: 512))
    #expect(failure(Array(nested.utf8), maxDepth: 511) != nil)
    #expect(failure(Array("[[1]]".utf8), maxDepth: 1) == JSONParseError(kind: .tooDeep(limit: 1), offset: 1))
    #expect(failure(Array("1".utf8), maxDepth: 0) == nil)
    #expect(failure(Array("[]".utf8), maxDepth: 0) == JSONParseError(kind: .tooDeep(limit: 0), offset: 0))
  }

  // MARK: - Inputs

  @Test func parsesEveryInputForm() throws {
    let text = #"{"a":[1,"é"]}"#
    let expected: JSONValue = ["a": [1, "é"]]
    let bytes = Array(text.utf8)
    #expect(try JSONParser().parse(text) == expected)
    #expect(try JSONParser().parse(bytes) == expected)
    #expect(try JSONParser().parse(bytes.withUnsafeBytes { try JSONParser().parse($0) }.serialized()) == expected)
    // A slice, with offsets relative to the slice.
    let framed = Array("xx".utf8) + bytes + Array("yy".utf8)
    #expect(try JSONParser().parse(framed[2..<(framed.count - 2)]) == expected)
    // A collection without contiguous storage is copied first.
    #expect(try JSONParser().parse(bytes.lazy.map { $0 }) == expected)
    // A substring's UTF-8, which is not contiguous from index zero.
    let padded = "zz" + text
    #expect(try JSONParser().parse(padded.dropFirst(2).utf8) == expected)
  }

  @Test func reportsOffsetsRelativeToASlice() {
    let framed = Array("xx[1,]yy".utf8)
    #expect(throws: JSONParseError(kind: .unexpectedByte(UInt8(ascii: "]")), offset: 3)) {
      try JSONParser().parse(framed[2..<6])
    }
  }
}
