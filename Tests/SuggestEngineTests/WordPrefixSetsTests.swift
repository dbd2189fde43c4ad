import TestSupport
import Testing

@testable import SuggestEngine

/// The word-prefix sets a segment keeps for the next keystrokes: each is the set its word index gives, whether
/// collected now or kept, and no more than ``WordPrefixSets/capacity`` are kept, besides
/// ``WordPrefixSets/oneByteCapacity`` sets of one-byte prefixes.
@Suite struct WordPrefixSetsTests {
  /// The base segment of a random catalog of 800 items.
  private static func segment(seed: UInt64) -> CatalogSegment {
    var generator = RandomCatalog(seed: seed)
    return Catalog(items: generator.items(count: 800)).base
  }

  @Test("kept or collected, a set is the word index's slots under the prefix; the least recently used go first")
  func keptSetsAreTheIndexSets() {
    let segment = Self.segment(seed: 17)
    let cache = WordPrefixSets()
    let prefixes: [[UInt8]] = ["re", "dat", "a", "qu", "to", "x", "est", "py", "cab", "u"].map { Array($0.utf8) }
    let fields: [(WordPrefixSets.Field, WordIndex)] = [
      (.title, segment.titleWords), (.subtitle, segment.subtitleWords), (.keyword, segment.keywordWords),
    ]
    for round in 0..<2 {
      for prefix in prefixes {
        for (field, index) in fields {
          var expected = Bitset(count: segment.count)
          prefix.withUnsafeBufferPointer { index.collect(inWords: index.range(withPrefix: $0), into: &expected) }
          #expect(cache.set(field, prefix: prefix, in: segment) == expected, "round \(round) \(field) \(prefix)")
        }
      }
    }
    // Seven longer prefixes and three of one byte, in three fields each: each memo holds its own.
    #expect(cache.count == min(7 * 3, WordPrefixSets.capacity) + min(3 * 3, WordPrefixSets.oneByteCapacity))
    // A set made for one field is never served for another.
    let title = cache.set(.title, prefix: Array("re".utf8), in: segment)
    let subtitle = cache.set(.subtitle, prefix: Array("re".utf8), in: segment)
    #expect(title != subtitle)
  }

  @Test("a one-byte prefix's set is kept apart: the sets of the longer words typed since do not push it out")
  func oneByteSetsKeptApart() {
    let segment = Self.segment(seed: 19)
    let cache = WordPrefixSets()
    let letter = cache.set(.title, prefix: Array("s".utf8), in: segment)
    // More sets of longer prefixes than the shared memo holds, as a name typed after `s-…` asks for.
    for number in 0..<(WordPrefixSets.capacity + 5) {
      _ = cache.set(.title, prefix: Array("s\(number)".utf8), in: segment)
    }
    #expect(cache.count == WordPrefixSets.capacity + 1)
    #expect(cache.set(.title, prefix: Array("s".utf8), in: segment) == letter)
    // The one-byte memo is bounded too.
    for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { _ = cache.set(.title, prefix: [byte], in: segment) }
    #expect(cache.count == WordPrefixSets.capacity + WordPrefixSets.oneByteCapacity)
  }
}

/// The typo sets a segment keeps per query word (``CatalogSegment/typoSets``): a table made from kept sets equals one
/// found afresh in a segment with nothing kept.
@Suite struct KeptTypoSetsTests {
  @Test("typo tables from kept word sets equal tables found afresh, word by word and across queries")
  func keptEqualsFresh() {
    var generator = RandomCatalog(seed: 23)
    let items = generator.items(count: 900)
    let warm = Catalog(items: items).base
    let queries = ["reqest", "reqest dtaa", "dtaa reqest", "reqest dtaab", "qusetdat", "x reqest", "reqest dta"]
    for round in 0..<2 {
      for text in queries {
        let query = PreparedQuery(text)
        let cold = Catalog(items: items).base
        var found: [TypoNeighbourhood] = []
        let kept = TypoTable.find(query, in: warm, neighbourhoods: &found)
        var freshFound: [TypoNeighbourhood] = []
        let fresh = TypoTable.find(query, in: cold, neighbourhoods: &freshFound)
        #expect(kept.sets == fresh.sets, "round \(round) \(text)")
        #expect(found.map(\.word) == freshFound.map(\.word), "round \(round) \(text)")
      }
    }
    #expect(warm.typoSets.count > 0 && warm.typoSets.count <= warm.typoSets.capacity)
  }
}

/// What searches keep for the next keystrokes can be forgotten at any time (``Catalog/forgetRecentSearches()``): the
/// next searches work it out again and answer the same.
@Suite struct ForgetRecentSearchesTests {
  @Test("forgetting empties the word-prefix and typo sets; results stay the same")
  func forget() async throws {
    var generator = RandomCatalog(seed: 29)
    let catalog = Catalog(items: generator.items(count: 900))
    let queries = ["reqest dtaa", "re da", "qusetdat x", "to"].map { SearchQuery(text: $0, limit: 10) }
    var before: [SearchResult] = []
    for query in queries { before.append(try await catalog.search(query)) }
    #expect(catalog.base.prefixSets.count > 0 && catalog.base.typoSets.count > 0)
    catalog.forgetRecentSearches()
    #expect(catalog.base.prefixSets.count == 0 && catalog.base.typoSets.count == 0)
    for (query, result) in zip(queries, before) { #expect(try await catalog.search(query) == result, "\(query.text)") }
  }
}

/// A search whose working memory says so (``SearchScratch/keepsSetsForNextKeystrokes`` off: one of a burst of one-off
/// fields) leaves nothing in its segments' memos, uses what they keep, and answers as a search that keeps its sets.
@Suite struct SetsNotKeptTests {
  @Test("searches that keep no sets leave the memos as they were and answer the same")
  func noSetsKept() async throws {
    var generator = RandomCatalog(seed: 31)
    let items = generator.items(count: 900)
    let queries = ["reqest dtaa", "re da", "qusetdat x", "to", "dtaa reqest"].map { SearchQuery(text: $0, limit: 10) }
    let keeping = Catalog(items: items)
    let passing = Catalog(items: items)
    var transient = SearchScratch()
    transient.keepsSetsForNextKeystrokes = false
    for query in queries {
      var session = SearchSession()
      let passed = try await passing.search(query, session: &session, scratch: &transient)
      #expect(try await keeping.search(query) == passed, "\(query.text)")
    }
    #expect(keeping.base.prefixSets.count > 0 && keeping.base.typoSets.count > 0)
    #expect(passing.base.prefixSets.count == 0 && passing.base.typoSets.count == 0)
    // What a search that keeps its sets left is used, and left as it was, by one that keeps none.
    var session = SearchSession()
    let (prefixSets, typoSets) = (keeping.base.prefixSets.count, keeping.base.typoSets.count)
    let again = try await keeping.search(queries[0], session: &session, scratch: &transient)
    #expect(again == (try await passing.search(queries[0])))
    #expect(keeping.base.prefixSets.count == prefixSets && keeping.base.typoSets.count == typoSets)
  }

  @Test("a memo asked not to keep a value gives the kept one if there is one, and keeps nothing new")
  func recentlyUsedWithoutKeeping() {
    let memo = RecentlyUsed<Int, String>(capacity: 2)
    #expect(memo.value(for: 1, keeping: false) { "one" } == "one")
    #expect(memo.count == 0)
    #expect(memo.value(for: 1) { "first" } == "first")
    #expect(memo.value(for: 1, keeping: false) { "other" } == "first")
    #expect(memo.value(for: 2, keeping: false) { "two" } == "two")
    #expect(memo.count == 1)
  }
}
