import Testing

@testable import SuggestEngine

/// A title that has every letter of a query word but not in its order is rejected before any tier's test
/// (``ItemEvaluator``): it matches only when the word is within its typo budget of it.
@Suite struct LetterOrderTests {
  private let catalog = Catalog(
    items: ["pats", "spat", "past", "tapas", "sprat-tool", "patch-set", "apts", "pasta"].map {
      CatalogItem(id: $0, title: $0)
    }
  )

  private func found(_ query: String, mode: MatchMode = .smart) async throws -> Set<String> {
    let result = try await catalog.search(SearchQuery(text: query, mode: mode, limit: 50))
    #expect(result.total == result.hits.count)
    return Set(result.hits.compactMap { catalog.item(at: $0.index)?.title })
  }

  @Test("letters out of order match only within the typo budget")
  func outOfOrder() async throws {
    // "past" and "apts" are one swap from "pats", and "pasta" begins one swap away; "spat", "tapas" and
    // "sprat-tool" have its letters in another order, two edits or more away.
    #expect(try await found("pats") == ["pats", "past", "apts", "pasta", "patch-set"])
    // Without typos, only the titles where the letters come in order.
    #expect(try await found("pats", mode: .fuzzy) == ["pats", "patch-set"])
    // Three letters have no typo budget.
    #expect(try await found("tsp") == [])
    #expect(try await found("spt") == ["spat", "sprat-tool"])
  }

  @Test(
    "a full page counts only the titles with the letters in order",
    arguments: [
      ("pats", MatchMode.smart, 5), ("pats", .fuzzy, 2), ("spt", .smart, 2), ("tsp", .smart, 0),
    ]
  )
  func fullPageCounts(query: String, mode: MatchMode, total: Int) async throws {
    // A page of one is full after its first hit: every later title can only be counted, and the scan's order test
    // is what keeps a title with the letters in another order out of the count.
    let result = try await catalog.search(SearchQuery(text: query, mode: mode, limit: 1))
    #expect(result.total == total)
  }

  @Test("each word of several is held to its own order")
  func severalWords() async throws {
    #expect(try await found("pat set") == ["patch-set"])
    #expect(try await found("tool spr") == ["sprat-tool"])
    #expect(try await found("tool rps") == [])
  }
}
