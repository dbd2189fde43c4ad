/// Finds repeated ids among many strings, comparing them by their UTF-8 bytes (as JSON compares strings, and as the
/// catalog's id index does: `"é"` and `"e\u{301}"` are different ids).
///
/// A single hash table over a million ids spends its time waiting for memory: each probe is a cache miss. So the
/// ids are hashed in order, partitioned by the top bits of their hash into buckets of about 2,000, and each bucket
/// is checked with a small table that stays in cache. Should the ids collide pathologically (probes far beyond the
/// expected few per id), it falls back to a `Dictionary` keyed by the bytes, so crafted input cannot make it
/// quadratic.
enum DuplicateFinder {
  /// A hashed id: its hash and position.
  private struct Entry {
    var hash: UInt64
    var position: Int
  }

  /// The positions of repeated ids.
  ///
  /// - Parameters:
  /// - Parameters:
  ///   - values: The values whose ids are compared.
  ///   - origins: Each value's origin, holding the ``hash(_:)`` of its id.
  /// - Returns: For each id equal to an earlier one, `(earlier, later)`: the position of its first occurrence and
  ///   its own, in order of `later`.
  /// - Complexity: O(total id length) expected.
  static func duplicates<Value: CatalogRow>(
    in values: UnsafeBufferPointer<Value>,
    origins: UnsafeBufferPointer<RowOrigin>
  ) -> [(earlier: Int, later: Int)] {
    let count = values.count
    guard count > 1 else { return [] }
    let id = { (position: Int) in values[position].id }

    // Partition by the hash's top bits, keeping positions in order within each bucket.
    let bucketBits = min(20, max(0, Int.bitWidth - (count / 2048).leadingZeroBitCount))
    let bucketCount = 1 << bucketBits
    @inline(__always) func bucket(_ hash: UInt64) -> Int {
      bucketBits == 0 ? 0 : Int(truncatingIfNeeded: hash >> UInt64(64 - bucketBits))
    }
    var starts = [Int](repeating: 0, count: bucketCount + 1)
    for origin in origins { starts[bucket(origin.idHash) + 1] += 1 }
    for index in 0..<bucketCount { starts[index + 1] += starts[index] }
    var next = starts
    let entries = [Entry](unsafeUninitializedCapacity: count) { buffer, initialized in
      for (position, origin) in origins.enumerated() {
        let hash = origin.idHash
        let target = bucket(hash)
        buffer.initializeElement(at: next[target], to: Entry(hash: hash, position: position))
        next[target] += 1
      }
      initialized = count
    }

    var result: [(earlier: Int, later: Int)] = []
    var table: [Int32] = []
    var probes = 0
    let probeBudget = 8 * count + 1024
    for bucketIndex in 0..<bucketCount {
      let bucketStart = starts[bucketIndex]
      let bucketSize = starts[bucketIndex + 1] - bucketStart
      guard bucketSize > 1 else { continue }
      var slotCount = 16
      while slotCount < bucketSize * 2 { slotCount <<= 1 }
      let mask = slotCount - 1
      if table.count < slotCount {
        table = [Int32](repeating: 0, count: slotCount)
      } else {
        for slot in 0..<slotCount { table[slot] = 0 }
      }
      // The table holds bucket-relative entry index + 1 (0: empty); the low bits of the hash choose the slot.
      for index in 0..<bucketSize {
        let entry = entries[bucketStart + index]
        var slot = Int(truncatingIfNeeded: entry.hash) & mask
        while true {
          let stored = Int(table[slot])
          if stored == 0 {
            table[slot] = Int32(truncatingIfNeeded: index + 1)
            break
          }
          let other = entries[bucketStart + stored - 1]
          if other.hash == entry.hash, sameBytes(id(other.position), id(entry.position)) {
            result.append((other.position, entry.position))
            break
          }
          slot = (slot + 1) & mask
          probes += 1
          if probes > probeBudget { return dictionaryDuplicates(count: count, id: id) }
        }
      }
    }
    result.sort { $0.later < $1.later }
    return result
  }

  /// The same answer with a `Dictionary` keyed by the id bytes: the fallback for pathological input.
  static func dictionaryDuplicates(count: Int, id: (Int) -> String) -> [(earlier: Int, later: Int)] {
    var first: [[UInt8]: Int] = Dictionary(minimumCapacity: count)
    var result: [(earlier: Int, later: Int)] = []
    for position in 0..<count {
      let key = Array(id(position).utf8)
      if let earlier = first[key] {
        result.append((earlier, position))
      } else {
        first[key] = position
      }
    }
    return result
  }

  private static func sameBytes(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
  }

  /// The hash of a string's UTF-8 bytes, read in place when the string is contiguous (native strings are).
  @inline(__always)
  static func hash(_ text: String) -> UInt64 {
    if let hash = text.utf8.withContiguousStorageIfAvailable(Self.hash) { return hash }
    var copy = text
    return copy.withUTF8(Self.hash)
  }

  /// A multiply-xorshift hash over 8-byte words (not cryptographic; see the type's discussion).
  @inline(__always)
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = UInt64(truncatingIfNeeded: bytes.count) &* multiplier
    guard let base = bytes.baseAddress else { return hash }
    let raw = UnsafeRawPointer(base)
    var index = 0
    while index + 8 <= bytes.count {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
      hash ^= hash >> 29
      index += 8
    }
    if index < bytes.count {
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while index < bytes.count {
        tail |= UInt64(base[index]) << shift
        shift += 8
        index += 1
      }
      hash = (hash ^ tail) &* multiplier
    }
    hash ^= hash >> 32
    hash = hash &* 0xBF58_476D_1CE4_E5B9
    return hash ^ (hash >> 29)
  }
}
