import TestSupport
import Testing

@testable import SuggestEngine

/// Sets made in memory a search kept from the last one hold exactly what fresh sets hold, and a set splits into
/// parallel chunks of equal work.
@Suite struct BitsetTests {
  @Test(
    "an empty or full set made in reused storage equals a fresh one, whatever the storage held",
    arguments: [0, 1, 63, 64, 65, 1_000, 886_323]
  )
  func reusedStorage(count: Int) {
    let leftovers: [[UInt64]] = [
      [], [0xDEAD_BEEF], [UInt64](repeating: ~0, count: 5), [UInt64](repeating: 0x5555, count: 20_000),
    ]
    for leftover in leftovers {
      for full in [false, true] {
        let set = Bitset(count: count, full: full, storage: leftover)
        #expect(set.words.count == (count + 63) >> 6)
        #expect(set.population == (full ? count : 0))
        #expect(set == Bitset(count: count, full: full, storage: []))
      }
    }
  }

  @Test(
    "a set splits into ranges of about equal population, on 64-slot bounds, that hold every member",
    arguments: [1, 2, 3, 8, 100] as [Int]
  )
  func balancedRanges(parts: Int) {
    var random = SplitMix64(seed: UInt64(parts))
    for count in [0, 1, 63, 64, 65, 5_000, 100_000] {
      var set = Bitset(count: count)
      // Dense in one place, sparse elsewhere: as a family of names next to each other in a catalog.
      for slot in 0..<count where (slot >= count / 3 && slot < count / 2) || Int.random(in: 0..<50, using: &random) == 0
      {
        set.insert(slot)
      }
      let ranges = set.ranges(balancedInto: parts)
      #expect(ranges.count <= parts)
      var covered = 0
      var previousEnd = 0
      for range in ranges {
        #expect(range.lowerBound >= previousEnd && range.lowerBound % 64 == 0)
        #expect(range.upperBound % 64 == 0 || range.upperBound == count)
        let held = range.filter(set.contains).count
        #expect(held > 0)
        // A range closes at the first 64-slot word that brings it to its share.
        #expect(held < (set.population + parts - 1) / parts + 64)
        covered += held
        previousEnd = range.upperBound
      }
      #expect(covered == set.population)
    }
  }
}
