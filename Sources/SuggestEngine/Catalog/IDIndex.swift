/// An open-addressing hash table from item id bytes to segment slots.
///
/// The table stores only slot numbers; the keys are the ids already held by the segment, fetched through the
/// closure given to each call, so the index costs about 6 bytes per item.
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
