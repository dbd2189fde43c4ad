import Testing

@testable import SuggestEngine

@Suite struct TokenSuggestionTests {
  static let catalog = Catalog(
    items: [
      CatalogItem(id: "1", title: "Heat", tokens: ["movies"]),
      CatalogItem(id: "2", title: "Thriller", tokens: ["music", "movies"]),
      CatalogItem(id: "3", title: "Bad", tokens: ["music"]),
      CatalogItem(id: "4", title: "Notes", tokens: ["documents"]),
      CatalogItem(id: "5", title: "Score", tokens: ["music"]),
    ],
    tokens: [
      CatalogToken(id: "movies", label: "Movies", keywords: ["film", "cinema"]),
      CatalogToken(id: "music", label: "Music", keywords: ["songs"]),
      CatalogToken(id: "documents", label: "Documents", keywords: ["files"]),
    ]
  )

  @Test("an empty query lists every unselected token with its count")
  func emptyQuery() {
    let all = Self.catalog.tokenSuggestions(query: "")
    #expect(all.map(\.token.id) == ["movies", "music", "documents"])
    #expect(all.map(\.count) == [2, 3, 1])
    let afterMusic = Self.catalog.tokenSuggestions(query: "#", selected: ["music"])
    #expect(afterMusic.map(\.token.id) == ["movies", "documents"])
    #expect(afterMusic.map(\.count) == [1, 0])
  }

  @Test("labels and keywords match, best first, a leading # ignored")
  func matching() {
    #expect(Self.catalog.tokenSuggestions(query: "#mu").map(\.token.id) == ["music"])
    #expect(Self.catalog.tokenSuggestions(query: "m").map(\.token.id) == ["music", "movies", "documents"])
    #expect(Self.catalog.tokenSuggestions(query: "film").map(\.token.id) == ["movies"])
    #expect(Self.catalog.tokenSuggestions(query: "song").map(\.token.id) == ["music"])
    #expect(Self.catalog.tokenSuggestions(query: "zzz").isEmpty)
    #expect(Self.catalog.tokenSuggestions(query: "m", limit: 1).count == 1)
  }

  @Test("counts reflect the selected tokens")
  func counts() {
    #expect(Self.catalog.tokenCounts(selected: []) == ["movies": 2, "music": 3, "documents": 1])
    #expect(Self.catalog.tokenCounts(selected: ["movies"]) == ["movies": 2, "music": 1, "documents": 0])
    #expect(Self.catalog.tokenCounts(selected: ["unknown"]) == ["movies": 0, "music": 0, "documents": 0])
  }
}
