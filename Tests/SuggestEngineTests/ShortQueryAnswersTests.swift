import Testing

@testable import SuggestEngine

/// Answers served by ``ShortQueryAnswers`` against the full scan of the same snapshot, on seeded catalogs with tokens,
/// boosts (recents) and edits: every answer must be the scan's, hit for hit (items, order, scores, tiers, fields,
/// highlights) and total for total.
@Suite struct ShortQueryAnswersTests {
  /// A one- to three-character query: a piece of a title or of a title word's start, maybe two words, maybe cased.
  static func shortQuery(_ generator: inout RandomCatalog, items: [CatalogItem]) -> String {
    let title = Array(items.randomElement(using: &generator.random)?.title ?? "ab")
    let start = Int.random(in: 0..<max(1, title.count), using: &generator.random)
    let piece = String(title[start..<min(title.count, start + Int.random(in: 1...3, using: &generator.random))])
    switch Int.random(in: 0..<6, using: &generator.random) {
    case 0: return String(generator.word().prefix(1)) + " " + String(generator.word().prefix(1))
    case 1: return piece.uppercased()
    default: return piece
    }
  }

  /// Searches `query` twice through the store (so the second is served from it when it is short) and once by the
  /// full scan, and expects the same result from all three.
  static func expectServedEqualsScan(
    _ catalog: Catalog,
    _ query: SearchQuery,
    session: inout SearchSession,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    var fresh = SearchSession()
    var freshMemory = SearchScratch()
    let scanned = try await catalog.fullSearch(query, session: &fresh, scratch: &freshMemory)
    let first = try await catalog.search(query, session: &session)
    let served = try await catalog.search(query, session: &session)
    #expect(first == scanned, "first search of \(query)", sourceLocation: sourceLocation)
    #expect(served == scanned, "served answer of \(query)", sourceLocation: sourceLocation)
  }

