import TestSupport
import Testing

@testable import SuggestEngine

/// The word-prefix sets a segment keeps for the next keystrokes: each is the set its word index gives, whether
/// collected now or kept, and no more than ``WordPrefixSets/capacity`` are kept.
@Suite struct WordPrefixSetsTests {
  @Test("kept or collected, a set is the word index's slots under the prefix; the least recently used go first")
  func keptSetsAreTheIndexSets() {
    var generator = RandomCatalog(seed: 17)
    let catalog = Catalog(items: generator.items(count: 800))
    let segment = catalog.base
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
    #expect(cache.count == WordPrefixSets.capacity)
    // A set made for one field is never served for another.
    let title = cache.set(.title, prefix: Array("re".utf8), in: segment)
    let subtitle = cache.set(.subtitle, prefix: Array("re".utf8), in: segment)
    #expect(title != subtitle)
  }
}
