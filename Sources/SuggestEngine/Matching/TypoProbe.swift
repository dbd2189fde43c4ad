/// Borrowed access to a ``TypoTable`` inside a scan (``TypoTable/withProbe(_:)``).
struct TypoProbe {
  /// 64-bit words per set (``TypoTable/stride``).
  let stride: Int
  /// Per query word, the address of its four sets (`nil` when it has no budget, so no typo matches).
  let sets: UnsafeBufferPointer<UnsafePointer<UInt64>?>
  /// Whether the mode allows typos (``TypoTable/allowsTypos``).
  let allowsTypos: Bool

  /// 1 when `slot` is in set `set` of word `word` (within one edit), 2 when only in the set after it (within two).
  @inline(__always) private func lookup(word: Int, slot: Int, first set: Int) -> Int? {
    guard let bits = sets[word] else { return nil }
    let one = set * stride + slot >> 6
    let bit = UInt64(slot & 63)
    if bits[one] >> bit & 1 != 0 { return 1 }
    if bits[one + stride] >> bit & 1 != 0 { return 2 }
    return nil
  }

  /// The slots `index << 6 ..< index << 6 + 64` (one 64-bit word of a segment-wide bitset) where query word `w`
  /// has a typo match (``distance(word:slot:)`` is not `nil`).
  @inline(__always) func matches(word w: Int, bitsetWord index: Int) -> UInt64 {
    guard let bits = sets[w] else { return 0 }
    return bits[TypoTable.Layout.beginnings * stride + index]
  }

  /// The slots of one 64-bit word of a segment-wide bitset where query word `w` is within its budget of a whole
  /// title word (``wholeDistance(word:slot:)`` is not `nil`).
  @inline(__always) func wholeMatches(word w: Int, bitsetWord index: Int) -> UInt64 {
    guard let bits = sets[w] else { return 0 }
    return bits[TypoTable.Layout.wholeWords * stride + index]
  }

  /// The fewest edits between word `word` and a prefix of a title word of `slot`, if within budget.
  @inline(__always) func distance(word: Int, slot: Int) -> Int? {
    lookup(word: word, slot: slot, first: TypoTable.Layout.beginningsWithinOne)
  }

  /// The fewest edits between word `word` and a whole title word of `slot`, if within budget.
  @inline(__always) func wholeDistance(word: Int, slot: Int) -> Int? {
    lookup(word: word, slot: slot, first: TypoTable.Layout.wholeWordsWithinOne)
  }
}
