/// One folded title as matching sees it: its bytes and its word starts, borrowed from segment storage.
struct TitleView {
  /// The folded bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The segment's word-start bitset words.
  let starts: UnsafeBufferPointer<UInt64>
  /// The segment's compound-start bitset words (``CompoundWords``: "util" in "dateutil"), indexed like `starts`;
  /// empty when the title has none. Only acronyms take initials there.
  let compounds: UnsafeBufferPointer<UInt64>
  /// The bit index of `bytes[0]` in `starts`.
  let base: Int

  /// A view of folded `bytes` whose word starts are bits `base…` of `starts`, and whose compound starts are the
  /// same bits of `compounds` (none when empty).
  init(
    bytes: UnsafeBufferPointer<UInt8>,
    starts: UnsafeBufferPointer<UInt64>,
    compounds: UnsafeBufferPointer<UInt64> = UnsafeBufferPointer(start: nil, count: 0),
    base: Int
  ) {
    self.bytes = bytes
    self.starts = starts
    self.compounds = compounds
    self.base = base
  }

  /// The number of folded bytes.
  var count: Int { bytes.count }

  /// Whether a word starts at `position` (never at a separator or continuation byte).
  @inline(__always) func isStart(_ position: Int) -> Bool {
    let bit = base + position
    return starts[bit >> 6] >> UInt64(bit & 63) & 1 != 0
  }

  /// Whether `word` occurs at `position`.
  @inline(__always) func matches(_ word: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
    guard position + word.count <= bytes.count else { return false }
    var offset = 0
    while offset < word.count {
      if bytes[position + offset] != word[offset] { return false }
      offset += 1
    }
    return true
  }

  /// Calls `body` with every position where `word` (not empty) occurs, increasing, until it returns false.
  @inline(__always) func forEachOccurrence(of word: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool) {
    let last = bytes.count - word.count
    guard last >= 0 else { return }
    if word.count >= 2, let text = UnsafeRawPointer(bytes.baseAddress), let needle = UnsafeRawPointer(word.baseAddress)
    {
      // The first two bytes compared as one: a common first letter ("a" of "anar") rarely begins the word, and
      // comparing the rest at each of its occurrences was most of a substring test.
      let lead = needle.loadUnaligned(as: UInt16.self)
      for position in 0...last where text.loadUnaligned(fromByteOffset: position, as: UInt16.self) == lead {
        if matches(word, at: position) && !body(position) { return }
      }
      return
    }
    let lead = word[0]
    for position in 0...last where bytes[position] == lead {
      if !body(position) { return }
    }
  }

  /// Whether `word` (not empty) occurs anywhere.
  @inline(__always) func contains(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    var found = false
    forEachOccurrence(of: word) { _ in
      found = true
      return false
    }
    return found
  }

  /// Whether some word of the title starts with `word`.
  @inline(__always) func hasWord(startingWith word: UnsafeBufferPointer<UInt8>) -> Bool {
    var found = false
    forEachStart { position in
      if !found && matches(word, at: position) { found = true }
    }
    return found
  }

  /// Whether a word ends at `position`: the end, a separator, or the start of the next word.
  @inline(__always) func isWordEnd(_ position: Int) -> Bool {
    position >= bytes.count || bytes[position] == TextFolder.separator || isStart(position)
  }

  /// Whether a compound word has its inner start at `position` (never a word start of ``isStart(_:)``).
  @inline(__always) func isCompoundStart(_ position: Int) -> Bool {
    guard !compounds.isEmpty else { return false }
    let bit = base + position
    return compounds[bit >> 6] >> UInt64(bit & 63) & 1 != 0
  }

  /// Whether some compound word of the title has its inner start (``isCompoundStart(_:)``).
  var hasCompoundStart: Bool {
    guard !compounds.isEmpty else { return false }
    var found = false
    var bit = base
    let end = base + count
    while bit < end && !found {
      let shift = bit & 63
      let available = min(64 - shift, end - bit)
      var word = compounds[bit >> 6] >> UInt64(shift)
      if available < 64 { word &= (1 << UInt64(available)) &- 1 }
      found = word != 0
      bit += available
    }
    return found
  }

  /// Calls `body` with every word start from `lower` on, increasing.
  @inline(__always) func forEachStart(from lower: Int = 0, _ body: (Int) -> Void) {
    forEachBit(from: lower, withCompounds: false, body)
  }

  /// Calls `body` with every place an acronym's initial may stand from `lower` on, increasing: the word starts and
  /// the compound starts.
  @inline(__always) func forEachInitialStart(from lower: Int = 0, _ body: (Int) -> Void) {
    forEachBit(from: lower, withCompounds: !compounds.isEmpty, body)
  }

  @inline(__always) private func forEachBit(from lower: Int, withCompounds: Bool, _ body: (Int) -> Void) {
    var bit = base + lower
    let end = base + count
    while bit < end {
      let shift = bit & 63
      let available = min(64 - shift, end - bit)
      var word = starts[bit >> 6] >> UInt64(shift)
      if withCompounds { word |= compounds[bit >> 6] >> UInt64(shift) }
      if available < 64 { word &= (1 << UInt64(available)) &- 1 }
      while word != 0 {
        body(bit - base + word.trailingZeroBitCount)
        word &= word &- 1
      }
      bit += available
    }
  }

  /// The start of the title's first word for acronyms and joined word prefixes, if any: the first word start that
  /// is no ASCII symbol (``WordClass/isASCIISymbol(_:)``), so the `@` of `@types/node` is passed over.
  var firstStart: Int? {
    var first: Int?
    forEachStart { position in if first == nil && !WordClass.isASCIISymbol(bytes[position]) { first = position } }
    return first
  }

  /// Where the title's first and last words (separator-delimited) are, for the coverage signs of ``MatchScoring``.
  ///
  /// Reads the leading separators, the last word backwards and the first word forwards: the words between them are
  /// skipped (this runs for every item a scan scores).
  var geometry: TitleGeometry {
    let separator = TextFolder.separator
    var first = 0
    while first < count && bytes[first] == separator { first += 1 }
    guard first < count else { return TitleGeometry(second: Int.min, last: Int.max) }
    var end = count
    while bytes[end - 1] == separator { end -= 1 }
    var last = end
    while last > first && bytes[last - 1] != separator { last -= 1 }
    guard last > first else { return TitleGeometry(second: Int.max, last: first) }
    var second = first
    while bytes[second] != separator { second += 1 }
    while bytes[second] == separator { second += 1 }
    return TitleGeometry(second: second, last: last)
  }

  /// Whether a start at `position` is a minor one: a digit right after a letter or digit ("3" in "boto3"), an ASCII
  /// symbol ("@" and "/" in "@types/node"), or a compound start. It may take an acronym's initial, but it is not a
  /// word of its own when an acronym must abbreviate every word, nor skipped when initials may skip no word.
  @inline(__always) func isMinorStart(_ position: Int) -> Bool {
    let byte = bytes[position]
    return byte >= 0x30 && byte <= 0x39 && position > 0 && bytes[position - 1] != TextFolder.separator
      || WordClass.isASCIISymbol(byte) || isCompoundStart(position)
  }
}
