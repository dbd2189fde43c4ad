import TestSupport
import Testing

@testable import SuggestEngine

/// The runs of words a typo walk skips: found from the shared prefix lengths as comparing the words finds them.
@Suite struct WordIndexRunTests {
  @Test("the end of a run is the first word that does not share the prefix, in short runs and long ones")
  func runEnds() {
    var random = SplitMix64(seed: 11)
    var builder = WordIndexBuilder()
    // Long runs (hundreds of words under "aa", "ab") and short ones, of every length from 1 byte.
    for slot in 0..<3_000 {
      let length = Int.random(in: 1...7, using: &random)
      let word = (0..<length).map { _ in UInt8(Int.random(in: 0x61...0x63, using: &random)) }
      word.withUnsafeBufferPointer { builder.add($0, slot: slot) }
    }
    let index = builder.finish()
    let words = (0..<index.wordCount).map { index.words.withString($0) { Array($0) } }
    #expect(index.wordCount > 2 * WordIndex.shortRun)
    for start in words.indices {
      for depth in 1...words[start].count {
        var end = start + 1
        while end < words.count && words[end].count >= depth && words[end][..<depth] == words[start][..<depth] {
          end += 1
        }
        #expect(index.endOfRun(from: start, depth: depth) == end, "\(words[start]) at depth \(depth)")
      }
    }
  }

  @Test("shared prefix lengths stop at 255 bytes and at the shorter word")
  func sharedPrefixLengths() {
    var builder = WordIndexBuilder()
    let long = [UInt8](repeating: 0x61, count: 300)
    for (slot, word) in [long, long + [0x62], [0x61, 0x62], [0x61, 0x62, 0x63], [0x62]].enumerated() {
      word.withUnsafeBufferPointer { builder.add($0, slot: slot) }
    }
    let index = builder.finish()
    #expect(Array(index.sharedPrefixes) == [255, 1, 2, 0, 0])
    #expect(index.endOfRun(from: 0, depth: 300) == 2)
    #expect(index.endOfRun(from: 0, depth: 301) == 1)
  }
}
