import Foundation
import JSONKit
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// The built-in demo catalog against the seed tutorial it comes from: its `ProductViewModel.products` and
/// `filteredProducts(searchText:)`, written out here as the oracle.
@Suite(.scaledTimeLimit(minutes: 1)) struct DemoCatalogTests {
  /// The seed's product list, as the tutorial writes it (before `.sorted { $0 < $1 }`).
  static let seedProducts = [
    "AirPods", "AirPods Max", "AirPods Pro", "Apple Pencil", "Apple TV", "Apple Watch", "HomePod", "HomePod mini",
    "iMac", "iMac Pro", "iPad", "iPad Air", "iPad mini", "iPad Pro", "iPhone", "iPhone Pro", "iPhone Pro Max", "iPod",
    "iPod classic", "iPod mini", "iPod nano", "iPod shuffle", "iPod touch", "Mac mini", "Mac Pro", "MacBook",
    "MacBook Air", "MacBook Pro", "Macintosh", "Magic Keyboard", "Magic Mouse", "Magic Trackpad", "Studio Display",
    "Vision Pro",
  ]

  /// The seed's `products`.
  static let products = seedProducts.sorted { $0 < $1 }

  /// The seed's `filteredProducts(searchText:)`.
  static func filteredProducts(searchText: String) -> [String] {
    if searchText.isEmpty { return products }
    return products.filter { $0.localizedCaseInsensitiveContains(searchText) }
  }

  @Test("34 products, in the seed's order, each with a unique id, one defined token and an icon")
  func products() throws {
    let items = DemoCatalog.items
    #expect(items.count == 34)
    #expect(items.map(\.title) == Self.products)
    #expect(Set(items.map(\.id)).count == items.count)
    let tokenIDs = Set(DemoCatalog.tokens.map(\.id))
    for item in items {
      #expect(item.tokens.count == 1, "\(item.title)")
      #expect(item.tokens.allSatisfy(tokenIDs.contains), "\(item.title) has an undefined token \(item.tokens)")
      #expect(!(item.icon ?? "").isEmpty, "\(item.title) has no icon")
    }
    // Every category is used, and each has an icon too.
    #expect(Set(items.flatMap(\.tokens)) == tokenIDs)
    #expect(DemoCatalog.tokens.allSatisfy { !($0.icon ?? "").isEmpty })
  }

  @Test("the categories are the ones a user expects")
  func categories() {
    let labels = Dictionary(uniqueKeysWithValues: DemoCatalog.tokens.map { ($0.id, $0.label) })
    let category = Dictionary(uniqueKeysWithValues: DemoCatalog.items.map { ($0.title, labels[$0.tokens[0]] ?? "") })
    #expect(category["MacBook Pro"] == "Mac")
    #expect(category["iMac"] == "Mac")
    #expect(category["iPhone Pro Max"] == "iPhone")
    #expect(category["iPad mini"] == "iPad")
    #expect(category["AirPods Max"] == "Audio")
    #expect(category["iPod shuffle"] == "Audio")
    #expect(category["Apple Watch"] == "Watch")
    #expect(category["HomePod mini"] == "TV & Home")
    #expect(category["Apple TV"] == "TV & Home")
    #expect(category["Magic Mouse"] == "Accessories")
    #expect(category["Vision Pro"] == "Vision")
  }

  @Test("the daemon with no --catalog serves it: catalog/stats and an empty search/filter in catalog order")
  func served() async throws {
    let daemon = try await TestDaemon()
    let stats = try await daemon.result("catalog/stats")
    #expect(stats["items"]?.int == 34)
    #expect(stats["tokens"]?.int == DemoCatalog.tokens.count)
    let all = try await daemon.result("search/filter", ["query": ""])
    #expect(all["total"]?.int == 34)
    #expect(all["items"]?.strings("title") == Self.products)
    #expect(all["items"]?.strings("icon") == DemoCatalog.items.map { $0.icon ?? "" })
    await daemon.finish()
  }

  static let containsQueries = [
    "", "pro", "PRO", "Pro", "iP", "ip", "mini", "MINI", "ö", " ", "air pods", "airpods", "AirPods ", "Mac", "mac ",
    "book", "o", "a", "e", "i", "x", "z", "pod", "Pod m", "d m", "ne", "Apple", "apple tv", "tv", "Watch", "h",
    "studio display", "ISPLA", "iPhone Pro Max", "iPhone Pro Max ", "Magic", "ic", "c", "Ma", "é", "İ", "ı", "ß",
    "\u{0301}", "Vision Pro", "visionpro", "-", "AirPods Pro Max",
  ]

  @Test("search/filter mode contains reproduces the seed's filteredProducts exactly", arguments: containsQueries)
  func containsMatchesSeed(query: String) async throws {
    let daemon = try await TestDaemon()
    let result = try await daemon.result("search/filter", ["query": .string(query), "mode": "contains", "limit": 100])
    let expected = Self.filteredProducts(searchText: query)
    #expect(result["items"]?.strings("title") == expected, "query \"\(query)\"")
    #expect(result["total"]?.int == expected.count, "query \"\(query)\"")
    await daemon.finish()
  }

  @Test("contains highlights the first occurrence, case-insensitively")
  func containsHighlights() async throws {
    let daemon = try await TestDaemon()
    let result = try await daemon.result("search/filter", ["query": "PRO", "mode": "contains", "limit": 100])
    for item in result["items"]?.arrayValue ?? [] {
      let title = try #require(item["title"]?.stringValue)
      let found = try #require(title.range(of: "pro", options: .caseInsensitive))
      let start = title.utf16.distance(from: title.startIndex, to: found.lowerBound)
      #expect(item["matches"]?.ranges == [start..<start + 3], "\(title)")
    }
    await daemon.finish()
  }
}
