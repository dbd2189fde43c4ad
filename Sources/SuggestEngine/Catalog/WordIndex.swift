#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A sorted vocabulary of folded words, each with the increasing list of segment slots whose text contains it.
///
/// Postings are delta-encoded LEB128 varints, one list per word, so the index costs a few bytes per (word, item)
/// pair. A prefix selects a contiguous range of words; a typo search walks the sorted vocabulary as a trie.
struct WordIndex: Sendable {
  /// The words, sorted by bytes.
  private(set) var words = ByteColumn()
  /// `postingOffsets[w]..<postingOffsets[w + 1]` holds word `w`'s postings in ``postings``.
  private var postingOffsets: [UInt32] = [0]
  /// The varint postings of every word.
  private var postings: [UInt8] = []

  /// An empty index.
  init() {}

  /// The number of distinct words.
  var wordCount: Int { words.count }

  /// The range of words starting with `prefix`.
  ///
  /// - Complexity: O(log *n* · |prefix|).
  func range(withPrefix prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    words.bytes.withUnsafeBufferPointer { vocab in
      let lower = bound(prefix, in: vocab, 0..<words.count) { $0 < 0 }
      let upper = bound(prefix, in: vocab, lower..<words.count) { $0 <= 0 }
      return lower..<upper
    }
  }

  /// The first word in `range` for which `isBefore(compare(word prefix, prefix))` is false.
  private func bound(
    _ prefix: UnsafeBufferPointer<UInt8>,
    in vocab: UnsafeBufferPointer<UInt8>,
    _ range: Range<Int>,
    isBefore: (Int32) -> Bool
  ) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let mid = (low + high) >> 1
      let word = words.range(mid)
      let length = min(word.count, prefix.count)
      var order = length == 0 ? 0 : memcmp(vocab.baseAddress! + word.lowerBound, prefix.baseAddress!, length)
      if order == 0 && word.count < prefix.count { order = -1 }
      if isBefore(order) { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The end of the run of words, starting at `start`, that share their first `depth` bytes with word `start`.
  ///
  /// Gallops forward first: most runs are short.
  ///
  /// - Complexity: O(log *r* · depth) for a run of *r* words.
  func endOfRun(from start: Int, depth: Int) -> Int {
    words.bytes.withUnsafeBufferPointer { vocab in
      let first = words.range(start).lowerBound
      func shares(_ word: Int) -> Bool {
        let range = words.range(word)
        guard range.count >= depth else { return false }
        return depth == 0 || memcmp(vocab.baseAddress! + range.lowerBound, vocab.baseAddress! + first, depth) == 0
      }
      var low = start + 1
      var step = 1
      var high = start + 1
      while high < words.count && shares(high) {
        low = high + 1
        high = start + 1 + step
        step *= 2
      }
      high = min(high, words.count)
      while low < high {
        let mid = (low + high) >> 1
        if shares(mid) { low = mid + 1 } else { high = mid }
      }
      return low
    }
  }

  /// Calls `body` with every slot listed under the words in `range` (a slot may come more than once).
  ///
  /// - Complexity: O(postings in the range).
  func forEachSlot(inWords range: Range<Int>, _ body: (Int) -> Void) {
    postings.withUnsafeBufferPointer { bytes in
      for word in range {
        var position = Int(postingOffsets[word])
        let end = Int(postingOffsets[word + 1])
        var slot = 0
        while position < end {
          var value = 0
          var shift = 0
          while true {
            let byte = bytes[position]
            position += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
          }
          slot += value
          body(slot)
        }
      }
    }
  }

  /// Sets the bit of every slot listed under the words in `range`.
  func collect(inWords range: Range<Int>, into set: inout Bitset) {
    forEachSlot(inWords: range) { set.insert($0) }
  }

  /// Builds an index from a word enumeration that can be run twice.
  ///
  /// - Parameters:
  ///   - enumerate: Calls its argument with every (word, slot) pair, slots in non-decreasing order. It is called
  ///     twice (once to count, once to fill), and must produce the same pairs both times.
  /// - Returns: The index.
  /// - Complexity: O(total word bytes + *v* log *v*) for *v* distinct words.
  static func build(
    _ enumerate: ((UnsafeBufferPointer<UInt8>, Int) -> Void) -> Void
  ) -> WordIndex {
    var builder = WordIndexBuilder()
    enumerate { word, slot in builder.count(word, slot: slot) }
    builder.beginFilling()
    enumerate { word, slot in builder.fill(word, slot: slot) }
    return builder.finish()
  }

  /// Creates an index from its sorted parts.
  fileprivate init(words: ByteColumn, postingOffsets: [UInt32], postings: [UInt8]) {
    self.words = words
    self.postingOffsets = postingOffsets
    self.postings = postings
  }
}

/// Collects (word, slot) pairs in two passes: the first assigns word ids and sizes each posting list, the second
/// writes the varints in place, so no per-pair array is ever held.
private struct WordIndexBuilder {
  private static let empty = UInt32.max
  private var vocabulary = ByteColumn()
  private var table = [UInt32](repeating: empty, count: 1 << 16)
  private var lastSlot: [Int32] = []
  private var sizes: [UInt32] = []
  private var cursors: [UInt32] = []
  private var postings: [UInt8] = []

