import TestSupport
import Testing

@testable import SuggestEngine

/// The background subtitle indexer hands chunks to another thread and the finished index back: these tests check it
/// builds exactly the index a sequential build does, many indexers at once, which under ThreadSanitizer
/// (`Scripts/sanitize.sh thread`) also checks every hand-off is synchronised.
@Suite(.scaledTimeLimit(minutes: 1)) struct BackgroundTextIndexerTests {
  private static let vocabulary = ["alpha", "Beta", "gamma", "délta", "ÉPSILON", "zeta", "eta", "θήτα", "iota", "k"]

  /// Seeded subtitles cut into chunks of `perChunk` strings, as the loader's `ChunkedTextColumn` completes them.
  private static func chunks(seed: UInt64, count: Int, perChunk: Int) -> [ChunkedTextColumn.Chunk] {
    var random = SplitMix64(seed: seed)
    var chunks: [ChunkedTextColumn.Chunk] = []
    var first = 0
    while first < count {
      var bytes: [UInt8] = []
      var starts: [UInt32] = []
      for _ in first..<min(first + perChunk, count) {
        starts.append(UInt32(bytes.count))
        let words = (0..<Int.random(in: 0...4, using: &random)).map { _ in
          vocabulary[Int.random(in: 0..<vocabulary.count, using: &random)]
        }
        bytes += Array(words.joined(separator: Bool.random(using: &random) ? " " : ", ").utf8)
      }
      chunks.append(ChunkedTextColumn.Chunk(bytes: bytes, starts: starts, first: first))
      first += perChunk
    }
    return chunks
  }

  /// Every word of `index` with the slots it lists.
  private static func contents(_ index: WordIndex) -> [String: [Int]] {
    var contents: [String: [Int]] = [:]
    for word in 0..<index.wordCount {
      var slots: [Int] = []
      index.forEachSlot(inWords: word..<word + 1) { slots.append($0) }
      contents[index.words.string(word)] = slots
    }
    return contents
  }

  private static func sequentialIndex(_ chunks: [ChunkedTextColumn.Chunk]) -> WordIndex {
    var builder = WordIndexBuilder()
    var feeder = TextWordFeeder()
    for chunk in chunks { feeder.add(chunk, to: &builder) }
    return builder.finish()
  }

  @Test("the background index equals the sequential one", arguments: [1, 2, 3] as [UInt64])
  func matchesSequential(seed: UInt64) {
    let chunks = Self.chunks(seed: seed, count: 2_000, perChunk: 150)
    let indexer = BackgroundTextIndexer()
    for chunk in chunks { indexer.submit(chunk) }
    let index = indexer.finish()
    let expected = Self.contents(Self.sequentialIndex(chunks))
    #expect(expected.count > 5)
    #expect(Self.contents(index) == expected)
  }

  @Test("startFinishing, then wait, gives the same index; an indexer with no chunks gives an empty one")
  func startThenWait() {
    let chunks = Self.chunks(seed: 9, count: 300, perChunk: 40)
    let indexer = BackgroundTextIndexer()
    for chunk in chunks { indexer.submit(chunk) }
    indexer.startFinishing()
    #expect(Self.contents(indexer.wait()) == Self.contents(Self.sequentialIndex(chunks)))
    #expect(BackgroundTextIndexer().finish().wordCount == 0)
  }

  @Test("many catalogs built at once each index their own subtitles")
  func concurrentBuilds() async {
    let builds = TestScale.count(16, minimum: 4)
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for build in 0..<builds {
        group.addTask {
          let items = (0..<200).map { slot in
            CatalogItem(id: "\(slot)", title: "item \(slot)", subtitle: "build\(build) word\(slot % 17)")
          }
          let words = Self.contents(Catalog(items: items).base.subtitleWords)
          var wrong = words.count == 18 ? 0 : 1
          for slot in 0..<items.count {
            if words["build\(build)"]?.contains(slot) != true { wrong += 1 }
            if words["word\(slot % 17)"]?.contains(slot) != true { wrong += 1 }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
