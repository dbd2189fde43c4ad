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
    guard count > 0 else { return }
    let hashes = (0..<count).map { Self.hash(key($0)) }
    var table = [UInt32](repeating: Self.empty, count: self.table.count)
    // A few more bits of each stored slot's hash: keys are compared only where these agree, mostly repeats.
    var tags = [UInt16](repeating: 0, count: table.count)
    var found: [(earlier: Int, later: Int)] = []
    // Slots go in in the order of their home positions, so the table fills front to back: in slot order each
    // insertion cost a cache miss or more into the table and another into the keys it compared (a third of a
    // second for 886,000 ids). Slots with one key share a home and keep their order, so the repeat rule holds.
    for ordered in Self.slotsByHome(hashes) {
      let slot = Int(ordered)
      let hash = hashes[slot]
      let tag = UInt16(truncatingIfNeeded: hash >> 48)
      var position = Self.home(hash, size: table.count)
      while true {
        let stored = table[position]
        if stored == Self.empty {
          table[position] = UInt32(slot)
          tags[position] = tag
          break
        }
        if tags[position] == tag && key(Int(stored)).elementsEqual(key(slot)) {
          table[position] = UInt32(slot)
          found.append((Int(stored), slot))
          break
        }
        position += 1
        if position == table.count { position = 0 }
      }
    }
    self.table = StoredArray(table)
    replacements.append(contentsOf: found.sorted { $0.later < $1.later })
  }

  /// The slots `0..<hashes.count` ordered by the bucket of their home position (a counting sort), in slot order
  /// within a bucket.
  private static func slotsByHome(_ hashes: [UInt64]) -> [Int32] {
    // About eight slots per bucket; the bucket is the top bits of the home's 32-bit fraction, so buckets are in
    // the order of the homes.
    var bits = 1
    while bits < 24 && (1 << bits) * 8 < hashes.count { bits += 1 }
    let shift = UInt64(32 - bits)
    var starts = [Int](repeating: 0, count: (1 << bits) + 1)
    for hash in hashes { starts[Int((hash & 0xFFFF_FFFF) >> shift) + 1] += 1 }
    for bucket in 1..<starts.count { starts[bucket] += starts[bucket - 1] }
    var order = [Int32](repeating: 0, count: hashes.count)
    for (slot, hash) in hashes.enumerated() {
      let bucket = Int((hash & 0xFFFF_FFFF) >> shift)
      order[starts[bucket]] = Int32(slot)
      starts[bucket] += 1
    }
    return order
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

  /// Where probing for `hash` starts in a table of `size` entries.
  @inline(__always) private static func home(_ hash: UInt64, size: Int) -> Int {
    Int(((hash & 0xFFFF_FFFF) &* UInt64(size)) >> 32)
  }

  /// The slot recorded under `key`, if any.
  ///
  /// - Complexity: O(1) expected.
  func find(_ key: UnsafeBufferPointer<UInt8>, keyOf: (Int) -> UnsafeBufferPointer<UInt8>) -> Int? {
    var position = Self.home(Self.hash(key), size: table.count)
    while true {
      let stored = table[position]
      if stored == Self.empty { return nil }
      if keyOf(Int(stored)).elementsEqual(key) { return Int(stored) }
      position += 1
      if position == table.count { position = 0 }
    }
  }
}
