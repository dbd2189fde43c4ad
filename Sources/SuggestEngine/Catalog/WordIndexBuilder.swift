#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects (word, slot) pairs as items stream in, then builds a ``WordIndex``.
///
/// Each pair is hashed once: the builder assigns word ids, sizes each posting list on the fly, and records the id
/// sequence in a compact varint stream; ``finish()`` sorts the vocabulary and replays the stream straight into the
/// sorted posting lists, so no per-pair array and no second copy of the postings is ever held.
struct WordIndexBuilder {
  private static let empty = UInt64.max
  private var vocabulary = ByteColumn()
  /// Open addressing: `id | fingerprint << 32` (the hash's high bits), so most probes never touch the vocabulary.
  private var table: [UInt64]
  private var lastSlot: [Int32] = []
  private var sizes: [UInt32] = []
  /// Varints: `id + 1` for a pair of the current slot, or `0` followed by the slot increase.
  private var stream: [UInt8] = []
  private var streamSlot = 0

  /// Creates an empty builder.
  ///
  /// - Parameter tableSize: The initial size of the hash table (a power of 2; it doubles as words come).
  init(tableSize: Int = 1 << 12) {
    table = [UInt64](repeating: Self.empty, count: tableSize)
  }

  /// A fast hash of a short byte string (8 bytes at a time).
  @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var position = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while position + 8 <= bytes.count {
        hash = (hash ^ raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        position += 8
      }
      var tail: UInt64 = 0
      var shift: UInt64 = 0
      while position < bytes.count {
        tail |= UInt64(bytes[position]) << shift
        shift += 8
        position += 1
      }
      hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    }
    return hash ^ (hash >> 29)
  }

  private static func varintSize(_ value: Int) -> UInt32 {
    var size: UInt32 = 1
    var rest = value >> 7
    while rest != 0 {
      size += 1
      rest >>= 7
    }
    return size
  }

  private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  private mutating func grow() {
    let newCount = table.count * 2
    var newTable = [UInt64](repeating: Self.empty, count: newCount)
    let mask = newCount - 1
    vocabulary.bytes.withUnsafeBufferPointer { vocab in
      for id in 0..<vocabulary.count {
        let range = vocabulary.range(id)
        let hash = Self.hash(UnsafeBufferPointer(rebasing: vocab[range]))
        var position = Int(truncatingIfNeeded: hash) & mask
        while newTable[position] != Self.empty { position = (position + 1) & mask }
        newTable[position] = UInt64(id) | (hash >> 32) << 32
      }
    }
    table = newTable
  }

  /// Records that `slot` contains `word`; slots must come in non-decreasing order.
  mutating func add(_ word: UnsafeBufferPointer<UInt8>, slot: Int) {
    guard !word.isEmpty else { return }
    let hash = Self.hash(word)
    let fingerprint = hash >> 32
    let mask = table.count - 1
    var position = Int(truncatingIfNeeded: hash) & mask
    var found = -1
    vocabulary.bytes.withUnsafeBufferPointer { vocab in
      table.withUnsafeBufferPointer { table in
        while true {
          let stored = table[position]
          if stored == Self.empty { break }
          if stored >> 32 == fingerprint {
            let id = Int(stored & 0xFFFF_FFFF)
            let lower = Int(vocabulary.offsets[id])
            if Int(vocabulary.offsets[id + 1]) - lower == word.count,
              let stored = vocab.baseAddress, let wanted = word.baseAddress,
              memcmp(stored + lower, wanted, word.count) == 0
            {
              found = id
              break
            }
          }
          position = (position + 1) & mask
        }
      }
    }
    let id: Int
    if found >= 0 {
      id = found
      let previous = Int(lastSlot[id])
      if previous == slot { return }
      sizes[id] += Self.varintSize(slot - previous)
      lastSlot[id] = Int32(slot)
    } else {
      id = vocabulary.count
      vocabulary.append(bytes: word)
      table[position] = UInt64(id) | fingerprint << 32
      lastSlot.append(Int32(slot))
      sizes.append(Self.varintSize(slot))
      if vocabulary.count * 2 > table.count { grow() }
    }
    if slot != streamSlot {
      stream.append(0)
      Self.appendVarint(slot - streamSlot, to: &stream)
      streamSlot = slot
    }
    Self.appendVarint(id + 1, to: &stream)
  }

  /// Sorts `pairs` by key: a radix sort, a byte per pass from the last, that skips the bytes every key shares (the
  /// last ones of words shorter than 8 bytes are all 0). A comparison sort of each part's vocabulary was 4 % of a
  /// first build's work.
  static func sortByKey(_ pairs: inout [(key: UInt64, id: Int32)]) {
    guard pairs.count > 256 else {
      pairs.sort { $0.key < $1.key }
      return
    }
    var sorted = pairs
    var counts = [Int](repeating: 0, count: 256)
    for shift in stride(from: UInt64(0), to: 64, by: 8) {
      let scattered = pairs.withUnsafeBufferPointer { source in
        sorted.withUnsafeMutableBufferPointer { target in
          counts.withUnsafeMutableBufferPointer { counts in
            for digit in 0..<256 { counts[digit] = 0 }
            for pair in source { counts[Int(truncatingIfNeeded: pair.key >> shift) & 0xFF] += 1 }
            if counts.contains(source.count) { return false }
            var start = 0
            for digit in 0..<256 {
              let count = counts[digit]
              counts[digit] = start
              start += count
            }
            for pair in source {
              let digit = Int(truncatingIfNeeded: pair.key >> shift) & 0xFF
              target[counts[digit]] = pair
              counts[digit] += 1
            }
            return true
          }
        }
      }
      if scattered { swap(&pairs, &sorted) }
    }
  }

  /// Sorts the vocabulary and writes the posting lists.
  ///
  /// - Complexity: O(pairs + *v* log *v*) for *v* distinct words.
  consuming func finish() -> WordIndex {
    table = []
    let vocabulary = self.vocabulary
    // Sort by the first 8 bytes as a big-endian number, then by the rest.
    var keyed: [(key: UInt64, id: Int32)] = []
    keyed.reserveCapacity(vocabulary.count)
    vocabulary.bytes.withUnsafeBufferPointer { vocab in
      for id in 0..<vocabulary.count {
        let range = vocabulary.range(id)
        var key: UInt64 = 0
        for offset in 0..<8 {
          key = key << 8 | UInt64(offset < range.count ? vocab[range.lowerBound + offset] : 0)
        }
        keyed.append((key, Int32(id)))
      }
      Self.sortByKey(&keyed)
      // Only words of more than 8 bytes can share a key: such runs, few and short, are ordered by their other bytes.
      guard let base = vocab.baseAddress else { return }
      var start = 0
      while start < keyed.count {
        var end = start + 1
        while end < keyed.count && keyed[end].key == keyed[start].key { end += 1 }
        if end - start > 1 {
          keyed[start..<end].sort { left, right in
            let a = vocabulary.range(Int(left.id))
            let b = vocabulary.range(Int(right.id))
            let length = min(a.count, b.count)
            let order = length <= 8 ? 0 : memcmp(base + a.lowerBound + 8, base + b.lowerBound + 8, length - 8)
            return order != 0 ? order < 0 : a.count < b.count
          }
        }
        start = end
      }
    }
    let order = keyed.map { Int($0.id) }
    keyed = []
    var cursors = [UInt32](repeating: 0, count: vocabulary.count)
    var offsets: [UInt32] = []
    offsets.reserveCapacity(order.count + 1)
    var words = ByteColumn()
    words.reserve(bytes: vocabulary.bytes.count, strings: order.count)
    var total: UInt32 = 0
    for id in order {
      offsets.append(total)
      cursors[id] = total
      total += sizes[id]
      vocabulary.withString(id) { words.append(bytes: $0) }
    }
    offsets.append(total)
    sizes = []
    var postings = [UInt8](repeating: 0, count: Int(total))
    for id in lastSlot.indices { lastSlot[id] = -1 }
    stream.withUnsafeBufferPointer { stream in
      postings.withUnsafeMutableBufferPointer { postings in
        var position = 0
        var slot = 0
        func next() -> Int {
          var value = 0
          var shift = 0
          while true {
            let byte = stream[position]
            position += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
          }
        }
        while position < stream.count {
          let value = next()
          if value == 0 {
            slot += next()
            continue
          }
          let id = value - 1
          let previous = Int(lastSlot[id])
          var delta = previous < 0 ? slot : slot - previous
          lastSlot[id] = Int32(slot)
          var cursor = Int(cursors[id])
          while delta >= 0x80 {
            postings[cursor] = UInt8(delta & 0x7F) | 0x80
            delta >>= 7
            cursor += 1
          }
          postings[cursor] = UInt8(delta)
          cursors[id] = UInt32(cursor + 1)
        }
      }
    }
    return WordIndex(words: words, postingOffsets: StoredArray(offsets), postings: StoredArray(postings))
  }
}
