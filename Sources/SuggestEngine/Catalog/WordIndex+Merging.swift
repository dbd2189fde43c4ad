#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension WordIndex {
  /// Merges the indexes of consecutive parts of a segment, each counting its slots from 0, into the index of the
  /// whole segment: the same index the whole segment would have had if built at once.
  ///
  /// All parts at once, words taken in order from a heap of the parts' next words, so each byte is copied once (a
  /// pairwise merge copied it once per level: five times for the 18 parts of a large file).
  ///
  /// - Parameters:
  ///   - parts: The parts' indexes, in slot order; emptied.
  ///   - counts: The number of slots of each part.
  /// - Returns: The merged index.
  /// - Complexity: O(total size + *w* log *p*) for *w* words of *p* parts.
  static func merging(_ parts: inout [WordIndex], counts: [Int]) -> WordIndex {
    guard parts.count > 1 else {
      defer { parts = [] }
      return parts.first ?? WordIndex()
    }
    var merger = PartMerger(parts: parts, counts: counts)
    parts = []
    var merged = merger.merge()
    merged.shrink()
    return merged
  }

  /// One merge of several parts' indexes (``merging(_:counts:)``).
  private struct PartMerger {
    let parts: [WordIndex]
    /// The slot each part's slot 0 becomes.
    let offsets: [Int]
    /// The next word of each part.
    var cursors: [Int]
    /// The parts with words left, as a binary heap by (next word, part), each with the first 8 bytes of its next
    /// word as a big-endian number: most comparisons are of these alone.
    var heap: [(key: UInt64, part: Int)]

    init(parts: [WordIndex], counts: [Int]) {
      self.parts = parts
      var offsets: [Int] = []
      var offset = 0
      for count in counts {
        offsets.append(offset)
        offset += count
      }
      self.offsets = offsets
      cursors = [Int](repeating: 0, count: parts.count)
      heap = []
    }

    /// Calls `body` with the next word of `part`.
    func withWord<R>(_ part: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
      parts[part].words.bytes.withUnsafeBufferPointer { bytes in
        body(UnsafeBufferPointer(rebasing: bytes[parts[part].words.range(cursors[part])]))
      }
    }

    /// The heap entry of `part` at its next word.
    func entry(_ part: Int) -> (key: UInt64, part: Int) {
      let key = withWord(part) { word in
        var key: UInt64 = 0
        for offset in 0..<8 { key = key << 8 | UInt64(offset < word.count ? word[offset] : 0) }
        return key
      }
      return (key, part)
    }

    /// Whether entry `a` comes before entry `b`: by their words, then by their parts, so the lists of a word come in
    /// slot order.
    func precedes(_ a: (key: UInt64, part: Int), _ b: (key: UInt64, part: Int)) -> Bool {
      if a.key != b.key { return a.key < b.key }
      let order = withWord(a.part) { first in withWord(b.part) { WordIndex.compare(first, $0) } }
      return order != 0 ? order < 0 : a.part < b.part
    }

    mutating func siftDown(_ start: Int) {
      var index = start
      while true {
        let left = 2 * index + 1
        guard left < heap.count else { return }
        let right = left + 1
        let child = right < heap.count && precedes(heap[right], heap[left]) ? right : left
        guard precedes(heap[child], heap[index]) else { return }
        heap.swapAt(child, index)
        index = child
      }
    }

    /// Moves the top part to its next word, or out of the heap after its last.
    mutating func advanceTop() {
      let part = heap[0].part
      cursors[part] += 1
      if cursors[part] == parts[part].wordCount {
        heap[0] = heap[heap.count - 1]
        heap.removeLast()
      } else {
        heap[0] = entry(part)
      }
      if !heap.isEmpty { siftDown(0) }
    }

    mutating func merge() -> WordIndex {
      heap = parts.indices.filter { parts[$0].wordCount > 0 }.map(entry)
      for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
      let entries = parts.reduce(0) { $0 + $1.wordCount }
      var wordOffsets: [UInt32] = [0]
      wordOffsets.reserveCapacity(entries + 1)
      var postingOffsets: [UInt32] = []
      postingOffsets.reserveCapacity(entries + 1)
      // Bytes are written through pointers into room made up front: appending word by word to arrays cost more than
      // the merge itself. Re-encoding the first slot of a part's list can lengthen it by up to two bytes.
      var wordBytes = [UInt8](repeating: 0, count: parts.reduce(0) { $0 + $1.words.bytes.count })
      var postings = [UInt8](repeating: 0, count: parts.reduce(0) { $0 + $1.postings.count } + 2 * entries)
      var wordEnd = 0
      var postingEnd = 0
      wordBytes.withUnsafeMutableBufferPointer { wordOut in
        postings.withUnsafeMutableBufferPointer { postingOut in
          while var part = heap.first?.part {
            postingOffsets.append(UInt32(postingEnd))
            let wordStart = wordEnd
            withWord(part) { WordIndex.copy($0, to: wordOut, at: &wordEnd) }
            wordOffsets.append(UInt32(wordEnd))
            let word = UnsafeBufferPointer(rebasing: wordOut[wordStart..<wordEnd])
            // The last slot written for this word so far.
            var lastSlot = 0
            while true {
              let index = parts[part]
              let cursor = cursors[part]
              let range = Int(index.postingOffsets[cursor])..<Int(index.postingOffsets[cursor + 1])
              // Only the first delta changes: it was counted from the part's slot 0, now from the last slot before.
              let firstSlot = index.postings.withUnsafeBufferPointer { bytes in
                let list = UnsafeBufferPointer(rebasing: bytes[range])
                var position = 0
                let firstSlot = WordIndex.readVarint(list, &position) + offsets[part]
                WordIndex.writeVarint(firstSlot - lastSlot, to: postingOut, at: &postingEnd)
                WordIndex.copy(UnsafeBufferPointer(rebasing: list[position...]), to: postingOut, at: &postingEnd)
                return firstSlot
              }
              advanceTop()
              guard let next = heap.first?.part, withWord(next, { WordIndex.compare($0, word) == 0 }) else { break }
              // The word goes on in a later part: its first delta counts from this list's last slot.
              lastSlot = index.postings.withUnsafeBufferPointer { bytes in
                var position = 0
                let list = UnsafeBufferPointer(rebasing: bytes[range])
                _ = WordIndex.readVarint(list, &position)
                return firstSlot + WordIndex.sum(UnsafeBufferPointer(rebasing: list[position...]))
              }
              part = next
            }
          }
        }
      }
      postingOffsets.append(UInt32(postingEnd))
      wordBytes.removeLast(wordBytes.count - wordEnd)
      postings.removeLast(postings.count - postingEnd)
      return WordIndex(
        words: ByteColumn(bytes: StoredArray(wordBytes), offsets: StoredArray(wordOffsets)),
        postingOffsets: StoredArray(postingOffsets),
        postings: StoredArray(postings)
      )
    }
  }

  /// Copies `source` to `target` at `end`, moving `end` past it (`target` has room: it was sized for both inputs).
  @inline(__always) fileprivate static func copy(
    _ source: UnsafeBufferPointer<UInt8>?,
    to target: UnsafeMutableBufferPointer<UInt8>,
    at end: inout Int
  ) {
    guard let source, let from = source.baseAddress, let to = target.baseAddress, !source.isEmpty else { return }
    (to + end).update(from: from, count: source.count)
    end += source.count
  }

  @inline(__always) fileprivate static func writeVarint(
    _ value: Int,
    to target: UnsafeMutableBufferPointer<UInt8>,
    at end: inout Int
  ) {
    var value = value
    while value >= 0x80 {
      target[end] = UInt8(value & 0x7F) | 0x80
      value >>= 7
      end += 1
    }
    target[end] = UInt8(value)
    end += 1
  }

  /// The byte order of the vocabulary (the order ``WordIndexBuilder/finish()`` sorts into).
  fileprivate static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let length = min(a.count, b.count)
    if length > 0, let left = a.baseAddress, let right = b.baseAddress {
      let order = memcmp(left, right, length)
      if order != 0 { return Int(order) }
    }
    return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
  }

  /// The last slot of a posting list (the sum of its deltas).
  fileprivate static func sum(_ list: UnsafeBufferPointer<UInt8>) -> Int {
    var position = 0
    var total = 0
    while position < list.count { total += readVarint(list, &position) }
    return total
  }

  fileprivate static func readVarint(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Int {
    var value = 0
    var shift = 0
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    return value
  }
}
