import TestSupport
import Testing

@testable import SuggestEngine

/// A search worker's working memory, reused from one search to the next (``SearchScratch``).
@Suite(.ownThreads) struct SearchScratchTests {
  /// A catalog of `count` random items with tokens, edited (so that the delta segment is searched too).
  static func editedCatalog(seed: UInt64, count: Int) -> (Catalog, [CatalogItem]) {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: count, spreadWeights: true)
    let tokens = RandomCatalog.tokens.map { CatalogToken(id: $0, label: $0) }
    let added = generator.items(count: 300, idPrefix: "added")
    let catalog = Catalog(items: items, tokens: tokens)
      .adding(added)
      .removing(ids: items.prefix(200).map(\.id))
    return (catalog, items + added)
  }

  @Test(
    "one scratch lent to search after search answers as fresh memory does: modes, tokens, pages, recents, typing",
    arguments: [1, 2] as [UInt64]
  )
  func reusedEqualsFresh(seed: UInt64) async throws {
    // Over 32,768 slots: the base is scanned in several chunks, each with its own kept memory.
    let (catalog, items) = Self.editedCatalog(seed: seed, count: TestScale.count(34_000))
    var generator = RandomCatalog(seed: seed &+ 100)
    var shared = SearchScratch()
    var reusedSession = SearchSession()
    var freshSession = SearchSession()
    for _ in 0..<16 {
      let restricted = Int.random(in: 0..<3, using: &generator.random) == 0
      let text = generator.query(from: items)
      let mode = MatchMode.allCases.randomElement(using: &generator.random) ?? .smart
      let tokens = restricted ? [RandomCatalog.tokens.randomElement(using: &generator.random) ?? "t1"] : []
      let limit = [1, 5, 10, 50].randomElement(using: &generator.random) ?? 5
      let offset = Bool.random(using: &generator.random) ? 0 : Int.random(in: 1...20, using: &generator.random)
      let recents =
        Bool.random(using: &generator.random)
        ? [items[Int.random(in: 0..<items.count, using: &generator.random)].id] : []
      // Typed left to right: each prefix refines the previous search of the field.
      for end in 1...text.count {
        let query = SearchQuery(
          text: String(text.prefix(end)),
          mode: mode,
          tokens: tokens,
          limit: limit,
          offset: offset,
          recents: recents
        )
        var fresh = SearchScratch()
        let expected = try await catalog.fullSearch(query, session: &freshSession, scratch: &fresh)
        let reused = try await catalog.fullSearch(query, session: &reusedSession, scratch: &shared)
        #expect(reused == expected, "\(query)")
      }
    }
    #expect(shared.keptBytes > 0)
  }

  @Test("a search of the same shape takes the kept buffers instead of new ones")
  func buffersAreReused() async throws {
    let (catalog, _) = Self.editedCatalog(seed: 7, count: TestScale.count(34_000))
    var scratch = SearchScratch()
    var session = SearchSession()
    // Two words, typos allowed, so the plan makes typo tables, word-prefix intersections and secondary sets (the
    // per-word sets are the segment's own, shared: `WordPrefixSets`).
    let query = SearchQuery(text: "ab cd", limit: 10)
    // The first search leaves its title matches with the session, the second gets them back: from then on, as
    // many buffers come back as are taken.
    for _ in 0..<2 { _ = try await catalog.fullSearch(query, session: &session, scratch: &scratch) }
    let first = scratch.bufferAddresses
    let firstBytes = scratch.keptBytes
    #expect(first.count >= 6)
    for round in 0..<5 {
      _ = try await catalog.fullSearch(query, session: &session, scratch: &scratch)
      let now = scratch.bufferAddresses
      // Per segment (base and delta), one buffer moves to the session (this search's title matches) and one comes
      // back from it (the previous search's); every other kept buffer is the same memory as before.
      #expect(now.count == first.count, "round \(round)")
      #expect(now.symmetricDifference(first).count <= 4, "round \(round)")
      // Chunks take their memory in whatever order their tasks start, so the shorter last chunk's may once grow
      // for a full chunk: about the same bytes, not the same to the byte.
      #expect(abs(scratch.keptBytes - firstBytes) <= firstBytes / 20, "round \(round)")
    }
  }

  @Test("kept memory follows the searches: after a large one, smaller ones let the excess go")
  func keptMemoryShrinks() async throws {
    let (catalog, _) = Self.editedCatalog(seed: 9, count: TestScale.count(34_000))
    // Tokens and a scope: a set of the slots carrying each, per segment, besides the sets of any search.
    let large = SearchQuery(text: "abcde fghij", tokens: ["t1", "t2"], scope: "t3", limit: 10)
    let small = SearchQuery(text: "abcd", limit: 10)
    var scratch = SearchScratch()
    var session = SearchSession()
    _ = try await catalog.fullSearch(large, session: &session, scratch: &scratch)
    let afterLarge = scratch.keptBytes
    var reference = SearchScratch()
    for _ in 0..<3 {
      var fresh = SearchSession()
      _ = try await catalog.fullSearch(small, session: &fresh, scratch: &scratch)
      var other = SearchSession()
      _ = try await catalog.fullSearch(small, session: &other, scratch: &reference)
    }
    #expect(scratch.keptBytes < afterLarge)
    #expect(scratch.keptBytes <= 2 * reference.keptBytes, "about what the small searches need")
  }
}
