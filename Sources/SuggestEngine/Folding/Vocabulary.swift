/// Words of ASCII letters with a count each, looked up by their letters packed into 64 bits: an open-addressing
/// table, so the many lookups of a catalog build (a few per title word) stay cheap.
struct Vocabulary: Sendable {
  /// The packed words (``pack(_:_:)``; 0 marks an empty slot), a power of two in size.
  private let keys: [UInt64]
  /// The count of the word in the same slot.
  private let counts: [UInt32]

  /// Reads a vocabulary from lines of a word and its count ("util 1452"); a line that is not one is skipped, as is
  /// a word that is not 1 to 12 lowercase ASCII letters.
  ///
  /// Read as bytes, with no string per line: the built-in vocabulary has 10,000 lines, and every start that builds
  /// a catalog reads it.
  init(generated text: String) {
    var entries: [(key: UInt64, count: UInt32)] = []
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        if let entry = Self.entry(UnsafeBufferPointer(rebasing: bytes[start..<end])) { entries.append(entry) }
        start = end + 1
      }
    }
    var size = 16
    while size < entries.count * 2 { size <<= 1 }
    var keys = [UInt64](repeating: 0, count: size)
    var counts = [UInt32](repeating: 0, count: size)
    for (key, count) in entries {
      var slot = Self.home(key, size)
      while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (size - 1) }
      keys[slot] = key
      counts[slot] = count
    }
    self.keys = keys
    self.counts = counts
  }

  /// The count of a packed word, 0 when it is not in the vocabulary.
  @inline(__always) func count(_ key: UInt64) -> UInt32 {
    guard key != 0 else { return 0 }
    let mask = keys.count - 1
    var slot = Self.home(key, keys.count)
    while true {
      let found = keys[slot]
      if found == key { return counts[slot] }
      if found == 0 { return 0 }
      slot = (slot + 1) & mask
    }
  }

  /// The letters of `word` in `range`, 5 bits each from a = 1, or 0 (no word) for more than 12 letters or a byte
  /// that is not a lowercase ASCII letter.
  @inline(__always) static func pack(_ word: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    guard range.count <= 12 else { return 0 }
    var key: UInt64 = 0
    for position in range {
      let byte = word[position]
      guard isLetter(byte) else { return 0 }
      key = key << 5 | UInt64(byte - 0x60)
    }
    return key
  }

  /// The packed word and the count of a line of two fields parted by spaces, a word and a positive decimal count,
  /// or `nil` when the line is not one.
  private static func entry(_ line: UnsafeBufferPointer<UInt8>) -> (key: UInt64, count: UInt32)? {
    let space: UInt8 = 0x20
    // The two fields, held as ranges: no array per line.
    var word: Range<Int>?
    var digits: Range<Int>?
    var position = 0
    while position < line.count {
      while position < line.count && line[position] == space { position += 1 }
      guard position < line.count else { break }
      var end = position
      while end < line.count && line[end] != space { end += 1 }
      if word == nil {
        word = position..<end
      } else if digits == nil {
        digits = position..<end
      } else {
        return nil
      }
      position = end
    }
    guard let word, let digits, (1...12).contains(word.count) else { return nil }
    let key = pack(line, word)
    var count: UInt32 = 0
    for index in digits {
      let digit = line[index] &- 0x30
      guard digit <= 9 else { return nil }
      let (tens, overflowed) = count.multipliedReportingOverflow(by: 10)
      let (sum, carried) = tens.addingReportingOverflow(UInt32(digit))
      guard !overflowed && !carried else { return nil }
      count = sum
    }
    guard key != 0, count > 0 else { return nil }
    return (key, count)
  }

  /// Whether `byte` is a lowercase ASCII letter.
  @inline(__always) static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }

  /// The first slot to try for `key` in a table of `size` slots.
  @inline(__always) private static func home(_ key: UInt64, _ size: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (size - 1)
  }
}