  private static func varintSize(_ value: Int) -> UInt32 {
    var size: UInt32 = 1
    var rest = value >> 7
    while rest != 0 {
      size += 1
      rest >>= 7
    }
    return size
  }

  private func lookup(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (position: Int, id: Int?) {
    let mask = table.count - 1
    var position = Int(truncatingIfNeeded: hash) & mask
    return vocabulary.bytes.withUnsafeBufferPointer { vocab in
      while true {
        let stored = table[position]
        if stored == Self.empty { return (position, nil) }
        let range = vocabulary.range(Int(stored))
        if range.count == word.count && UnsafeBufferPointer(rebasing: vocab[range]).elementsEqual(word) {
          return (position, Int(stored))
        }
        position = (position + 1) & mask
      }
    }
  }

  private mutating func grow() {
    let newCount = table.count * 2
    table = [UInt32](repeating: Self.empty, count: newCount)
    let mask = newCount - 1
    vocabulary.bytes.withUnsafeBufferPointer { vocab in
      for id in 0..<vocabulary.count {
        let range = vocabulary.range(id)
        var position = Int(truncatingIfNeeded: IDIndex.hash(UnsafeBufferPointer(rebasing: vocab[range]))) & mask
        while table[position] != Self.empty { position = (position + 1) & mask }
        table[position] = UInt32(id)
      }
    }
  }

  mutating func count(_ word: UnsafeBufferPointer<UInt8>, slot: Int) {
    guard !word.isEmpty else { return }
    let hash = IDIndex.hash(word)
    let (position, found) = lookup(word, hash: hash)
    let id: Int
    if let found {
      id = found
      let previous = Int(lastSlot[id])
      if previous == slot { return }
      sizes[id] += Self.varintSize(slot - previous)
    } else {
      id = vocabulary.count
      vocabulary.append(bytes: word)
      table[position] = UInt32(id)
      lastSlot.append(Int32(slot))
      sizes.append(Self.varintSize(slot))
      if vocabulary.count * 2 > table.count { grow() }
    }
    lastSlot[id] = Int32(slot)
  }

  mutating func beginFilling() {
    cursors = [UInt32](repeating: 0, count: sizes.count)
    var total: UInt32 = 0
    for id in sizes.indices {
      cursors[id] = total
      total += sizes[id]
    }
    postings = [UInt8](repeating: 0, count: Int(total))
    for id in lastSlot.indices { lastSlot[id] = -1 }
  }

  mutating func fill(_ word: UnsafeBufferPointer<UInt8>, slot: Int) {
    guard !word.isEmpty, let id = lookup(word, hash: IDIndex.hash(word)).id else { return }
    let previous = Int(lastSlot[id])
    if previous == slot { return }
    var value = previous < 0 ? slot : slot - previous
    lastSlot[id] = Int32(slot)
    var cursor = Int(cursors[id])
    while value >= 0x80 {
      postings[cursor] = UInt8(value & 0x7F) | 0x80
      value >>= 7
      cursor += 1
    }
    postings[cursor] = UInt8(value)
    cursors[id] = UInt32(cursor + 1)
  }

  consuming func finish() -> WordIndex {
    table = []
    lastSlot = []
    let vocabulary = self.vocabulary
    var order = Array(0..<vocabulary.count)
    vocabulary.bytes.withUnsafeBufferPointer { vocab in
      let base = vocab.baseAddress
      order.sort { left, right in
        let a = vocabulary.range(left)
        let b = vocabulary.range(right)
        let length = min(a.count, b.count)
        let order = length == 0 ? 0 : memcmp(base! + a.lowerBound, base! + b.lowerBound, length)
        return order != 0 ? order < 0 : a.count < b.count
      }
    }
    var words = ByteColumn()
    words.reserve(bytes: vocabulary.bytes.count, strings: order.count)
    var offsets: [UInt32] = []
    offsets.reserveCapacity(order.count + 1)
    offsets.append(0)
    var sorted: [UInt8] = []
    sorted.reserveCapacity(postings.count)
    // After filling, cursors[id] is the end of word id's postings and sizes[id] their length.
    for id in order {
      words.append(bytes: vocabulary.slice(id))
      let end = Int(cursors[id])
      sorted.append(contentsOf: postings[(end - Int(sizes[id]))..<end])
      offsets.append(UInt32(sorted.count))
    }
    return WordIndex(words: words, postingOffsets: offsets, postings: sorted)
  }
}
