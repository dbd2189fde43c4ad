import TestSupport
import Testing

@testable import SuggestEngine

/// A family of names that share their first words ("odoo-addon-…"), most of them unranked, ties a page on
/// everything but the last-word sign (``MatchScoring/last``). The scan only counts a word-prefix or acronym match
/// that cannot touch the title's last word when the sign is what it needs to pass the bar, and it splits a refinement
/// into chunks of equal candidates, not equal slots. These catalogs make both decide often; the fast search must
/// agree with the reference.
@Suite(.ownThreads) struct LastWordSignTests {
  static let stems = ["odoo-addon", "odoo14-addon", "odoo addons", "oca", "odoo", "addon-odoo"]
  static let words = ["account", "a1", "animal", "sale", "stock", "ab", "adn", "oa", "d", "nota", "an", "x", "Ödo"]
  static let separators = ["-", " ", "_"]

  static func catalog(seed: UInt64, count: Int) -> (Catalog, ReferenceSearch, SplitMix64) {
    var random = SplitMix64(seed: seed)
    let items = (0..<count).map { number in
      var title = stems.randomElement(using: &random)!
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        title += separators.randomElement(using: &random)! + words.randomElement(using: &random)!
      }
      return CatalogItem(
        id: "p\(number)",
        title: title,
        weight: Int.random(in: 0..<8, using: &random) == 0 ? Double(Int.random(in: 1...20000, using: &random)) : 0
      )
    }
    let catalog = Catalog(items: items)
    return (catalog, ReferenceSearch(catalog: catalog), random)
  }

  static let queries = [
    "odoo-a", "odoo-addon-a", "odoo a", "oa", "odoo-addon-s", "odoo-ad", "odoo-addon-", "o a", "addon a",
    "odoo-addon-an",
    "oaa", "odoo14-addon-n", "odoo-addon-x", "ooa", "addon-odoo-ö",
  ]

  @Test("queries over a family of tied names agree with the reference", arguments: [91, 92, 93] as [UInt64])
  func familyQueriesAgree(seed: UInt64) async throws {
    let (catalog, reference, _) = Self.catalog(seed: seed, count: 800)
    for text in Self.queries {
      for limit in [1, 3, 10] {
        var session = SearchSession()
        try await SearchOracleTests.check(catalog, reference, SearchQuery(text: text, limit: limit), session: &session)
      }
    }
  }

  @Test("typing into a family of more names than one thread scans agrees with the reference")
  func largeFamilyTypingAgrees() async throws {
    // More candidates than `Catalog.inlineScanSlots`, so that the refinements are split into parallel chunks.
    let (catalog, reference, _) = Self.catalog(seed: 94, count: 9_000)
    for target in ["odoo-addon-an"] {
      var session = SearchSession()
      var typed = ""
      for character in target {
        typed.append(character)
        try await SearchOracleTests.check(catalog, reference, SearchQuery(text: typed, limit: 10), session: &session)
      }
    }
  }
}
