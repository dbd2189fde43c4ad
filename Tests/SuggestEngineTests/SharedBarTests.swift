import TestSupport
import Testing

@testable import SuggestEngine

/// The bar the chunks of one search share: the best published key wins, and what it hands back keeps the band and
/// score a ``ScoreBar`` is built from; a search over several chunks, pruning against it, agrees with the reference.
@Suite(.ownThreads) struct SharedBarTests {
  @Test("the best published key wins and keeps its band, score and length")
  func bestKeyWins() throws {
    let bar = SharedBar()
    #expect(bar.key == nil)
    let weak = RankKey(band: .weak, score: 70, length: 9, index: 4)
    let strong = RankKey(band: .strong, score: 40, length: 12, index: 8)
    let stronger = RankKey(band: .strong, score: 55, length: 30, index: 2)
    bar.publish(weak)
    #expect(bar.key?.band == .weak && bar.key?.score == 70)
    bar.publish(strong)
    bar.publish(weak)
    #expect(bar.key?.band == .strong && bar.key?.score == 40)
    bar.publish(stronger)
    let key = try #require(bar.key)
    #expect(key.packed == stronger.packed)
    // It ranks after the published key, never before it: a bar built from it is no higher.
    #expect(stronger < key)
  }

  /// A seeded catalog of two chunks and a bit, popularity spread, and its reference (slow on a catalog this large).
  static func severalChunks(seed: UInt64) -> (Catalog, ReferenceSearch) {
    var generator = RandomCatalog(seed: seed)
    let catalog = Catalog(items: generator.items(count: Catalog.chunkSize * 2 + 500, spreadWeights: true))
    return (catalog, ReferenceSearch(catalog: catalog))
  }

  @Test("a search over several chunks agrees with the reference", arguments: [91] as [UInt64])
  func chunksAgree(seed: UInt64) async throws {
    let (catalog, reference) = Self.severalChunks(seed: seed)
    // Few queries: the reference is slow on a catalog this large.
    for (text, limit) in [("re", 3), ("dat", 50), ("qe", 50), ("to ol", 50)] {
      var session = SearchSession()
      try await SearchOracleTests.check(catalog, reference, SearchQuery(text: text, limit: limit), session: &session)
    }
  }

  @Test(
    "typo-like queries over a large catalog, half of it unranked, agree with the reference",
    arguments: [92] as [UInt64]
  )
  func typoFloorAgrees(seed: UInt64) async throws {
    // Large enough for the floor probe (popular items, then unranked ones with a whole-word typo match), with
    // queries that match few word prefixes, so the floor decides what each chunk scores.
    let (catalog, reference) = Self.severalChunks(seed: seed)
    for (text, limit) in [("qesx", 50), ("tool", 10), ("dtaab", 50), ("pyqu", 50), ("reqo", 5)] {
      var session = SearchSession()
      try await SearchOracleTests.check(catalog, reference, SearchQuery(text: text, limit: limit), session: &session)
    }
  }

  @Test(
    "one-word queries whose page ends in the weak band agree with the reference over a large catalog",
    arguments: [93] as [UInt64]
  )
  func weakPagesAgree(seed: UInt64) async throws {
    // Pages of 50 that end among fuzzy and scattered hits, where each chunk's bar is a weak-band key: an unranked
    // title scored or only counted by mistake would show here.
    let (catalog, reference) = Self.severalChunks(seed: seed)
    for text in ["tlx", "ylu", "tqs-"] {
      var session = SearchSession()
      let query = SearchQuery(text: text, limit: 50)
      let result = try await catalog.search(query)
      #expect(result.hits.count == 50, "\(text)")
      #expect(result.hits.last.map { $0.tier.band == .weak } == true, "\(text): the page ends in the weak band")
      try await SearchOracleTests.check(catalog, reference, query, session: &session)
    }
  }
}
