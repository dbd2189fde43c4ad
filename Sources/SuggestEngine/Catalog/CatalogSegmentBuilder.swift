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
  fileprivate(set) var subtitles = ChunkedTextColumn()
  fileprivate(set) var completions = SparseStrings()
  fileprivate(set) var icons = SparseStrings()
  fileprivate(set) var keywordOffsets: [UInt32] = []
  fileprivate(set) var keywords = ByteColumn()
  fileprivate(set) var weights: [Float] = []
  fileprivate(set) var preciseWeights: [Double]?
  fileprivate(set) var priors: [UInt16] = []
  fileprivate(set) var prior = PopularityPrior(weights: [])
  fileprivate(set) var tokenPostings: [[Int32]] = []
  fileprivate(set) var idIndex = IDIndex(capacityFor: 0)
  fileprivate(set) var titleWords = WordIndex()
  fileprivate(set) var subtitleWords = WordIndex()
  fileprivate(set) var keywordWords = WordIndex()
  fileprivate(set) var shadowed = Bitset(count: 0)
  private var flagScratch: [UInt8] = []
  private var startScratch: [Bool] = []
  private var foldScratch: [UInt8] = []
  private var titleWordsBuilder = WordIndexBuilder()
  private var subtitleIndexer = BackgroundTextIndexer()
  private var textFeeder = TextWordFeeder()
  private var keywordWordsBuilder = WordIndexBuilder()
  /// The prior to use, or `nil` to derive one from this segment's own weights.
  private let popularity: PopularityPrior?

  /// Creates an empty builder, optionally reserving room for `expectedCount` items.
  ///
  /// - Parameters:
  ///   - expectedCount: How many items to reserve room for.
  ///   - popularity: The prior of the catalog this segment joins (a delta uses its base's), or `nil` to derive
  ///     it from the segment's own weights.
  init(expectedCount: Int = 0, popularity: PopularityPrior? = nil) {
    self.popularity = popularity
    if expectedCount > 0 {
      titles.reserve(bytes: expectedCount * 16, strings: expectedCount)
      folded.reserve(bytes: expectedCount * 16, strings: expectedCount)
      masks.reserveCapacity(expectedCount)
      weights.reserveCapacity(expectedCount)
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
    var foldedTitle = foldScratch
    var flags = flagScratch
    var isStart = startScratch
    var titleWords = titleWordsBuilder
    foldScratch = []
    titleWordsBuilder = WordIndexBuilder()
    foldedTitle.removeAll(keepingCapacity: true)
    flags.removeAll(keepingCapacity: true)
    isStart.removeAll(keepingCapacity: true)
    TextFolder.append(folding: item.title, to: &foldedTitle, flags: &flags)
    var mask: UInt32 = 0
    var previous = TextFolder.separator
    for (offset, byte) in foldedTitle.enumerated() {
      mask |= LetterMask.bit(byte)
      let flag = FoldFlags(rawValue: flags[offset])
      let starts =
        byte != TextFolder.separator && !flag.contains(.continuation) && (byte & 0xC0) != 0x80
        && (flag.contains(.wordStart) || previous == TextFolder.separator)
      if starts { Self.setBit(&wordStartWords, start + offset) }
      isStart.append(starts)
      previous = byte
    }
    foldedTitle.withUnsafeBufferPointer { bytes in
      WordSplitter.forEachTitleWord(bytes, isWordStart: { isStart[$0] }) {
        titleWords.add($0, slot: slot)
      }
    }
    folded.append(bytes: foldedTitle)
    foldScratch = foldedTitle
    flagScratch = flags
    startScratch = isStart
    titleWordsBuilder = titleWords
    masks.append(mask)
    if item.title.utf8.allSatisfy({ $0 < 0x80 }) { Self.setBit(&asciiWords, slot) }
    if item.id == item.title {
      Self.setBit(&idIsTitleWords, slot)
      if ids.count > 0 { ids.endString() }
    } else {
      while ids.count < slot { ids.endString() }
      ids.append(item.id)
    }
    if let completed = subtitles.append(item.subtitle ?? "") { subtitleIndexer.submit(completed) }
    completions.append(item.completion == item.title ? nil : item.completion, slot: slot)
    icons.append(item.icon, slot: slot)
    if !item.keywords.isEmpty && keywordOffsets.isEmpty {
      keywordOffsets = [UInt32](repeating: 0, count: slot + 1)
    }
    if !keywordOffsets.isEmpty {
      for keyword in item.keywords {
        keywords.append(keyword)
        var keyword = keyword
        keyword.withUTF8 { textFeeder.add($0, slot: slot, to: &keywordWordsBuilder) }
      }
      keywordOffsets.append(UInt32(keywords.count))
    }
    let weight = Float(item.weight)
    weights.append(weight)
    if preciseWeights == nil && Double(weight) != item.weight && !item.weight.isNaN {
      preciseWeights = weights.map { Double($0) }
      preciseWeights?[slot] = item.weight
    } else if preciseWeights != nil {
      preciseWeights?.append(item.weight)
    }
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
  mutating func build() -> CatalogSegment {
    var parts = self
    self = CatalogSegmentBuilder()
    return parts.assemble()
  }

  private mutating func assemble() -> CatalogSegment {
    titles.shrink()
    folded.shrink()
    subtitles.shrink()
    ids.shrink()
    keywords.shrink()
    masks = masks.trimmed()
    weights = weights.trimmed()
    let prior = popularity ?? PopularityPrior(weights: weights)
    self.prior = prior
    priors = weights.map { prior.prior($0) }
    wordStarts = Self.bitset(wordStartWords, count: folded.bytes.count)
    wordStartWords = []
    asciiTitles = Self.bitset(asciiWords, count: count)
    asciiWords = []
    idIsTitle = Self.bitset(idIsTitleWords, count: count)
    idIsTitleWords = []
    if !keywordOffsets.isEmpty {
      while keywordOffsets.count < count + 1 { keywordOffsets.append(UInt32(keywords.count)) }
    }
    if let last = subtitles.lastChunk { subtitleIndexer.submit(last) }
    subtitleIndexer.startFinishing()
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
    titleWords = titleWordsBuilder.finish()
    titleWordsBuilder = WordIndexBuilder()
    subtitleWords = subtitleIndexer.wait()
    keywordWords = keywordWordsBuilder.finish()
    keywordWordsBuilder = WordIndexBuilder()
  }

}
