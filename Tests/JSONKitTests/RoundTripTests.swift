import JSONKit
import Testing

/// Writing then parsing gives back an equal value, and writing is deterministic and on one line.
@Suite struct RoundTripTests {
  private func expectRoundTrip(_ value: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let written = value.serialized()
    #expect(!written.contains { $0 < 0x20 }, "raw control byte in output", sourceLocation: sourceLocation)
    let parsed = try JSONParser(maxDepth: 64).parse(written)
    #expect(parsed == value, sourceLocation: sourceLocation)
    #expect(parsed.serialized() == written, sourceLocation: sourceLocation)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func randomTreesRoundTrip(seed: UInt64) throws {
    var random = RandomJSON(seed: seed)
    for _ in 0..<300 {
      try expectRoundTrip(random.value(depth: 5))
    }
  }

  @Test func randomStringsRoundTripThroughTheWriter() throws {
    var random = RandomJSON(seed: 99)
    for index in 0..<5_000 {
      let text = random.string(maxLength: index % 40)
      var writer = JSONWriter()
      writer.write(text)
      #expect(!writer.bytes.contains { $0 < 0x20 })
      let parsed = try JSONParser().parse(writer.bytes)
      // Byte-exact: canonically equivalent spellings must not be merged.
      #expect(parsed.stringValue.map { Array($0.utf8) } == Array(text.utf8))
      // Also as a key.
      var keyed = JSONWriter()
      keyed.writeObject { $0.field(text, 1) }
      #expect(try JSONParser().parse(keyed.bytes).objectValue?.keys.first.map { Array($0.utf8) } == Array(text.utf8))
    }
  }

  @Test func everyControlCharacterAndSeparatorSurvives() throws {
    let scalars = (0..<0x20).compactMap(Unicode.Scalar.init) + ["\u{7F}", "\u{2028}", "\u{2029}", "\u{FEFF}"]
    let text = String(String.UnicodeScalarView(scalars))
    try expectRoundTrip(.string(text))
    try expectRoundTrip(.object(JSONObject(members: [.init(key: text, value: .string(text))])))
  }

  @Test func surrogatePairsBothWays() throws {
    // Escaped pair in, raw UTF-8 out, same scalar back.
    let parsed = try JSONParser().parse(#"["\ud83d\ude00", "😀", "\uD834\uDD1E"]"#)
    #expect(parsed == ["😀", "😀", "𝄞"])
    #expect(parsed.serialized() == Array(#"["😀","😀","𝄞"]"#.utf8))
    try expectRoundTrip(parsed)
  }

  @Test func exactNumbersSurviveARoundTrip() throws {
    for literal in ["9007199254740993", "-9223372036854775808", "18446744073709551616", "-0", "1e400", "0.10"] {
      let value = try JSONParser().parse("{\"id\":\(literal)}")
      #expect(value.serializedString() == "{\"id\":\(literal)}")
      #expect(value["id"]?.numberValue?.text == literal)
    }
    #expect(try JSONParser().parse("[9007199254740993]")[0]?.numberValue?.int64Value == 9_007_199_254_740_993)
    #expect(try JSONParser().parse("[-9223372036854775808]")[0]?.numberValue?.int64Value == .min)
    #expect(try JSONParser().parse("[-0]")[0]?.numberValue?.int64Value == 0)
    #expect(try JSONParser().parse("[18446744073709551616]")[0]?.numberValue?.int64Value == nil)
  }
}
