import Testing

@testable import SuggestEngine

/// The scan rules out, 64 titles at a time, titles that lack a letter a query word has twice; a typo match still
/// gets through.
@Suite struct RepeatedLettersTests {
  @Test("the letters a run of folded bytes has at least twice")
  func repeats() {
    func letters(_ text: String) -> UInt32 { LetterMask.repeats(Array(text.utf8)) }
    func mask(_ letters: String) -> UInt32 { LetterMask.of(Array(letters.utf8)) }
    #expect(letters("test") == mask("t"))
    #expect(letters("goog") == mask("go"))
    #expect(letters("t-e-s-t") == mask("t"))
    #expect(letters("abc") == 0)
    #expect(letters("1122") == 0, "digits are not letters")
    #expect(letters("\u{E9}\u{E9}") == 0, "nor are non-ASCII characters")
  }

  @Test("a word with a letter twice matches the titles that have it twice, and its typo matches")
  func searches() async throws {
    let titles = ["test", "tes", "t-e-s-t", "best", "settle", "ttt", "tset"]
    let catalog = Catalog(items: titles.map { CatalogItem(id: $0, title: $0) })
    func found(_ query: String) async throws -> Set<String> {
      let result = try await catalog.search(SearchQuery(text: query, limit: 50))
      #expect(result.total == result.hits.count)
      return Set(result.hits.compactMap { catalog.item(at: $0.index)?.title })
    }
    #expect(try await found("tt") == ["test", "t-e-s-t", "settle", "ttt", "tset"])
    // One "s" too many: "test" and "tset" have one "s", and are one edit away.
    #expect(try await found("tesst").isSuperset(of: ["test"]))
    #expect(try await found("ee") == ["settle"] as Set)
  }
}
