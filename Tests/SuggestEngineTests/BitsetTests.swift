import Testing

@testable import SuggestEngine

/// Sets made in memory a search kept from the last one hold exactly what fresh sets hold.
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
}
