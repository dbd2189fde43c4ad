import Locking
import Testing

@testable import SuggestEngine

/// `DisplayTextCache`: reads an item's text once, keeps at most its capacity, and keeps what is used.
@Suite struct DisplayTextCacheTests {
  static func entry(_ slot: Int) -> DisplayTextCache.Entry {
    DisplayTextCache.Entry(
      title: "t\(slot)",
      id: "i\(slot)",
      completion: nil,
      subtitle: nil,
      keywords: [],
      icon: nil,
      weight: Double(slot)
    )
  }

  @Test("a slot is read once, then served from the cache")
  func readOnce() {
    let cache = DisplayTextCache(capacity: 8)
    let reads = Locked(0)
    for _ in 0..<3 {
      #expect(
        cache.entry(5) {
          reads.withLock { $0 += 1 }; return Self.entry(5)
        } == Self.entry(5)
      )
    }
    #expect(reads.withLock { $0 } == 1 && cache.count == 1)
  }

  @Test("never more than the capacity; the slots used lately stay, the others are read again", arguments: [2, 8, 64])
  func bounded(capacity: Int) {
    let cache = DisplayTextCache(capacity: capacity)
    let reads = Locked<[Int]>([])
    func use(_ slot: Int) -> DisplayTextCache.Entry {
      cache.entry(slot) {
        reads.withLock { $0.append(slot) }; return Self.entry(slot)
      }
    }
    for slot in 0..<(capacity * 10) {
      #expect(use(slot) == Self.entry(slot))
      // Slot 0 is used all along: it is never forgotten.
      #expect(use(0) == Self.entry(0))
      #expect(cache.count <= capacity)
    }
    #expect(reads.withLock { $0.filter { $0 == 0 }.count } == 1)
    // The latest half of the capacity is kept.
    let latest = (capacity * 10 - capacity / 2 + 1)..<(capacity * 10)
    reads.withLock { $0 = [] }
    for slot in latest { _ = use(slot) }
    #expect(reads.withLock { $0 }.isEmpty)
  }
}
