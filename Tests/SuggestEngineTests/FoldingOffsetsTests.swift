import Testing

@testable import SuggestEngine

/// ``FoldedText/sourceUTF8Offsets`` and ``FoldedText/originalUTF8Range(_:)``: highlights land on whole characters.
@Suite struct FoldingOffsetsTests {
  /// A text, a part of its folded form that matched, and the original text that part must highlight.
  struct Highlight: CustomTestStringConvertible, Sendable {
    var text: String
    var match: String
    var occurrence: Int
    var highlighted: String
    var testDescription: String {
      "\(match.debugDescription) in \(text.debugDescription) → \(highlighted.debugDescription)"
    }

    init(_ text: String, match: String, occurrence: Int = 0, _ highlighted: String) {
      self.text = text
      self.match = match
      self.occurrence = occurrence
      self.highlighted = highlighted
    }
  }

  static let highlights: [Highlight] = [
    Highlight("Straße", match: "ss", "ß"),
    Highlight("Straße", match: "s", occurrence: 1, "ß"),
    Highlight("Straße", match: "s", occurrence: 2, "ß"),
    Highlight("Straße", match: "as", "aß"),
    Highlight("Straße", match: "se", "ße"),
    Highlight("ẞ", match: "s", "ẞ"),
    Highlight("e\u{301}", match: "e", "e\u{301}"),
    Highlight("Poke\u{301}mon", match: "kem", "ke\u{301}m"),
    Highlight("Pokémon", match: "kem", "kém"),
    Highlight("Crème Brûlée", match: "brulee", "Brûlée"),
    Highlight("Crème Brûlée", match: "e b", "e B"),
    Highlight("İstanbul", match: "is", "İs"),
    Highlight("ΣΊΣΥΦΟΣ", match: "ι", "Ί"),
    Highlight("ﬁle", match: "i", "ﬁ"),
    Highlight("ﬁle", match: "le", "le"),
    Highlight("Æsir", match: "e", "Æ"),
    Highlight("ﾃﾞｰﾀ", match: "デ", "ﾃﾞ"),
    Highlight("ｶﾞｷﾞ", match: "ギ", "ｷﾞ"),
    Highlight("カ\u{3099}ン", match: "ガ", "カ\u{3099}"),
    Highlight("ＡＢＣ", match: "b", "Ｂ"),
    Highlight("\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", match: "국", "\u{1100}\u{116E}\u{11A8}"),
    Highlight("한국어", match: "국", "국"),
    Highlight("क्षत्रिय", match: "\u{915}", "क्ष"),
    Highlight("👨‍👩‍👧 family", match: "👨", "👨‍👩‍👧"),
    Highlight("👨‍👩‍👧 family", match: "fam", "fam"),
    Highlight("🇫🇷🇩🇪", match: "\u{1F1E9}", "🇩🇪"),
    Highlight("❤️ love", match: "❤", "❤️"),
    Highlight("1️⃣ one", match: "1", "1️⃣"),
    Highlight("a\u{3000}b", match: "a b", "a\u{3000}b"),
    Highlight("ex\u{AD}ample", match: "xa", "x\u{AD}a"),
    Highlight("東京Tower", match: "京t", "京T"),
  ]

  /// The folded byte range of the `occurrence`-th match of `match` in the fold of `text`.
  static func foldedRange(of match: String, in folded: FoldedText, occurrence: Int) -> Range<Int>? {
    let needle = Array(match.utf8)
    var found = 0
    var start = 0
    while start + needle.count <= folded.bytes.count {
      if Array(folded.bytes[start..<start + needle.count]) == needle {
        if found == occurrence { return start..<start + needle.count }
        found += 1
      }
      start += 1
    }
    return nil
  }

  /// The original text of a UTF-8 range, checking that its bounds are `Character` boundaries.
  static func substring(
    _ text: String,
    utf8 range: Range<Int>,
    sourceLocation: SourceLocation = #_sourceLocation
  )
    -> Substring?
  {
    let lower = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
    let upper = text.utf8.index(text.startIndex, offsetBy: range.upperBound)
    #expect(lower.samePosition(in: text) != nil, "range starts inside a character", sourceLocation: sourceLocation)
    #expect(upper.samePosition(in: text) != nil, "range ends inside a character", sourceLocation: sourceLocation)
    return text[lower..<upper]
  }

