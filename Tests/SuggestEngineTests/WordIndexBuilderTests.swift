import TestSupport
import Testing

@testable import SuggestEngine

/// The vocabulary a ``WordIndexBuilder`` sorts: by bytes, whatever the words' lengths and first 8 bytes.
@Suite struct WordIndexBuilderTests {
  @Test("words come out sorted by bytes, each with its slots, for vocabularies sorted by comparison and by radix")
  func sortedVocabulary() {
    for (seed, wordCount) in [(1, 40), (2, 256), (3, 257), (4, 5_000)] as [(UInt64, Int)] {
      var random = SplitMix64(seed: seed)
      var builder = WordIndexBuilder()
      var expected: [[UInt8]: [Int]] = [:]
      // Short words, words sharing their first 8 bytes (or all of a shorter word) and bytes from all over the range.
      let stems: [[UInt8]] = [Array("opentele".utf8), Array("abc".utf8), [0xC3, 0xA9, 0x61], [0xFF, 0x01]]
      for slot in 0..<wordCount {
        var word: [UInt8] = []
        if Int.random(in: 0..<3, using: &random) == 0 { word = stems[Int.random(in: 0..<stems.count, using: &random)] }
        word += (0..<Int.random(in: 1...10, using: &random)).map { _ in UInt8.random(in: 0x30...0xFF, using: &random) }
        word.withUnsafeBufferPointer { builder.add($0, slot: slot) }
        if expected[word]?.last != slot { expected[word, default: []].append(slot) }
      }
      let index = builder.finish()
      let words = (0..<index.wordCount).map { index.words.withString($0) { Array($0) } }
      #expect(words == expected.keys.sorted { $0.lexicographicallyPrecedes($1) }, "seed \(seed)")
      for (position, word) in words.enumerated() {
        var slots: [Int] = []
        index.forEachSlot(inWords: position..<(position + 1)) { slots.append($0) }
        #expect(slots == expected[word], "seed \(seed)")
      }
    }
  }

  @Test("the radix sort orders pairs by key, every byte of the key counting")
  func radixSort() {
    var random = SplitMix64(seed: 9)
    var pairs: [(key: UInt64, id: Int32)] = (0..<3_000).map { id in
      let shift = UInt64(8 * Int.random(in: 0..<8, using: &random))
      return (UInt64.random(in: 0...UInt64.max, using: &random) >> shift, Int32(id))
    }
    let expected = pairs.map(\.key).sorted()
    WordIndexBuilder.sortByKey(&pairs)
    #expect(pairs.map(\.key) == expected)
    #expect(Set(pairs.map(\.id)).count == 3_000)
  }
}
