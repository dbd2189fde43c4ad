import TestSupport
import Testing

@testable import SuggestEngine

/// The fast search against ``ReferenceSearch`` on seeded random catalogs: same totals, same hits, same order.
@Suite(.ownThreads) struct SearchOracleTests {
  static func fastHits(_ catalog: Catalog, _ result: SearchResult) -> [ReferenceSearch.Hit] {
    result.hits.map { ReferenceSearch.Hit(id: catalog.id(at: $0.index) ?? "?", tier: $0.tier, score: $0.score) }
  }

  static func check(
    _ catalog: Catalog,
    _ reference: ReferenceSearch,
    _ query: SearchQuery,
    session: inout SearchSession,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let fast = try await catalog.search(query, session: &session)
    let slow = reference.search(query)
    #expect(fast.total == slow.total, "total for \(query)", sourceLocation: sourceLocation)
    #expect(fastHits(catalog, fast) == slow.hits, "hits for \(query)", sourceLocation: sourceLocation)
  }

  @Test("every mode agrees with the reference", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func modesAgree(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 250)
    let catalog = Catalog(items: items)
    let reference = ReferenceSearch(catalog: catalog)
    for _ in 0..<40 {
      let text = generator.query(from: items)
      for mode in MatchMode.allCases {
        var session = SearchSession()
        let limit = [1, 5, 50, 1000].randomElement(using: &generator.random)!
        try await Self.check(catalog, reference, SearchQuery(text: text, mode: mode, limit: limit), session: &session)
      }
    }
  }

