import Foundation
import Testing

@testable import SuggestEngine

/// `contains` mode reproduces the seed's `products.filter { $0.localizedCaseInsensitiveContains(searchText) }`.
@Suite struct ContainsSearchTests {
  static let products = [
    "AirPods", "AirPods Max", "AirPods Pro", "Apple Pencil", "Apple TV", "Apple Watch", "HomePod", "HomePod mini",
    "iMac", "iMac Pro", "iPad", "iPad Air", "iPad mini", "iPad Pro", "iPhone", "iPhone Pro", "iPhone Pro Max", "iPod",
    "iPod classic", "iPod mini", "iPod nano", "iPod shuffle", "iPod touch", "Mac mini", "Mac Pro", "MacBook",
    "MacBook Air", "MacBook Pro", "Macintosh", "Magic Keyboard", "Magic Mouse", "Magic Trackpad", "Studio Display",
    "Vision Pro",
  ].sorted { $0 < $1 }

  static let catalog = Catalog(items: products.map { CatalogItem(id: $0, title: $0) })

  static func seedFilter(_ searchText: String) -> [String] {
    if searchText.isEmpty { return products }
    return products.filter { $0.localizedCaseInsensitiveContains(searchText) }
  }

  static var queries: [String] {
    var queries = [
      "", "a", "A", "pro", "PRO", "Pro ", " pro", "mac", "MacBook", "ipod", "i", "mini", "o", "air pods",
      "airpods", "ad", "Pad", "pad ", "x", "é", "Ï", "-", ".", " ", "  ", "tv", "Apple T", "iphone pro m", "ß", "ｐｒｏ",
    ]
    // Every substring of a few titles, in several cases.
    for title in ["MacBook Pro", "Studio Display", "iPod shuffle"] {
      let characters = Array(title)
      for start in characters.indices {
        for end in (start + 1)...characters.count {
          let piece = String(characters[start..<end])
          queries += [piece, piece.uppercased(), piece.lowercased()]
        }
      }
    }
    return queries
  }

  @Test("gives exactly Foundation's answer, in catalog order, for every query", arguments: queries)
  func matchesSeed(query: String) async throws {
    let result = try await Self.catalog.search(SearchQuery(text: query, mode: .contains, limit: 100))
    let expected = Self.seedFilter(query)
    #expect(result.total == expected.count)
    #expect(result.hits.compactMap { Self.catalog.title(at: $0.index) } == expected)
  }

  @Test("highlights the first case-insensitive occurrence in UTF-8 offsets")
  func highlights() async throws {
    let result = try await Self.catalog.search(SearchQuery(text: "BOOK p", mode: .contains, limit: 5))
    #expect(result.hits.map { Self.catalog.title(at: $0.index) } == ["MacBook Pro"])
    #expect(result.hits.first?.titleHighlights == [3..<9])
  }

  @Test("pages with offset and limit, restricted by tokens")
  func pagesAndTokens() async throws {
    let items = Self.products.map { CatalogItem(id: $0, title: $0, tokens: $0.hasPrefix("i") ? ["ios"] : []) }
    let catalog = Catalog(items: items, tokens: [CatalogToken(id: "ios", label: "iOS")])
    let page = try await catalog.search(SearchQuery(text: "p", mode: .contains, tokens: ["ios"], limit: 3, offset: 2))
    let all = Self.seedFilter("p").filter { $0.hasPrefix("i") }
    #expect(page.total == all.count)
    #expect(page.hits.compactMap { catalog.title(at: $0.index) } == Array(all.dropFirst(2).prefix(3)))
  }

  @Test("non-ASCII titles are decided by Foundation")
  func nonASCII() async throws {
    let titles = ["Café", "CAFÉ crème", "naïve", "Straße", "e\u{301}clair", "ＡＢＣ"]
    let catalog = Catalog(items: titles.map { CatalogItem(id: $0, title: $0) })
    for query in ["é", "É", "cafe", "café", "ss", "SS", "ß", "e", "\u{301}", "abc", "Ａ", "Ï", "NAÏVE"] {
      let result = try await catalog.search(SearchQuery(text: query, mode: .contains))
      let expected = titles.filter { $0.localizedCaseInsensitiveContains(query) }
      #expect(result.hits.compactMap { catalog.title(at: $0.index) } == expected, "\(query)")
    }
  }
}
