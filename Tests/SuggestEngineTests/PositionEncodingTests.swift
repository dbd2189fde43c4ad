import TestSupport
import Testing

@testable import SuggestEngine

/// ``PositionEncoding``: UTF-8 highlight ranges converted to UTF-8, UTF-16 and UTF-32 units.
@Suite struct PositionEncodingTests {
  /// The units of a UTF-8 offset in `text` as Swift's own views count them: the oracle.
  static func units(_ offset: Int, in text: String, _ encoding: PositionEncoding) -> Int {
    let index = text.utf8.index(text.startIndex, offsetBy: offset)
    switch encoding {
    case .utf8: return offset
    case .utf16: return text.utf16.distance(from: text.startIndex, to: index)
    case .utf32: return text.unicodeScalars.distance(from: text.startIndex, to: index)
    }
  }

  @Test("wire names", arguments: PositionEncoding.allCases)
  func wireNames(_ encoding: PositionEncoding) {
    #expect(PositionEncoding(rawValue: encoding.rawValue) == encoding)
    #expect(["utf-8", "utf-16", "utf-32"].contains(encoding.rawValue))
  }

  @Test("ASCII: every encoding counts bytes", arguments: PositionEncoding.allCases)
  func ascii(_ encoding: PositionEncoding) {
    #expect(encoding.convert(utf8Ranges: [0..<5, 6..<11], in: "hello world") == [0..<5, 6..<11])
  }

  @Test("2-byte scalars: é is 2 UTF-8 bytes, 1 UTF-16 unit, 1 scalar")
  func twoByte() {
    let text = "café crème"  // "crème" is UTF-8 6..<12
    #expect(PositionEncoding.utf8.convert(utf8Ranges: [6..<12], in: text) == [6..<12])
    #expect(PositionEncoding.utf16.convert(utf8Ranges: [6..<12], in: text) == [5..<10])
    #expect(PositionEncoding.utf32.convert(utf8Ranges: [6..<12], in: text) == [5..<10])
  }

  @Test("3-byte scalars: kana and ideographs are 3 UTF-8 bytes, 1 UTF-16 unit")
  func threeByte() {
    let text = "日本語テキスト"  // "テキスト" is UTF-8 9..<21
    #expect(PositionEncoding.utf16.convert(utf8Ranges: [9..<21, 0..<3], in: text) == [3..<7, 0..<1])
    #expect(PositionEncoding.utf32.convert(utf8Ranges: [9..<21, 0..<3], in: text) == [3..<7, 0..<1])
  }

  @Test("4-byte scalars: an emoji is 4 UTF-8 bytes, 2 UTF-16 units, 1 scalar")
  func fourByte() {
    let text = "I 🍕 pizza 👨‍👩‍👧"  // 🍕 is UTF-8 2..<6, "pizza" 7..<12, the family 13..<31
    #expect(
      PositionEncoding.utf16.convert(utf8Ranges: [2..<6, 7..<12, 13..<31], in: text) == [2..<4, 5..<10, 11..<19]
    )
    #expect(PositionEncoding.utf32.convert(utf8Ranges: [2..<6, 7..<12, 13..<31], in: text) == [2..<3, 4..<9, 10..<15])
  }

  @Test("unsorted and overlapping ranges keep their order; bounds are clamped; mid-scalar counts to its end")
  func robustness() {
    let text = "a🍕b"  // a 0..<1, 🍕 1..<5, b 5..<6
    #expect(PositionEncoding.utf16.convert(utf8Ranges: [5..<6, 0..<5, 1..<6], in: text) == [3..<4, 0..<3, 1..<4])
    #expect(PositionEncoding.utf16.convert(utf8Ranges: [-3..<100], in: text) == [0..<4])
    #expect(PositionEncoding.utf8.convert(utf8Ranges: [-3..<100], in: text) == [0..<6])
    #expect(PositionEncoding.utf16.convert(utf8Ranges: [2..<3], in: text) == [3..<3])
    #expect(PositionEncoding.utf32.convert(utf8Ranges: [], in: text) == [])
    #expect(PositionEncoding.utf16.convert(utf8Ranges: [0..<0], in: "") == [0..<0])
  }

  @Test("fold, map back and convert: the highlight of \"ss\" in \"🍕 Straße\" per encoding")
  func endToEnd() throws {
    let text = "🍕 Straße"
    let folded = TextFolder.fold(text)
    let start = try #require(FoldingOffsetsTests.foldedRange(of: "ss", in: folded, occurrence: 0))
    let original = folded.originalUTF8Ranges([start])
    #expect(original == [9..<11])
    #expect(PositionEncoding.utf8.convert(utf8Ranges: original, in: text) == [9..<11])
    #expect(PositionEncoding.utf16.convert(utf8Ranges: original, in: text) == [7..<8])
    #expect(PositionEncoding.utf32.convert(utf8Ranges: original, in: text) == [6..<7])
  }

  @Test(
    "random mixed-script texts: conversion agrees with Swift's UTF-16 and scalar views",
    arguments: [1, 2, 3] as [UInt64]
  )
  func agreesWithStringViews(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let pool: [Unicode.Scalar] = [
      "a", "Z", " ", "é", "ß", "Ω", "ж", "日", "テ", "한", "\u{301}", "🍕", "👨", "\u{200D}", "🇫", "𝒳",
    ]
    for _ in 0..<200 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...20, using: &random) {
        scalars.append(pool[Int.random(in: 0..<pool.count, using: &random)])
      }
      let text = String(scalars)
      var boundaries: [Int] = [0]
      var offset = 0
      for scalar in text.unicodeScalars {
        offset += scalar.utf8.count
        boundaries.append(offset)
      }
      var ranges: [Range<Int>] = []
      for _ in 0..<Int.random(in: 0...5, using: &random) {
        let a = boundaries[Int.random(in: 0..<boundaries.count, using: &random)]
        let b = boundaries[Int.random(in: 0..<boundaries.count, using: &random)]
        ranges.append(min(a, b)..<max(a, b))
      }
      for encoding in PositionEncoding.allCases {
        let expected = ranges.map {
          Self.units($0.lowerBound, in: text, encoding)..<Self.units($0.upperBound, in: text, encoding)
        }
        #expect(encoding.convert(utf8Ranges: ranges, in: text) == expected, "\(text.debugDescription) \(ranges)")
      }
    }
  }
}
