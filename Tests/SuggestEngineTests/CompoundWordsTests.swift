import Testing

@testable import SuggestEngine

/// Compound words (``CompoundWords``): where a title word has a word inside it, and the acronyms that read it.
@Suite struct CompoundWordsTests {
  static func split(_ word: String) -> Int? {
    Array(word.utf8).withUnsafeBufferPointer { CompoundWords.innerStart($0) }
  }

  /// The word starts and compound starts of a title, as TitleStarts reports them ("11*" for a compound start).
  static func starts(_ title: String) -> [String] {
    let folded = TextFolder.fold(title)
    var found: [String] = []
    folded.bytes.withUnsafeBufferPointer { bytes in
      folded.flags.withUnsafeBufferPointer { flags in
        TitleStarts.forEach(bytes, flags: flags) { position, isCompound in
          found.append("\(position)" + (isCompound ? "*" : ""))
        }
      }
    }
    return found
  }

  @Test(
    "a word splits where both halves are vocabulary words more common than the word itself",
    arguments: [
      ("dateutil", 4), ("setuptools", 5), ("fastapi", 4), ("oauthlib", 5), ("tensorflow", 6), ("toolbelt", 4),
    ]
  )
  func splits(word: String, at split: Int) {
    #expect(Self.split(word) == split)
  }

  @Test(
    "a common word, a word of no two vocabulary words, and a word too short or not of letters do not split",
    arguments: ["package", "framework", "pandas", "requests", "numpy", "datautil2", "dateu", "date-util", "DateUtil"]
  )
  func noSplit(word: String) {
    #expect(Self.split(word) == nil)
  }

  @Test("a title's word starts come from separators and camel humps; a compound adds one inside, marked")
  func titleStarts() {
    #expect(Self.starts("python-dateutil") == ["0", "7", "11*"])
    #expect(Self.starts("MacBook Pro") == ["0", "3", "8"])
    // A camel hump already parts the compound: no second start inside a part.
    #expect(Self.starts("DateUtil") == ["0", "4"])
    #expect(Self.starts("boto3-stubs") == ["0", "4", "6"])
    #expect(Self.starts("setuptools2") == ["0", "5*", "10"])
  }

  @Test("the vocabulary skips lines that are not a word of 1 to 12 lowercase letters and a positive count")
  func vocabularyLines() {
    let vocabulary = Vocabulary(generated: "util 7\nDate 3\nlib x\nlib 0\ntool 2 3\nabcdefghijklm 4\n\nkit 5")
    func count(_ word: String) -> UInt32 {
      Array(word.utf8).withUnsafeBufferPointer { vocabulary.count(Vocabulary.pack($0, 0..<$0.count)) }
    }
    #expect(count("util") == 7 && count("kit") == 5)
    #expect(count("date") == 0 && count("lib") == 0 && count("tool") == 0 && count("abcdefghijklm") == 0)
    #expect(count("utils") == 0)
    // Spaces around and between the fields, a count too large for 32 bits, a sign.
    let spaced = Vocabulary(generated: "   kit   5  \nbig 4294967296\nplus +3\nlong 4294967295")
    func spacedCount(_ word: String) -> UInt32 {
      Array(word.utf8).withUnsafeBufferPointer { spaced.count(Vocabulary.pack($0, 0..<$0.count)) }
    }
    #expect(spacedCount("kit") == 5 && spacedCount("long") == 4_294_967_295)
    #expect(spacedCount("big") == 0 && spacedCount("plus") == 0)
  }

  @Test("the built-in vocabulary holds each of its lines' words with its count")
  func builtInVocabulary() {
    let lines = CompoundWords.generatedVocabulary.split(separator: "\n")
    #expect(lines.count == 10_000)
    for line in lines {
      let fields = line.split(separator: " ")
      let word = Array(fields[0].utf8)
      let count = word.withUnsafeBufferPointer { CompoundWords.vocabulary.count(Vocabulary.pack($0, 0..<$0.count)) }
      #expect(count == UInt32(fields[1]), "\(fields[0])")
    }
  }

  @Test("initials inside a compound make an acronym that runs from the first word to the last, and highlight")
  func acronymThroughCompound() async throws {
    let catalog = Catalog(items: [CatalogItem(id: "it", title: "python-dateutil")])
    let hit = try #require(try await catalog.search(SearchQuery(text: "pdu", limit: 1)).hits.first)
    #expect(hit.tier == .acronym)
    #expect(hit.titleHighlights == [0..<1, 7..<8, 11..<12])
    // The initials, not the earliest letters in order: the u of util, not of dump.
    let other = Catalog(items: [CatalogItem(id: "it", title: "python-dumputil")])
    let dump = try #require(try await other.search(SearchQuery(text: "pdu", limit: 1)).hits.first)
    #expect(dump.tier == .acronym)
    #expect(dump.titleHighlights == [0..<1, 7..<8, 11..<12])
  }
}
