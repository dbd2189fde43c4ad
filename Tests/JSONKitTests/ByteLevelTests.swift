import JSONKit
import TestSupport
import Testing

/// The byte-level pieces JSONKit shares with the framing and the catalog loaders: UTF-8 validation, line feed
/// counting, and the shallow reader that splits a document into values.
@Suite struct ByteLevelTests {
  @Test("UTF-8 validation agrees with the standard library's", arguments: 0..<200)
  func utf8Validation(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let bytes = SplitMix64.textLikeBytes(Int.random(in: 0..<24, using: &random), &random)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(UTF8Validator.isValid(buffer, 0..<buffer.count) == (String(validating: bytes, as: UTF8.self) != nil))
    }
  }

  @Test("UTF-8 validation: edge cases of Unicode Table 3-7")
  func utf8EdgeCases() {
    let cases: [([UInt8], Bool)] = [
      ([0xE0, 0xA0, 0x80], true), ([0xE0, 0x9F, 0x80], false), ([0xED, 0x9F, 0xBF], true), ([0xED, 0xA0, 0x80], false),
      ([0xF0, 0x90, 0x80, 0x80], true), ([0xF0, 0x8F, 0xBF, 0xBF], false), ([0xF4, 0x8F, 0xBF, 0xBF], true),
      ([0xF4, 0x90, 0x80, 0x80], false), ([0xC2, 0x80], true), ([0xC1, 0xBF], false), ([0xE2, 0x82], false),
      (Array("plain ASCII of more than eight bytes".utf8), true), (Array("ASCII then é".utf8), true),
    ]
    for (bytes, isValid) in cases {
      bytes.withUnsafeBufferPointer { #expect(UTF8Validator.isValid($0, 0..<$0.count) == isValid, "\(bytes)") }
    }
  }

  @Test("line feed counting and memchr search agree with a plain loop", arguments: 0..<40)
  func lineFeeds(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let bytes = SplitMix64.textLikeBytes(Int.random(in: 0..<300, using: &random), &random)
    let start = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(ByteSearch.lineFeedCount(in: buffer, start..<buffer.count) == bytes[start...].filter { $0 == 0x0A }.count)
      #expect(ByteSearch.firstIndex(of: 0x0A, in: buffer, from: start) == bytes[start...].firstIndex(of: 0x0A))
      #expect(ByteSearch.firstIndex(of: 0x0A, in: buffer, from: start, to: start) == nil)
    }
  }

  @Test("the shallow reader splits an array into its elements, with their lines")
  func splitArray() throws {
    let text = "\u{FEFF}[\n  {\"a\": \"x]\\\"}\"},\n  [1, [2]], \"s\",\n\n  -1.5e3 , true\n]"
    let bytes = Array(text.utf8)
    try bytes.withUnsafeBytes { buffer in
      var reader = JSONShallowReader(bytes: buffer, skipsByteOrderMark: true)
      reader.skipWhitespace()
      let elements = try reader.splitArray()
      #expect(reader.current == nil)
      let texts = elements.ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
      #expect(texts == [#"{"a": "x]\"}"}"#, "[1, [2]]", #""s""#, "-1.5e3", "true"])
      #expect(elements.lines == [2, 3, 3, 5, 5])
      let parsed = try JSONParser().parse(buffer, in: elements.ranges[0])
      #expect(parsed == .object(JSONObject(members: [JSONObject.Member(key: "a", value: .string("x]\"}"))])))
    }
  }

  @Test("the shallow reader rejects broken structure where it meets it", arguments: ["[1 2]", "[1,]", "[\"a", "[[1]"])
  func brokenArray(text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      var reader = JSONShallowReader(bytes: buffer)
      _ = #expect(throws: JSONParseError.self) { try reader.splitArray() }
    }
  }

  @Test("a value parsed in place reports errors at offsets in the whole buffer")
  func parseInPlace() {
    let bytes = Array(#"[1, {"a": tru}]"#.utf8)
    bytes.withUnsafeBytes { buffer in
      _ = #expect(throws: JSONParseError(kind: .unexpectedByte(UInt8(ascii: "}")), offset: 13)) {
        try JSONParser().parse(buffer, in: 4..<14)
      }
    }
  }
}
