/// Accumulates items into the columns of a ``CatalogSegment``, one item at a time, so a large catalog is never
/// held twice (once as `CatalogItem` values, once as columns).
struct CatalogSegmentBuilder {
  private(set) var count = 0
  fileprivate(set) var titles = ByteColumn()
  fileprivate(set) var folded = ByteColumn()
  fileprivate(set) var wordStarts = Bitset(count: 0)
  private var wordStartWords: [UInt64] = []
  fileprivate(set) var masks: [UInt32] = []
  fileprivate(set) var asciiTitles = Bitset(count: 0)
  private var asciiWords: [UInt64] = []
  fileprivate(set) var idIsTitle = Bitset(count: 0)
  private var idIsTitleWords: [UInt64] = []
  fileprivate(set) var ids = ByteColumn()
  fileprivate(set) var subtitles = ByteColumn()
  fileprivate(set) var completions = SparseStrings()
  fileprivate(set) var icons = SparseStrings()
  fileprivate(set) var keywordOffsets: [UInt32] = []
  fileprivate(set) var keywords = ByteColumn()
  fileprivate(set) var weights: [Double] = []
  fileprivate(set) var priors: [UInt16] = []
  fileprivate(set) var tokenPostings: [[Int32]] = []
  fileprivate(set) var idIndex = IDIndex(capacityFor: 0)
  fileprivate(set) var titleWords = WordIndex()
  fileprivate(set) var subtitleWords = WordIndex()
  fileprivate(set) var keywordWords = WordIndex()
  fileprivate(set) var shadowed = Bitset(count: 0)
  private var flagScratch: [UInt8] = []

  /// Creates an empty builder, optionally reserving room for `expectedCount` items.
  init(expectedCount: Int = 0) {
    if expectedCount > 0 {
      titles.reserve(bytes: expectedCount * 16, strings: expectedCount)
      folded.reserve(bytes: expectedCount * 16, strings: expectedCount)
      masks.reserveCapacity(expectedCount)
      weights.reserveCapacity(expectedCount)
      priors.reserveCapacity(expectedCount)
      subtitles.reserve(bytes: expectedCount * 48, strings: expectedCount)
    }
  }

  private static func setBit(_ words: inout [UInt64], _ index: Int) {
    while words.count <= index >> 6 { words.append(0) }
    words[index >> 6] |= 1 << UInt64(index & 63)
  }

  /// Appends one item.
  ///
  /// - Parameters:
  ///   - item: The item.
  ///   - tokenIndex: Maps a token id to its catalog token index.
  mutating func append(_ item: CatalogItem, tokenIndex: (String) -> Int) {
    let slot = count
    count += 1
    titles.append(item.title)
    let start = folded.bytes.count
    flagScratch.removeAll(keepingCapacity: true)
    folded.withBytes { TextFolder.append(folding: item.title, to: &$0, flags: &flagScratch) }
    folded.endString()
    var mask: UInt32 = 0
    folded.bytes.withUnsafeBufferPointer { bytes in
      var previous = TextFolder.separator
      for offset in 0..<(bytes.count - start) {
        let byte = bytes[start + offset]
        mask |= LetterMask.bit(byte)
        let flags = FoldFlags(rawValue: flagScratch[offset])
        let isStart =
          byte != TextFolder.separator && !flags.contains(.continuation) && (byte & 0xC0) != 0x80
          && (flags.contains(.wordStart) || previous == TextFolder.separator)
        if isStart { Self.setBit(&wordStartWords, start + offset) }
        previous = byte
      }
    }
    masks.append(mask)
    if item.title.utf8.allSatisfy({ $0 < 0x80 }) { Self.setBit(&asciiWords, slot) }
    if item.id == item.title {
      Self.setBit(&idIsTitleWords, slot)
      ids.endString()
    } else {
      ids.append(item.id)
    }
    subtitles.append(item.subtitle ?? "")
    completions.append(item.completion == item.title ? nil : item.completion, slot: slot)
    icons.append(item.icon, slot: slot)
    if !item.keywords.isEmpty && keywordOffsets.isEmpty {
      keywordOffsets = [UInt32](repeating: 0, count: slot + 1)
    }
    if !keywordOffsets.isEmpty {
      for keyword in item.keywords { keywords.append(keyword) }
      keywordOffsets.append(UInt32(keywords.count))
    }
    weights.append(item.weight)
    priors.append(PopularityPrior.prior(weight: item.weight))
    for token in item.tokens {
      let index = tokenIndex(token)
      while tokenPostings.count <= index { tokenPostings.append([]) }
      if tokenPostings[index].last != Int32(slot) { tokenPostings[index].append(Int32(slot)) }
    }
  }