  @Test(
    "small pages over many popularity levels agree with the reference (the scan's pruning bar)",
    arguments: [51, 52, 53, 54, 55, 56] as [UInt64]
  )
  func smallPagesAgree(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 300, spreadWeights: true)
    let catalog = Catalog(items: items)
    let reference = ReferenceSearch(catalog: catalog)
    for _ in 0..<40 {
      var text = generator.query(from: items)
      if Bool.random(using: &generator.random) { text += " " + String(generator.word().prefix(2)) }
      for limit in [1, 2, 3, 5] {
        var session = SearchSession()
        try await Self.check(catalog, reference, SearchQuery(text: text, limit: limit), session: &session)
      }
    }
  }

  @Test("tokens, scope, offset and limit agree with the reference", arguments: [11, 12, 13] as [UInt64])
  func restrictionsAgree(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 200)
    let catalog = Catalog(items: items, tokens: RandomCatalog.tokens.map { CatalogToken(id: $0, label: $0) })
    let reference = ReferenceSearch(catalog: catalog)
    for _ in 0..<40 {
      let tokens = RandomCatalog.tokens.filter { _ in Int.random(in: 0..<3, using: &generator.random) == 0 }
      let scope =
        Bool.random(using: &generator.random) ? RandomCatalog.tokens.randomElement(using: &generator.random) : nil
      let text = Bool.random(using: &generator.random) ? generator.query(from: items) : ""
      let query = SearchQuery(
        text: text,
        mode: MatchMode.allCases.randomElement(using: &generator.random)!,
        tokens: tokens,
        scope: scope,
        limit: Int.random(in: 0...12, using: &generator.random),
        offset: Int.random(in: 0...8, using: &generator.random)
      )
      var session = SearchSession()
      try await Self.check(catalog, reference, query, session: &session)
    }
    var session = SearchSession()
    let unknown = SearchQuery(text: "a", tokens: ["nope"])
    try await Self.check(catalog, reference, unknown, session: &session)
  }

  /// Types `text` letter by letter in one session, checking each query `query` makes of what is typed so far.
  ///
  /// - Returns: How many of the searches refined the previous one.
  static func checkTyping(
    _ text: String,
    _ catalog: Catalog,
    _ reference: ReferenceSearch,
    sourceLocation: SourceLocation = #_sourceLocation,
    query: (String) -> SearchQuery
  ) async throws -> Int {
    var session = SearchSession()
    var typed = ""
    for character in text {
      typed.append(character)
      try await check(catalog, reference, query(typed), session: &session, sourceLocation: sourceLocation)
    }
    return session.refinedSearches
  }

  @Test(
    "typing letter by letter with a session gives the results of fresh searches",
    arguments: [21, 22, 23] as [UInt64]
  )
  func refinementAgrees(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 300)
    let catalog = Catalog(items: items)
    let reference = ReferenceSearch(catalog: catalog)
    var refined = 0
    for _ in 0..<25 {
      let text = generator.query(from: items) + (Bool.random(using: &generator.random) ? " " + generator.word() : "")
      for mode in [MatchMode.smart, .fuzzy, .prefix] {
        refined += try await Self.checkTyping(text, catalog, reference) { SearchQuery(text: $0, mode: mode, limit: 7) }
      }
    }
    #expect(refined > 100, "refinement was exercised")
  }

  @Test(
    "typing several words, some mistyped, letter by letter with a session gives the results of fresh searches",
    arguments: [24, 25, 26] as [UInt64]
  )
  func severalMistypedWordsRefine(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 300)
    let catalog = Catalog(items: items)
    let reference = ReferenceSearch(catalog: catalog)
    var refined = 0
    for _ in 0..<20 {
      let text = generator.mistypedWords(from: items)
      let limit = [3, 7, 50].randomElement(using: &generator.random)!
      refined += try await Self.checkTyping(text, catalog, reference) { SearchQuery(text: $0, limit: limit) }
    }
    #expect(refined > 100, "refinement was exercised")
  }

  @Test(
    "acronyms through compound words agree with the reference, typed letter by letter",
    arguments: [51, 52] as [UInt64]
  )
  func compoundAcronymsAgree(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    // Vocabulary words, run together ("dateutil", "toolkit") or apart, and the initials of each title.
    let parts = ["date", "util", "tool", "kit", "fast", "api", "oauth", "lib", "data", "set", "py", "2", "pro"]
    var items: [CatalogItem] = []
    var initials: [[Character]] = []
    for number in 0..<250 {
      var title = ""
      var letters: [Character] = []
      for word in 0..<Int.random(in: 1...3, using: &random) {
        if word > 0 { title += ["-", " ", ""].randomElement(using: &random)! }
        for _ in 0..<Int.random(in: 1...2, using: &random) {
          let part = parts.randomElement(using: &random)!
          title += part
          letters.append(part.first!)
        }
      }
      let weight = [0, 1, 10, 100, 15000].randomElement(using: &random)!
      items.append(CatalogItem(id: "c\(number)", title: title, weight: Double(weight)))
      initials.append(letters)
    }
    let catalog = Catalog(items: items)
    #expect(catalog.base.compoundStarts.words.reduce(0) { $0 + $1.nonzeroBitCount } > 50, "compounds were built")
    let reference = ReferenceSearch(catalog: catalog)
    for _ in 0..<40 {
      let letters = initials.randomElement(using: &random)!
      let start = Int.random(in: 0..<letters.count, using: &random)
      var text = String(letters[start..<Int.random(in: (start + 1)...letters.count, using: &random)])
      // A second word may claim a start the initials would use.
      if Bool.random(using: &random) { text += " " + parts.randomElement(using: &random)!.prefix(3) }
      let limit = [3, 10, 50].randomElement(using: &random)!
      _ = try await Self.checkTyping(text, catalog, reference) { SearchQuery(text: $0, limit: limit) }
    }
  }

  @Test("added, replaced and removed items are searched like a fresh catalog", arguments: [31, 32, 33] as [UInt64])
  func editsAgree(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    var model = generator.items(count: 200)
    var catalog = Catalog(items: model)
    model = catalog.indices.compactMap { catalog.item(at: $0) }
    for round in 0..<6 {
      let added = generator.items(count: 8, idPrefix: "r\(round)-")
      let replacements = (0..<3).compactMap { _ -> CatalogItem? in
        guard var item = model.randomElement(using: &generator.random) else { return nil }
        item.title = generator.title()
        return item
      }
      catalog = catalog.adding(added + replacements)
      // A replacing item takes a new position after all others (protocol.md §6, repeated ids).
      for item in added + replacements {
        model.removeAll { $0.id == item.id }
        model.append(item)
      }
      let removed = (0..<4).compactMap { _ in model.randomElement(using: &generator.random)?.id }
      catalog = catalog.removing(ids: removed)
      model.removeAll { removed.contains($0.id) }
      #expect(catalog.count == model.count)
      #expect(catalog.indices.compactMap { catalog.id(at: $0) } == model.map(\.id))
      let reference = ReferenceSearch(items: model, prior: { catalog.prior(forWeight: $0) })
      for _ in 0..<15 {
        var session = SearchSession()
        let query = SearchQuery(text: generator.query(from: model), mode: .smart, limit: 10)
        try await Self.check(catalog, reference, query, session: &session)
      }
      var session = SearchSession()
      try await Self.check(catalog, reference, SearchQuery(text: "", limit: 500), session: &session)
    }
  }

  @Test("boosts raise items within their tier without a rescan", arguments: [41, 42] as [UInt64])
  func boostsAgree(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 200)
    let catalog = Catalog(items: items)
    let reference = ReferenceSearch(catalog: catalog)
    for _ in 0..<30 {
      var boosts: [String: Int] = [:]
      for _ in 0..<5 {
        boosts[items.randomElement(using: &generator.random)!.id] = Int.random(in: -5...400, using: &generator.random)
      }
      let query = SearchQuery(text: generator.query(from: items), limit: 5, boosts: boosts)
      var session = SearchSession()
      try await Self.check(catalog, reference, query, session: &session)
    }
  }
}
