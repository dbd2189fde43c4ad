/// A fixed-size set of small non-negative integers, one bit each.
struct Bitset: Sendable, Hashable {
  /// The bits, 64 per word, bit `i` in word `i >> 6`.
  private(set) var words: [UInt64]
  /// The number of representable members (`0..<count`).
  let count: Int

  /// Creates an empty set for members `0..<count`.
  init(count: Int) {
    self.init(count: count, full: false, storage: [])
  }

  /// Creates a set for members `0..<count`, empty or with every member present, in `storage`'s memory when it is
  /// large enough (its contents are overwritten): how a search reuses the sets of the previous one
  /// (``SearchScratch``).
  init(count: Int, full: Bool, storage: consuming [UInt64]) {
    self.count = count
    storage.refill(count: (count + 63) >> 6, with: full ? ~0 : 0)
    let extra = storage.count * 64 - count
    if full && extra > 0 { storage[storage.count - 1] = ~0 >> UInt64(extra) }
    self.words = storage
  }

  /// A set from its stored words (a snapshot's section), or `nil` when their number does not fit `count`.
  init?(words: [UInt64], count: Int) {
    guard count >= 0, words.count == (count + 63) >> 6 else { return nil }
    self.words = words
    self.count = count
  }

  /// Creates a set for members `0..<count` with every member present.
  init(allOf count: Int) {
    self.init(count: count, full: true, storage: [])
  }

  /// The set's memory, given up for reuse (``SearchScratch``).
  consuming func takeStorage() -> [UInt64] { words }

  /// Whether `member` is present.
  @inline(__always) func contains(_ member: Int) -> Bool {
    words[member >> 6] >> UInt64(member & 63) & 1 != 0
  }

  /// Adds `member`.
  @inline(__always) mutating func insert(_ member: Int) {
    words[member >> 6] |= 1 << UInt64(member & 63)
  }

  /// Removes `member`.
  @inline(__always) mutating func remove(_ member: Int) {
    words[member >> 6] &= ~(1 << UInt64(member & 63))
  }

  /// Keeps only members also in `other` (same `count`).
  mutating func formIntersection(_ other: Bitset) {
    for i in words.indices { words[i] &= other.words[i] }
  }

  /// Adds every member of `other` (same `count`).
  mutating func formUnion(_ other: Bitset) {
    for i in words.indices { words[i] |= other.words[i] }
  }

  /// Removes every member of `other` (same `count`).
  mutating func subtract(_ other: Bitset) {
    for i in words.indices { words[i] &= ~other.words[i] }
  }

  /// Direct access to the words, for bulk updates.
  mutating func withWords<R>(_ body: (inout [UInt64]) -> R) -> R {
    body(&words)
  }

  /// The number of members present.
  var population: Int {
    var total = 0
    for word in words { total += word.nonzeroBitCount }
    return total
  }

  /// Splits `0..<count` into at most `parts` consecutive ranges of about equal population, their bounds multiples
  /// of 64 (the last one `count`), so that each holds about `population / parts` members. Ranges without members
  /// are left out.
  ///
  /// - Complexity: O(`count` / 64).
  func ranges(balancedInto parts: Int) -> [Range<Int>] {
    let total = population
    guard total > 0 else { return [] }
    let share = max(1, (total + max(1, parts) - 1) / max(1, parts))
    var result: [Range<Int>] = []
    var start = -1
    var held = 0
    for (index, word) in words.enumerated() where word != 0 {
      if start < 0 { start = index << 6 }
      held += word.nonzeroBitCount
      if held >= share {
        let end = min(count, (index + 1) << 6)
        result.append(start..<end)
        start = -1
        held = 0
      }
    }
    if start >= 0 { result.append(start..<count) }
    return result
  }

  /// Calls `body` with each member in increasing order.
  func forEach(_ body: (Int) throws -> Void) rethrows {
    for (wordIndex, word) in words.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        let bit = rest.trailingZeroBitCount
        try body(wordIndex << 6 | bit)
        rest &= rest - 1
      }
    }
  }
}

extension [UInt64] {
  /// Makes the array `count` copies of `value`, in its present memory when that is unshared and large enough.
  mutating func refill(count: Int, with value: UInt64) {
    if count < self.count { removeLast(self.count - count) }
    // Filled in place (a `memset`): appending `repeatElement` went word by word, 1.5 % of a keystroke's time for a
    // catalog-sized set.
    withUnsafeMutableBufferPointer { $0.update(repeating: value) }
    if count > self.count { append(contentsOf: repeatElement(value, count: count - self.count)) }
  }
}
