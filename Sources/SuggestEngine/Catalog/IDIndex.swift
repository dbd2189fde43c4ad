/// An open-addressing hash table from item id bytes to segment slots.
///
/// The table stores only slot numbers; the keys are the ids already held by the segment, fetched through the
/// closure given to each call, so the index costs about 6 bytes per item.
///
/// It is also the one place where repeated ids are found (``init(indexing:replacements:key:)``): for a segment's
/// items as its index is built, and for rows decoded from a file or a request (``replacements(among:)``) before
/// they become a catalog, so that the two cannot disagree on which row replaces which.
struct IDIndex: Sendable, Equatable {
  private static let empty = UInt32.max
  private(set) var table: StoredArray<UInt32>

  /// The bytes held.
  var storageBytes: Int { table.residentBytes }

  /// An index from its stored table (a snapshot's section).
  init(table: StoredArray<UInt32>) {
    self.table = table
  }

  /// Whether every entry of the table is a slot below `count` or empty, and there is an empty entry (so that a
  /// search ends).
  func isValid(slotCount count: Int) -> Bool {
    table.withUnsafeBufferPointer { table in
      table.count >= 16 && table.contains(Self.empty) && table.allSatisfy { $0 == Self.empty || Int($0) < count }
    }
  }

  /// Creates an index with room for `count` ids.
  init(capacityFor count: Int) {
    table = StoredArray([UInt32](repeating: Self.empty, count: max(16, count + count / 2 + 16)))
  }

  /// Indexes slots `0..<count` in order, each under its key. The rule for repeated ids: a slot whose key an earlier
  /// slot has replaces that slot (the index then finds the later one).
  ///
  /// - Parameters:
  ///   - count: The number of slots.
  ///   - replacements: Appended `(earlier, later)` for each slot `later` whose key repeats an earlier slot's:
  ///     `earlier` is the slot it replaces (the latest one before it with that key), in order of `later`.
  ///   - key: The key (id bytes) of any slot.
  /// - Complexity: O(total key length) expected.
  init(
    indexing count: Int,
    replacements: inout [(earlier: Int, later: Int)],
    key: (Int) -> UnsafeBufferPointer<UInt8>
  ) {
    self.init(capacityFor: count)
    for slot in 0..<count {
      if let replaced = insert(slot, key: key(slot), keyOf: key) { replacements.append((replaced, slot)) }
    }
  }

  /// The repeated ids among `ids`, by the rule of ``init(indexing:replacements:key:)``: ids are compared by their
  /// UTF-8 bytes (as JSON compares strings: `"é"` and `"e\u{301}"` are different ids).
  ///
  /// - Parameter ids: The ids, in order.
  /// - Returns: `(earlier, later)` for each position `later` whose id repeats an earlier one: `earlier` is the
  ///   position it replaces (the latest one before it with that id), in order of `later`.
  /// - Complexity: O(total id length) expected.
  static func replacements(among ids: some Sequence<String>) -> [(earlier: Int, later: Int)] {
    var bytes: [UInt8] = []
    // `ends[i]` is where id `i` ends in `bytes` (and id `i + 1` starts).
    var ends: [Int] = []
    ends.reserveCapacity(ids.underestimatedCount)
    for id in ids {
      bytes.append(contentsOf: id.utf8)
      ends.append(bytes.count)
    }
    guard ends.count > 1 else { return [] }
    var result: [(earlier: Int, later: Int)] = []
    bytes.withUnsafeBufferPointer { bytes in
      _ = IDIndex(indexing: ends.count, replacements: &result) { position in
        UnsafeBufferPointer(rebasing: bytes[(position == 0 ? 0 : ends[position - 1])..<ends[position]])
      }
    }
    return result
  }

  /// FNV-1a over the bytes, finished with a multiply-xorshift so the high bits mix well.
  @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    hash ^= hash >> 29
    hash = hash &* 0xbf58_476d_1ce4_e5b9
    return hash ^ (hash >> 32)
  }

  @inline(__always) private func home(_ hash: UInt64) -> Int {
    Int(((hash & 0xFFFF_FFFF) &* UInt64(table.count)) >> 32)
  }

  /// Inserts `slot` under `key`; returns the slot it replaced when the key was already present.
  ///
  /// - Parameters:
  ///   - slot: The slot to record.
  ///   - key: The id bytes of `slot`.
  ///   - keyOf: The id bytes of any slot already in the table.
  /// - Returns: The slot previously recorded under `key`, if any.
  mutating func insert(
    _ slot: Int,
    key: UnsafeBufferPointer<UInt8>,
    keyOf: (Int) -> UnsafeBufferPointer<UInt8>
  ) -> Int? {
    var position = home(Self.hash(key))
    while true {
      let stored = table[position]
      if stored == Self.empty {
        table[position] = UInt32(slot)
        return nil
      }
      if keyOf(Int(stored)).elementsEqual(key) {
        table[position] = UInt32(slot)
        return Int(stored)
      }
      position += 1
      if position == table.count { position = 0 }
    }
  }

  /// The slot recorded under `key`, if any.
  ///
  /// - Complexity: O(1) expected.
  func find(_ key: UnsafeBufferPointer<UInt8>, keyOf: (Int) -> UnsafeBufferPointer<UInt8>) -> Int? {
    var position = home(Self.hash(key))
    while true {
      let stored = table[position]
      if stored == Self.empty { return nil }
      if keyOf(Int(stored)).elementsEqual(key) { return Int(stored) }
      position += 1
      if position == table.count { position = 0 }
    }
  }
}