  @Test("a match maps back to the whole original characters it came from", arguments: highlights)
  func highlightsWholeCharacters(_ example: Highlight) throws {
    let folded = TextFolder.fold(example.text)
    let range = try #require(Self.foldedRange(of: example.match, in: folded, occurrence: example.occurrence))
    let original = folded.originalUTF8Range(range)
    #expect(Self.substring(example.text, utf8: original) == Substring(example.highlighted))
  }

  @Test("offsets: one per folded byte plus the length, never decreasing, each a character start")
  func offsetsShape() {
    for example in Self.highlights {
      let folded = TextFolder.fold(example.text)
      let offsets = folded.sourceUTF8Offsets
      #expect(offsets.count == folded.bytes.count + 1)
      #expect(offsets.last.map(Int.init) == example.text.utf8.count)
      #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
      let starts = Set(example.text.indices.map { example.text.utf8.distance(from: example.text.startIndex, to: $0) })
      #expect(offsets.dropLast().allSatisfy { starts.contains(Int($0)) }, "\(example.text)")
    }
  }

  @Test("exact offsets for ß, decomposed é, halfwidth voiced kana and a ZWJ family")
  func exactOffsets() {
    #expect(TextFolder.fold("Straße").sourceUTF8Offsets == [0, 1, 2, 3, 4, 4, 6, 7])
    #expect(TextFolder.fold("e\u{301}x").sourceUTF8Offsets == [0, 3, 4])
    #expect(TextFolder.fold("ﾃﾞｰ").sourceUTF8Offsets == [0, 0, 0, 6, 6, 6, 9])
    #expect(TextFolder.fold("👨‍👩‍👧a").sourceUTF8Offsets == Array(repeating: 0, count: 18) + [18, 19])
    #expect(TextFolder.fold("ＡＢ").sourceUTF8Offsets == [0, 3, 6])
    #expect(TextFolder.fold("a\r\nb").sourceUTF8Offsets == [0, 1, 1, 3, 4])
  }

  @Test("every folded range of every example maps to character boundaries covering its sources")
  func everyRange() {
    let folding =
      FoldingTests.caseFolding + FoldingTests.diacritics + FoldingTests.keptScripts + FoldingTests.width
      + FoldingTests.separatorsAndOthers
    for text in Self.highlights.map(\.text) + folding.map(\.text) {
      let folded = TextFolder.fold(text)
      let count = folded.bytes.count
      for lower in 0...count {
        for upper in lower...count {
          let original = folded.originalUTF8Range(lower..<upper)
          _ = Self.substring(text, utf8: original)
          for index in lower..<upper {
            #expect(original.contains(Int(folded.sourceUTF8Offsets[index])))
          }
        }
      }
    }
  }

  @Test("empty and out-of-bounds folded ranges are clamped, never trap")
  func clamping() {
    let folded = TextFolder.fold("Straße")
    #expect(folded.originalUTF8Range(5..<5) == 4..<4)
    #expect(folded.originalUTF8Range(7..<7) == 7..<7)
    #expect(folded.originalUTF8Range(5..<100) == 4..<7)
    #expect(folded.originalUTF8Range(50..<100) == 7..<7)
    let empty = TextFolder.fold("")
    #expect(empty.originalUTF8Range(0..<0) == 0..<0)
    #expect(empty.originalUTF8Range(0..<3) == 0..<0)
  }

  @Test("several matched ranges map to sorted, merged original ranges")
  func mergedOriginalRanges() {
    let folded = TextFolder.fold("Straße Straße")
    // The two "s" of ß, and "tra" + "ss": one span each.
    #expect(folded.originalUTF8Ranges([5..<6, 4..<5]) == [4..<6])
    #expect(folded.originalUTF8Ranges([8..<15, 1..<4, 4..<6]) == [1..<6, 8..<15])
  }

  @Test("HighlightRanges.merged sorts, merges overlapping and touching ranges, drops empty ones")
  func merging() {
    #expect(HighlightRanges.merged([]) == [])
    #expect(HighlightRanges.merged([0..<2, 2..<4, 7..<9, 8..<10]) == [0..<4, 7..<10])
    #expect(HighlightRanges.merged([8..<10, 0..<2, 3..<3, 1..<5]) == [0..<5, 8..<10])
    #expect(HighlightRanges.merged([0..<10, 2..<3]) == [0..<10])
    #expect(HighlightRanges.merged([4..<4]) == [])
  }
}
