import TestSupport
import Testing

@testable import SuggestEngine

/// A scan split in two phases (``PopularitySplit``): the likely best slots first, then the rest from the bar the first
/// phase reached. It must find exactly what one scan finds.
@Suite(.ownThreads) struct PopularitySplitTests {
  /// The plan of `query`, its scan split in two phases or not.
  static func plan(
    _ catalog: Catalog,
    _ query: SearchQuery,
    split: Bool,
    scratch: inout SearchScratch
  ) -> SearchPlan {
    let plan = catalog.plan(
      query,
      prepared: PreparedQuery(query.text),
      restriction: [nil, nil],
      session: SearchSession(),
      scratch: &scratch
    )
    return SearchPlan(
      contexts: plan.contexts,
      titleWordSets: plan.titleWordSets,
      neighbourhoods: plan.neighbourhoods,
      refines: plan.refines,
      matchCap: plan.matchCap,
      allowsTypos: plan.allowsTypos,
      capacity: plan.capacity,
      splitsByPopularity: split,
      slotsToVisit: plan.slotsToVisit
    )
  }

  @Test("the two phases visit every live slot once: together they match what one scan matches")
  func phasesCoverTheSegment() throws {
    var generator = RandomCatalog(seed: 71)
    let items = generator.items(count: 700, spreadWeights: true)
    let catalog = Catalog(items: items)
    let ranked = catalog.base.rankedSlots()
    #expect(ranked.population > 200 && ranked.population < 500, "about half the items are ranked")
    var (firstMatches, restMatches) = (0, 0)
    for _ in 0..<60 {
      let text = generator.query(from: items)
      var scratch = SearchScratch()
      let plan = Self.plan(catalog, SearchQuery(text: text, limit: 50), split: false, scratch: &scratch)
      let prepared = PreparedQuery(text)
      let context = plan.contexts[0]
      let slots = 0..<context.segment.count
      func matches(_ split: PopularitySplit) throws -> (count: Int, words: [UInt64]) {
        var scanned = context
        scanned.split = split
        let result = try SegmentScanner.scan(scanned, slots: slots, query: prepared, matchCap: .scattered, capacity: 50)
        return (result.count, result.found.matchWords)
      }
      let whole = try matches(.all)
      let first = try matches(.first(ranked))
      let rest = try matches(.rest(ranked))
      #expect(first.count + rest.count == whole.count, "\(text)")
      for (index, word) in whole.words.enumerated() {
        #expect(first.words[index] & rest.words[index] == 0, "\(text): a slot matched in both phases")
        #expect(first.words[index] | rest.words[index] == word, "\(text): the phases' matches")
      }
      firstMatches += first.count
      restMatches += rest.count
    }
    #expect(firstMatches > 100 && restMatches > 100, "both phases match items")
  }

  @Test("a search split in two phases ranks, counts and records the same matches", arguments: [72, 73, 74] as [UInt64])
  func splitScanAgrees(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 500, spreadWeights: true)
    let catalog = Catalog(items: items)
    for _ in 0..<40 {
      let text = generator.query(from: items)
      let prepared = PreparedQuery(text)
      for limit in [20, 50, 300] {
        let query = SearchQuery(text: text, limit: limit)
        var scratch = SearchScratch()
        let one = try await catalog.scanAndMerge(
          Self.plan(catalog, query, split: false, scratch: &scratch),
          query: prepared,
          scratch: &scratch
        )
        var splitScratch = SearchScratch()
        let two = try await catalog.scanAndMerge(
          Self.plan(catalog, query, split: true, scratch: &splitScratch),
          query: prepared,
          scratch: &splitScratch
        )
        #expect(two.total == one.total, "\(text) at \(limit)")
        #expect(two.ranked.map(\.key) == one.ranked.map(\.key), "\(text) at \(limit)")
        #expect(two.ranked.map(\.tier) == one.ranked.map(\.tier), "\(text) at \(limit)")
        #expect(two.exacts.map(\.key) == one.exacts.map(\.key), "\(text) at \(limit)")
        #expect(two.titleMatches == one.titleMatches, "\(text) at \(limit)")
      }
    }
  }

  @Test("the first phase finds the names a word is written without the vowels of, through the title word index")
  func vowelsLeftOutFromTheIndex() {
    let titles = ["ovos-gui", "ovs", "py-oves", "pyovos", "over", "ouavs", "oaeivs", "vos", "ovosCore", "ovos_core"]
    let catalog = Catalog(items: titles.enumerated().map { CatalogItem(id: "\($0)", title: $1) })
    var set = Bitset(count: catalog.base.count)
    Array("ovs".utf8).withUnsafeBufferPointer { word in
      TitleMatcher.collectVowelsLeftOut(word, characters: 3, in: catalog.base.titleWords, into: &set)
    }
    let found = Set((0..<catalog.base.count).filter { set.contains($0) }.compactMap { catalog.id(at: $0) })
    // ovs itself has no vowel left out, pyovos no part starting with o, over no s, ovosCore is one part (ovscr);
    // oaeivs leaves out three vowels in a row (not looked for: the phase is a heuristic, the second finds it).
    #expect(found == ["0", "2", "5", "9"])
  }

  @Test("on a catalog large enough for the split, a deep page agrees with the reference")
  func largeCatalogAgreesWithReference() async throws {
    var generator = RandomCatalog(seed: 75)
    let items = generator.items(count: 17_000, spreadWeights: true)
    let catalog = Catalog(items: items)
    let reference = ReferenceSearch(catalog: catalog)
    var splits = 0
    for _ in 0..<6 {
      let text = String(generator.word().prefix(3)) + String(generator.word().prefix(1))
      let query = SearchQuery(text: text, limit: 50)
      var scratch = SearchScratch()
      let plan = catalog.plan(
        query,
        prepared: PreparedQuery(text),
        restriction: [nil, nil],
        session: SearchSession(),
        scratch: &scratch
      )
      if plan.splitsByPopularity { splits += 1 }
      var session = SearchSession()
      try await SearchOracleTests.check(catalog, reference, query, session: &session)
    }
    #expect(splits > 0, "some searches are split")
  }
}
