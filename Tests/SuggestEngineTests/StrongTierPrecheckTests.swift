import TestSupport
import Testing

@testable import SuggestEngine

/// The scan skips the strong-tier matching of an item whose query words cannot start a title word (word prefix) or
/// have their characters begin title words in order (acronym): such an item is only counted. These catalogs make
/// that pre-check decide often: titles of many short words over a few letters (so acronyms like "ss" or "sat" match
/// some titles and just miss others), spread popularity (so the score bar leaves strong tiers open to some items
/// only), short queries, small pages. The fast search must agree with the reference.
@Suite(.ownThreads) struct StrongTierPrecheckTests {
  static let pieces = ["s", "sa", "st", "ta", "as", "t", "e", "se", "és", "é", "2", "sS", "Ta"]
  static let separators = ["-", " ", "_", ""]

  static func title(_ random: inout SplitMix64) -> String {
    var title = ""
    for index in 0..<Int.random(in: 1...5, using: &random) {
      if index > 0 { title += separators.randomElement(using: &random)! }
      for _ in 0..<Int.random(in: 1...2, using: &random) { title += pieces.randomElement(using: &random)! }
    }
    return title
  }

  static func catalog(seed: UInt64, count: Int) -> (Catalog, ReferenceSearch, SplitMix64) {
    var random = SplitMix64(seed: seed)
    let items = (0..<count).map { number in
      CatalogItem(
        id: "p\(number)",
        title: title(&random),
        weight: Bool.random(using: &random) ? 0 : Double(Int.random(in: 1...20000, using: &random))
      )
    }
    let catalog = Catalog(items: items)
    return (catalog, ReferenceSearch(catalog: catalog), random)
  }

  @Test("short acronym-shaped queries agree with the reference", arguments: [71, 72, 73, 74] as [UInt64])
  func shortQueriesAgree(seed: UInt64) async throws {
    var (catalog, reference, random) = Self.catalog(seed: seed, count: 600)
    let queries = ["ss", "st", "sat", "sst", "ts", "ee", "s s", "st a", "és", "ée", "se2", "tas", "S-T"]
    for text in queries + (0..<20).map({ _ in Self.title(&random).prefix(3).description }) {
      for limit in [1, 3, 10, 50] {
        var session = SearchSession()
        try await SearchOracleTests.check(catalog, reference, SearchQuery(text: text, limit: limit), session: &session)
      }
    }
  }

  @Test("typing sessions over such catalogs agree with the reference", arguments: [81, 82] as [UInt64])
  func typingAgrees(seed: UInt64) async throws {
    var (catalog, reference, random) = Self.catalog(seed: seed, count: 600)
    for _ in 0..<12 {
      let target = Self.title(&random)
      var session = SearchSession()
      var typed = ""
      for character in target {
        typed.append(character)
        try await SearchOracleTests.check(catalog, reference, SearchQuery(text: typed, limit: 5), session: &session)
      }
      // Backspace, then a different continuation.
      typed.removeLast()
      typed += "s"
      try await SearchOracleTests.check(catalog, reference, SearchQuery(text: typed, limit: 5), session: &session)
    }
  }
}
