#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sorted vocabulary of folded words, each with the increasing list of segment slots whose text contains it.
///
/// Postings are delta-encoded LEB128 varints, one list per word, so the index costs a few bytes per (word, item)
/// pair. A prefix selects a contiguous range of words; a typo search walks the sorted vocabulary as a trie.
struct WordIndex: Sendable, Equatable {
  /// The words, sorted by bytes.
  private(set) var words = ByteColumn()
  /// `postingOffsets[w]..<postingOffsets[w + 1]` holds word `w`'s postings in ``postings``.
  private(set) var postingOffsets: StoredArray<UInt32> = [0]
  /// The varint postings of every word.
  private(set) var postings = StoredArray<UInt8>()
  /// `sharedPrefixes[w]`: how many first bytes word `w` shares with word `w + 1` (at most 255; 0 for the last),
  /// so that the end of a run of words with a common prefix is found by reading bytes in a row
  /// (``endOfRun(from:depth:)``).
  private(set) var sharedPrefixes = StoredArray<UInt8>()
  /// The least of ``sharedPrefixes`` in each block of ``shortRun`` words, so that a long run is passed a block at a
  /// time (found from them: not stored).
  private var blockMinima: [UInt8] = []

  /// An empty index.
  init() {}

  /// The bytes held.
  var storageBytes: Int {
    words.residentBytes + postingOffsets.residentBytes + postings.residentBytes
  }

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
  /// Reads the shared prefix lengths of the next words in a row, a block of ``shortRun`` at a time where the block's
  /// least one reaches `depth` (a typo walk asks this at every trie node it prunes: comparing the words, by
  /// galloping, cost it a third of a full walk).
  ///
  /// - Complexity: O(``shortRun`` + *r* / ``shortRun``) for a run of *r* words.
  func endOfRun(from start: Int, depth: Int) -> Int {
    // A stored 255 means 255 bytes or more: a deeper prefix is compared in the words.
    guard depth < 255 else { return endOfLongPrefixRun(from: start, depth: depth) }
    return sharedPrefixes.withUnsafeBufferPointer { shared in
      // Word `j + 1` shares `depth` bytes with word `start` while every `shared[start...j]` reaches `depth`. A
      // whole block of words whose least shared length reaches `depth` is passed at once.
      var word = start
      while word < shared.count {
        if word % Self.shortRun == 0 {
          let block = word / Self.shortRun
          if block < blockMinima.count && Int(blockMinima[block]) >= depth {
            word += Self.shortRun
            continue
          }
        }
        if Int(shared[word]) < depth { return word + 1 }
        word += 1
      }
      return shared.count
    }
  }

  /// ``endOfRun(from:depth:)`` for a prefix of 255 bytes or more, by comparing the words.
  private func endOfLongPrefixRun(from start: Int, depth: Int) -> Int {
    words.bytes.withUnsafeBufferPointer { vocab in
      let first = words.range(start).lowerBound
      func shares(_ word: Int) -> Bool {
        let range = words.range(word)
        guard range.count >= depth else { return false }
        if depth <= 8 {
          for offset in 0..<depth where vocab[range.lowerBound + offset] != vocab[first + offset] { return false }
          return true
        }
        return memcmp(vocab.baseAddress! + range.lowerBound, vocab.baseAddress! + first, depth) == 0
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

  /// The words per block of ``blockMinima``.
  static let shortRun = 64

  /// The least of ``sharedPrefixes`` in each block of ``shortRun`` words.
  static func blockMinima(of shared: StoredArray<UInt8>) -> [UInt8] {
    shared.withUnsafeBufferPointer { shared in
      stride(from: 0, to: shared.count, by: shortRun).map { start in
        shared[start..<min(shared.count, start + shortRun)].min() ?? 0
      }
    }
  }

  /// How many first bytes each word shares with the next, for ``sharedPrefixes``.
  ///
  /// - Complexity: O(total length of the words).
  static func sharedPrefixes(of words: ByteColumn) -> [UInt8] {
    guard words.count > 0 else { return [] }
    var shared = [UInt8](repeating: 0, count: words.count)
    words.bytes.withUnsafeBufferPointer { vocab in
      var previous = words.range(0)
      for word in 1..<words.count {
        let range = words.range(word)
        let limit = min(previous.count, range.count, 255)
        var length = 0
        while length < limit && vocab[previous.lowerBound + length] == vocab[range.lowerBound + length] { length += 1 }
        shared[word - 1] = UInt8(length)
        previous = range
      }
    }
    return shared
  }

  /// Calls `body` with every slot listed under the words in `range` (a slot may come more than once).
  ///
  /// - Complexity: O(postings in the range).
  func forEachSlot(inWords range: Range<Int>, _ body: (Int) -> Void) {
    postings.withUnsafeBufferPointer { bytes in
      let offsets = postingOffsets
      for word in range {
        var position = Int(offsets[word])
        let end = Int(offsets[word + 1])
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

  /// Releases spare capacity.
  mutating func shrink() {
    words.shrink()
    postingOffsets = postingOffsets.trimmed()
    postings = postings.trimmed()
    sharedPrefixes = sharedPrefixes.trimmed()
  }

  /// Creates an index from its sorted parts.
  ///
  /// - Parameters:
  ///   - words: The words, sorted by bytes.
  ///   - postingOffsets: Where each word's postings start in `postings`, then their end.
  ///   - postings: The varint postings of every word.
  ///   - sharedPrefixes: The words' ``sharedPrefixes`` (a snapshot's section), or `nil` to find them.
  init(
    words: ByteColumn,
    postingOffsets: StoredArray<UInt32>,
    postings: StoredArray<UInt8>,
    sharedPrefixes: StoredArray<UInt8>? = nil
  ) {
    self.words = words
    self.postingOffsets = postingOffsets
    self.postings = postings
    self.sharedPrefixes = sharedPrefixes ?? StoredArray(Self.sharedPrefixes(of: words))
    blockMinima = Self.blockMinima(of: self.sharedPrefixes)
  }
}