  @Test(
    "short queries in every mode, page, token, scope and boost agree with the scan",
    arguments: [1, 2, 3, 4] as [UInt64]
  )
  func answersAgree(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 400, spreadWeights: seed.isMultiple(of: 2))
    let catalog = Catalog(items: items, tokens: RandomCatalog.tokens.map { CatalogToken(id: $0, label: $0) })
    var session = SearchSession()
    for _ in 0..<60 {
      var boosts: [String: Int] = [:]
      if Bool.random(using: &generator.random) {
        for _ in 0..<4 {
          boosts[items.randomElement(using: &generator.random)!.id] = Int.random(in: -5...300, using: &generator.random)
        }
      }
      // Chosen items rank first among their strong matches, so they are part of an answer's key.
      var chosen: [String] = []
      if Bool.random(using: &generator.random) {
        chosen = (0..<2).map { _ in items.randomElement(using: &generator.random)!.id }
      }
      let restricted = Int.random(in: 0..<3, using: &generator.random) == 0
      let query = SearchQuery(
        text: Self.shortQuery(&generator, items: items),
        mode: MatchMode.allCases.randomElement(using: &generator.random)!,
        tokens: restricted ? [RandomCatalog.tokens.randomElement(using: &generator.random)!] : [],
        scope: restricted && Bool.random(using: &generator.random) ? "t3" : nil,
        limit: [1, 5, 10, 50].randomElement(using: &generator.random)!,
        offset: Bool.random(using: &generator.random) ? 0 : Int.random(in: 1...20, using: &generator.random),
        boosts: boosts,
        recents: chosen
      )
      try await Self.expectServedEqualsScan(catalog, query, session: &session)
    }
    #expect(catalog.shortAnswers.servedCount > 0)
  }

  @Test("every page inside the kept depth is cut from one answer, as the scan pages it", arguments: [5, 6] as [UInt64])
  func pagesAgree(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 3_000, spreadWeights: true)
    let catalog = Catalog(items: items)
    for text in ["a", "re", "ab", "2", "est", "e", "x u"] {
      for (offset, limit) in [(0, 1), (0, 2), (0, 3), (0, 5), (0, 10), (0, 50), (3, 7), (45, 5), (10, 40)] {
        var session = SearchSession()
        try await Self.expectServedEqualsScan(
          catalog,
          SearchQuery(text: text, limit: limit, offset: offset),
          session: &session
        )
      }
    }
    #expect(catalog.shortAnswers.count == 7)
  }

  @Test("a three-character query is kept when first asked at the kept depth; for a smaller page it is scanned")
  func tripleKeptAtDepth() async throws {
    var generator = RandomCatalog(seed: 7)
    let catalog = Catalog(items: generator.items(count: 2_000, spreadWeights: true))
    /// Searches `text` for `limit` hits in a field of its own, and expects what a scan gives.
    func search(_ text: String, limit: Int) async throws {
      var session = SearchSession()
      try await Self.expectServedEqualsScan(catalog, SearchQuery(text: text, limit: limit), session: &session)
    }
    try await search("est", limit: 10)
    // Not kept at depth for a page of 10: both searches scanned, and nothing was served.
    #expect(catalog.shortAnswers.count == 0 && catalog.shortAnswers.servedCount == 0)
    try await search("ab", limit: 10)
    #expect(catalog.shortAnswers.count == 1 && catalog.shortAnswers.servedCount == 1)
    try await search("est", limit: 50)
    #expect(catalog.shortAnswers.count == 2 && catalog.shortAnswers.servedCount == 2)
    // Kept now: a smaller page is cut from it.
    try await search("est", limit: 5)
    #expect(catalog.shortAnswers.servedCount == 4)
  }

  @Test("typing left to right in one field: served answers leave the session refinable and right")
  func typingAgrees() async throws {
    var generator = RandomCatalog(seed: 21)
    let items = generator.items(count: 2_000, spreadWeights: true)
    let catalog = Catalog(items: items)
    try await catalog.prepareShortQueries()
    var session = SearchSession()
    for item in items.prefix(40) {
      let title = Array(item.title)
      for end in 1...min(title.count, 7) {
        let query = SearchQuery(text: String(title[..<end]), limit: 5)
        var fresh = SearchSession()
        var freshMemory = SearchScratch()
        let scanned = try await catalog.fullSearch(query, session: &fresh, scratch: &freshMemory)
        let answer = try await catalog.search(query, session: &session)
        #expect(answer == scanned, "typing \(query.text)")
      }
    }
    #expect(catalog.shortAnswers.servedCount > 40)
  }

  /// Expects the kept answer of each of `texts`, to the depth kept, to be a fresh scan's.
  static func expectKeptAreScans(
    _ catalog: Catalog,
    _ texts: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for text in texts {
      let query = SearchQuery(text: text, limit: ShortQueryAnswers.depth)
      var fresh = SearchSession()
      var freshMemory = SearchScratch()
      let scanned = try await catalog.fullSearch(query, session: &fresh, scratch: &freshMemory)
      #expect(catalog.keptAnswer(query) == scanned, "\(text)", sourceLocation: sourceLocation)
    }
  }

  @Test("answers prepared ahead are the scan's, four and five characters included, and other queries are scanned")
  func preparedAndRefused() async throws {
    var generator = RandomCatalog(seed: 31)
    let items = generator.items(count: 500)
    let catalog = Catalog(items: items)
    let budgets = ShortQueryBudgets(pairs: 40, triples: 20, quads: 15, quints: 8, separated: 10)
    let prepared = catalog.shortQueriesToPrepare(budgets)
    let report = try await catalog.prepareShortQueries(budgets)
    #expect(prepared.count == 36 + 40 + 20 + 15 + 8 + 10 && Set(prepared).count == prepared.count)
    // Each query but the first refines the matches of a shorter one prepared before it (only the single characters
    // have no prefix among the prepared), and every answer is still a fresh scan's, to the depth kept.
    #expect(report.prepared == prepared.count)
    #expect(report.refined >= prepared.count - 36 && report.refined < report.prepared, "\(report)")
    try await Self.expectKeptAreScans(catalog, prepared)
    let triples = prepared.dropLast(33).suffix(20)
    let quads = prepared.dropLast(18).suffix(15)
    let quints = prepared.dropLast(10).suffix(8)
    let separated = prepared.suffix(10)
    #expect(triples.allSatisfy { $0.utf8.count == 3 })
    #expect(quads.allSatisfy { $0.utf8.count == 4 })
    #expect(quints.allSatisfy { $0.utf8.count == 5 })
    #expect(separated.allSatisfy { $0.dropFirst().contains("-") && !$0.contains("--") && $0.utf8.count <= 6 })
    // Kept as stored once prepared, as a later start reads them: none stays decoded.
    #expect(catalog.shortAnswers.count == prepared.count && catalog.shortAnswers.decodedCount == 0)
    // Four and five characters have a typo budget: their answers hold typo hits, as the scan's do.
    for text in ["a", "e"] + triples.suffix(3) + quads.suffix(3) + quints.suffix(3) + separated.prefix(2) {
      var fresh = SearchSession()
      var freshMemory = SearchScratch()
      var session = SearchSession()
      let query = SearchQuery(text: text, limit: 5)
      let before = catalog.shortAnswers.servedCount
      let served = try await catalog.search(query, session: &session)
      #expect(served == (try await catalog.fullSearch(query, session: &fresh, scratch: &freshMemory)))
      #expect(catalog.shortAnswers.servedCount == before + 1, "\(text)")
    }
    // Four and five characters not prepared: scanned each time, and not kept.
    for text in ["zqxv", "zqxvw"] {
      let unprepared = SearchQuery(text: text, limit: 5)
      #expect(!prepared.contains(unprepared.text))
      var session = SearchSession()
      try await Self.expectServedEqualsScan(catalog, unprepared, session: &session)
      #expect(catalog.shortAnswers.count == prepared.count && catalog.shortAnswers.decodedCount == 0)
    }
    #expect(catalog.shortAnswers.servedCount == prepared.count + 13)
    // Six characters, `contains`, a page past the depth, an empty query: never kept.
    for query in [
      SearchQuery(text: "reqest", limit: 5), SearchQuery(text: "re", mode: .contains, limit: 5),
      SearchQuery(text: "re", limit: 10, offset: 45), SearchQuery(text: "", limit: 5),
    ] {
      #expect(ShortQueryAnswers.key(query, prepared: PreparedQuery(query.text)) == nil, "\(query)")
    }
  }

  @Test("a preparation of more answers than a batch holds few decoded at any time, and stores them all")
  func preparedInBatches() async throws {
    // Titles from two random letters or digits, then a random word: every pair and many triples start some title.
    var generator = RandomCatalog(seed: 47)
    let characters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    let items = (0..<4_000).map { number in
      let start = String((0..<2).map { _ in characters.randomElement(using: &generator.random)! })
      return CatalogItem(id: "i\(number)", title: start + generator.word(), weight: Double(number % 97))
    }
    let catalog = Catalog(items: items)
    let budgets = ShortQueryBudgets(pairs: 36 * 36, triples: 600, quads: 100)
    let prepared = catalog.shortQueriesToPrepare(budgets)
    #expect(prepared.count > Catalog.preparedBatch)
    var mostDecoded = 0
    let report = try await catalog.prepareShortQueries(budgets) {
      mostDecoded = max(mostDecoded, catalog.shortAnswers.decodedCount)
    }
    #expect(report.prepared == prepared.count && report.problem == nil)
    #expect(mostDecoded > 0 && mostDecoded <= Catalog.preparedBatch, "\(mostDecoded)")
    #expect(catalog.shortAnswers.count == prepared.count && catalog.shortAnswers.decodedCount == 0)
    try await Self.expectKeptAreScans(catalog, prepared)
  }

  @Test("the starts prepared are those that begin the most live titles, most first, ties in order")
  func commonStarts() {
    let titles = ["abcd1", "abcd2", "abcd3", "abce1", "abce2", "wxyz", "ab", "a-bcd", "Abcd4"]
    let catalog = Catalog(items: titles.enumerated().map { CatalogItem(id: "\($0.offset)", title: $0.element) })
    let letters = catalog.shortQueriesToPrepare(ShortQueryBudgets())
    let prepared = catalog.shortQueriesToPrepare(ShortQueryBudgets(pairs: 2, triples: 1, quads: 3, quints: 2))
    #expect(prepared.dropFirst(36) == ["ab", "wx", "abc", "abcd", "abce", "wxyz", "abcd1", "abcd2"])
    // A removed title no longer counts.
    let edited = catalog.removing(ids: ["0", "1", "8"])
    #expect(edited.shortQueriesToPrepare(ShortQueryBudgets(quads: 1)) == letters + ["abce"])
    #expect(edited.shortQueriesToPrepare(ShortQueryBudgets(quints: 2)) == letters + ["abcd3", "abce1"])
  }

  @Test("starts with a separator: the most common, separator runs as one, up to five characters, with a hyphen")
  func separatedStarts() {
    let titles = [
      "py-foo", "py_bar", "py--baz", "Py.Qux", "ai-r1", "ai-r2", "ai r3", "a-b", "pyfoo", "d\u{E9}-x", "py-barn",
    ]
    let catalog = Catalog(items: titles.enumerated().map { CatalogItem(id: "\($0.offset)", title: $0.element) })
    let letters = catalog.shortQueriesToPrepare(ShortQueryBudgets())
    let prepared = catalog.shortQueriesToPrepare(ShortQueryBudgets(separated: 7))
    // Up to five letters or digits: "py-bar" is a start, "py-barn" is not; ties go to the fewer symbols.
    #expect(prepared.dropFirst(letters.count) == ["py-", "ai-", "ai-r", "py-b", "py-ba", "py-bar", "a-"])
    #expect(!catalog.shortQueriesToPrepare(ShortQueryBudgets(separated: 100)).contains("py-barn"))
    // A removed title no longer counts.
    let edited = catalog.removing(ids: ["0", "1", "2", "3", "10"])
    #expect(edited.shortQueriesToPrepare(ShortQueryBudgets(separated: 1)).dropFirst(letters.count) == ["ai-"])
    // Ties go to the fewer symbols first, whatever their letters: "zz-" before "ai-r".
    let tied = Catalog(items: [CatalogItem(id: "a", title: "zz-a"), CatalogItem(id: "b", title: "ai-rb")])
    let tiedStarts = tied.shortQueriesToPrepare(ShortQueryBudgets(separated: 4)).dropFirst(letters.count)
    #expect(tiedStarts == ["ai-", "zz-", "ai-r", "zz-a"])
  }

  @Test("a full store forgets the answers kept on demand, never the prepared ones, which do not count towards it")
  func fullStore() {
    let store = ShortQueryAnswers()
    let result = SearchResult(total: 1, hits: [])
    func key(_ number: Int) -> ShortQueryAnswers.Key {
      ShortQueryAnswers.Key(joined: Array(String(number).utf8), mode: .smart, tokens: [], scope: nil, recents: [])
    }
    let capacity = ShortQueryAnswers.capacity
    for number in 1...(2 * capacity) { store.keep(result, for: key(-number), boosts: [:], isPrepared: true) }
    for number in 0..<capacity { store.keep(result, for: key(number), boosts: [:]) }
    // Kept again (other boosts): replaced, not counted twice.
    store.keep(result, for: key(0), boosts: ["x": 1])
    #expect(store.count == 3 * capacity)
    let all = 0..<ShortQueryAnswers.depth
    #expect(store.answer(key(-1), boosts: [:], positions: all) == result)
    #expect(store.answer(key(-1), boosts: ["x": 1], positions: all) == nil)
    #expect(store.contains(key(0)) && store.contains(key(capacity - 1)))
    store.keep(result, for: key(capacity), boosts: [:])
    #expect(store.count == 2 * capacity + 1 && store.contains(key(-1)) && store.contains(key(capacity)))
    #expect(!store.contains(key(0)) && !store.contains(key(capacity - 1)))
  }

  @Test(
    "an edited catalog answers from its own snapshot: adds, replacements and removals",
    arguments: [41, 42] as [UInt64]
  )
  func editsAgree(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 600, spreadWeights: true)
    var catalog = Catalog(items: items, tokens: RandomCatalog.tokens.map { CatalogToken(id: $0, label: $0) })
    let queries = (0..<15).map { _ in Self.shortQuery(&generator, items: items) }
    for round in 0..<4 {
      var session = SearchSession()
      for text in queries {
        let query = SearchQuery(text: text, tokens: round == 3 ? ["t1"] : [], limit: round == 2 ? 50 : 5)
        try await Self.expectServedEqualsScan(catalog, query, session: &session)
      }
      let old = catalog
      let added = generator.items(count: 30, idPrefix: "r\(round)-", spreadWeights: true)
      // Replace some existing ids (same id, new title), add new ones, remove others.
      let replaced = items.shuffled(using: &generator.random).prefix(10).map { item in
        CatalogItem(id: item.id, title: String(item.title.reversed()), weight: 15_000)
      }
      catalog = catalog.adding(added + replaced)
        .removing(ids: items.shuffled(using: &generator.random).prefix(10).map(\.id))
      #expect(catalog.shortAnswers.count == 0)
      #expect(old.shortAnswers.count > 0)
    }
  }
}