  private static func bitset(_ words: [UInt64], count: Int) -> Bitset {
    var set = Bitset(count: count)
    for (index, word) in words.enumerated() where word != 0 {
      var rest = word
      while rest != 0 {
        set.insert(index << 6 | rest.trailingZeroBitCount)
        rest &= rest - 1
      }
    }
    return set
  }

  /// Finishes the columns and builds the id index and the word indexes.
  ///
  /// - Complexity: O(total text + *v* log *v*) for *v* distinct words.
  consuming func build() -> CatalogSegment {
    titles.shrink()
    folded.shrink()
    subtitles.shrink()
    wordStarts = Self.bitset(wordStartWords, count: folded.bytes.count)
    wordStartWords = []
    asciiTitles = Self.bitset(asciiWords, count: count)
    asciiWords = []
    idIsTitle = Self.bitset(idIsTitleWords, count: count)
    idIsTitleWords = []
    if !keywordOffsets.isEmpty {
      while keywordOffsets.count < count + 1 { keywordOffsets.append(UInt32(keywords.count)) }
    }
    buildIDIndex()
    buildWordIndexes()
    return CatalogSegment(self)
  }

  private mutating func buildIDIndex() {
    var index = IDIndex(capacityFor: count)
    var shadowed = Bitset(count: count)
    let titles = self.titles
    let ids = self.ids
    let idIsTitle = self.idIsTitle
    titles.bytes.withUnsafeBufferPointer { titleBytes in
      ids.bytes.withUnsafeBufferPointer { idBytes in
        func key(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
          idIsTitle.contains(slot)
            ? UnsafeBufferPointer(rebasing: titleBytes[titles.range(slot)])
            : UnsafeBufferPointer(rebasing: idBytes[ids.range(slot)])
        }
        for slot in 0..<count {
          if let replaced = index.insert(slot, key: key(slot), keyOf: key) { shadowed.insert(replaced) }
        }
      }
    }
    idIndex = index
    self.shadowed = shadowed
  }

  private mutating func buildWordIndexes() {
    let folded = self.folded
    let wordStarts = self.wordStarts
    var scratch: [UInt8] = []
    titleWords = WordIndex.build { emit in
      folded.bytes.withUnsafeBufferPointer { bytes in
        for slot in 0..<count {
          let range = folded.range(slot)
          WordSplitter.forEachTitleWord(
            UnsafeBufferPointer(rebasing: bytes[range]),
            isWordStart: { wordStarts.contains(range.lowerBound + $0) },
            scratch: &scratch
          ) { emit($0, slot) }
        }
      }
    }
    subtitleWords = Self.textIndex(column: subtitles, count: count) { $0 }
    if !keywordOffsets.isEmpty {
      let offsets = keywordOffsets
      keywordWords = Self.textIndex(column: keywords, count: count) { slot in
        Int(offsets[slot])..<Int(offsets[slot + 1])
      }
    }
  }

  /// Indexes the words of folded text: for each slot, the column entries `entries(slot)`.
  private static func textIndex(
    column: ByteColumn,
    count: Int,
    entries: @escaping (Int) -> Range<Int>
  ) -> WordIndex {
    var foldedText: [UInt8] = []
    var flags: [UInt8] = []
    return WordIndex.build { emit in
      for slot in 0..<count {
        for entry in entries(slot) {
          let range = column.range(entry)
          guard !range.isEmpty else { continue }
          foldedText.removeAll(keepingCapacity: true)
          flags.removeAll(keepingCapacity: true)
          TextFolder.append(folding: column.string(entry), to: &foldedText, flags: &flags)
          foldedText.withUnsafeBufferPointer { text in WordSplitter.forEachTextWord(text) { emit($0, slot) } }
        }
      }
    }
  }

  /// Overload for a column with one entry per slot.
  private static func textIndex(column: ByteColumn, count: Int, entry: @escaping (Int) -> Int) -> WordIndex {
    textIndex(column: column, count: count) { slot in entry(slot)..<(entry(slot) + 1) }
  }
}
