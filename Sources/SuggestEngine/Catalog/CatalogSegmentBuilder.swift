/// Accumulates items into the columns of a ``CatalogSegment``, one item at a time, so a large catalog is never
/// held twice (once as `CatalogItem` values, once as columns).
///
/// A large segment is built in parts, each by its own builder counting its slots from 0, on several threads; the
/// finished parts are then joined (see `CatalogSegmentBuilder+Parts.swift`) into the builder of the whole segment.
struct CatalogSegmentBuilder {
  /// The number of slots.
  var count = 0
  var titles = ByteColumn()
  var folded = ByteColumn()
  var wordStarts = Bitset(count: 0)
  /// The bits of ``wordStarts`` while appending (grown as needed).
  var wordStartWords: [UInt64] = []
  var compoundStarts = Bitset(count: 0)
  /// The bits of ``compoundStarts`` while appending (grown as needed).
  var compoundStartWords: [UInt64] = []
  var masks: [UInt32] = []
  var repeatMasks: [UInt32] = []
  var asciiTitles = Bitset(count: 0)
  /// The bits of ``asciiTitles`` while appending.
  var asciiWords: [UInt64] = []
  var idIsTitle = Bitset(count: 0)
  /// The bits of ``idIsTitle`` while appending.
  var idIsTitleWords: [UInt64] = []
  var ids = ByteColumn()
  var subtitles = ChunkedTextColumn()
  var completions = SparseStrings()
  var icons = SparseStrings()
  var keywordOffsets: [UInt32] = []
  var keywords = ByteColumn()
  var weights: [Float] = []
  var preciseWeights: [Double]?
  var priors: [UInt16] = []
  var prior = PopularityPrior(weights: [])
  var tokenPostings: [[Int32]] = []
  var idIndex = IDIndex(capacityFor: 0)
  var titleWords = WordIndex()
  var subtitleWords = WordIndex()
  var keywordWords = WordIndex()
  var shadowed = Bitset(count: 0)
  private var flagScratch: [UInt8] = []
  /// One title's word starts while appending it, a compound start `c` as `~c` (kept to spare an allocation per
  /// item).
  private var startScratch: [Int] = []
  private var titleWordsBuilder = WordIndexBuilder()
  private var subtitleWordsBuilder = WordIndexBuilder()
  private var textFeeder = TextWordFeeder()
  private var keywordWordsBuilder = WordIndexBuilder()
  /// Whether ``titleWords``, ``subtitleWords`` and ``keywordWords`` are final (the builders are spent).
  var hasWordIndexes = false
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
      repeatMasks.reserveCapacity(expectedCount)
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
    var flags = flagScratch
    flags.removeAll(keepingCapacity: true)
    folded.withBytes { TextFolder.append(folding: item.title, to: &$0, flags: &flags) }
    var letters = LetterMask.Accumulator()
    for byte in folded.bytes[start...] { letters.add(byte) }
    // Title words are indexed later, from the folded column and these word starts (see `finishWordIndexes()`), so
    // that a worker thread does it when the segment is built in parts.
    var titleStarts = startScratch
    titleStarts.removeAll(keepingCapacity: true)
    folded.bytes.withUnsafeBufferPointer { bytes in
      flags.withUnsafeBufferPointer { flags in
        TitleStarts.forEach(UnsafeBufferPointer(rebasing: bytes[start...]), flags: flags) { position, isCompound in
          titleStarts.append(isCompound ? ~position : position)
        }
      }
    }
    for offset in titleStarts {
      if offset >= 0 {
        Self.setBit(&wordStartWords, start + offset)
      } else {
        Self.setBit(&compoundStartWords, start + ~offset)
      }
    }
    startScratch = titleStarts
    folded.endString()
    flagScratch = flags
    masks.append(letters.mask)
    repeatMasks.append(letters.repeats)
    if item.title.utf8.allSatisfy({ $0 < 0x80 }) { Self.setBit(&asciiWords, slot) }
    if item.id == item.title {
      Self.setBit(&idIsTitleWords, slot)
      if ids.count > 0 { ids.endString() }
    } else {
      while ids.count < slot { ids.endString() }
      ids.append(item.id)
    }
    // Subtitles are indexed by chunk when the word indexes are finished.
    subtitles.append(item.subtitle ?? "")
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
    var replaced: [(earlier: Int, later: Int)] = []
    return build(replacements: &replaced)
  }

  /// Finishes the columns and builds the indexes, as ``build()`` does, and tells which slots were shadowed.
  ///
  /// - Parameter replacements: Set to `(earlier, later)` for each slot whose id repeats an earlier slot's:
  ///   `earlier` is the slot it shadows (the previous one with that id), in order of `later`.
  /// - Returns: The segment.
  mutating func build(replacements: inout [(earlier: Int, later: Int)]) -> CatalogSegment {
    var parts = self
    self = CatalogSegmentBuilder()
    return parts.assemble(replacements: &replacements)
  }

  /// The weights appended so far, exactly (as ``CatalogItem/weight``).
  var exactWeights: [Double] { preciseWeights ?? weights.map { Double($0) } }

  /// Replaces the weights appended so far (one per slot), as appending items with these weights would have set
  /// them.
  mutating func setWeights(_ values: [Double]) {
    weights = []
    weights.reserveCapacity(values.count)
    preciseWeights = nil
    for weight in values {
      let single = Float(weight)
      weights.append(single)
      // As `append(_:tokenIndex:)` does: the exact values are kept once one does not fit a `Float`.
      if preciseWeights == nil && Double(single) != weight && !weight.isNaN {
        preciseWeights = weights.map { Double($0) }
        preciseWeights?[weights.count - 1] = weight
      } else if preciseWeights != nil {
        preciseWeights?.append(weight)
      }
    }
  }

  private mutating func assemble(replacements: inout [(earlier: Int, later: Int)]) -> CatalogSegment {
    // First: the title words are read from the folded titles and the word-start bits.
    finishWordIndexes()
    titles.shrink()
    folded.shrink()
    subtitles.shrink()
    ids.shrink()
    keywords.shrink()
    masks = masks.trimmed()
    repeatMasks = repeatMasks.trimmed()
    weights = weights.trimmed()
    wordStarts = Self.bitset(wordStartWords, count: folded.bytes.count)
    wordStartWords = []
    compoundStarts = Self.bitset(compoundStartWords, count: folded.bytes.count)
    compoundStartWords = []
    asciiTitles = Self.bitset(asciiWords, count: count)
    asciiWords = []
    idIsTitle = Self.bitset(idIsTitleWords, count: count)
    idIsTitleWords = []
    if !keywordOffsets.isEmpty {
      while keywordOffsets.count < count + 1 { keywordOffsets.append(UInt32(keywords.count)) }
    }
    buildIDIndex(replacements: &replacements)
    // The prior follows the weights of the live items only: a slot shadowed by a later one with the same id is
    // not an item of the catalog.
    let prior: PopularityPrior
    if let popularity {
      prior = popularity
    } else if replacements.isEmpty {
      prior = PopularityPrior(weights: weights)
    } else {
      let (shadowed, weights) = (self.shadowed, self.weights)
      prior = PopularityPrior(weights: weights.indices.lazy.filter { !shadowed.contains($0) }.map { weights[$0] })
    }
    self.prior = prior
    priors = weights.map { prior.prior($0) }
    return CatalogSegment(self)
  }

  private mutating func buildIDIndex(replacements: inout [(earlier: Int, later: Int)]) {
    let firstReplacement = replacements.count
    let titles = self.titles
    let ids = self.ids
    let idIsTitle = self.idIsTitle
    titles.bytes.withUnsafeBufferPointer { titleBytes in
      ids.bytes.withUnsafeBufferPointer { idBytes in
        idIndex = IDIndex(indexing: count, replacements: &replacements) { slot in
          idIsTitle.contains(slot)
            ? UnsafeBufferPointer(rebasing: titleBytes[titles.range(slot)])
            : UnsafeBufferPointer(rebasing: idBytes[ids.range(slot)])
        }
      }
    }
    var shadowed = Bitset(count: count)
    for (replaced, _) in replacements[firstReplacement...] { shadowed.insert(replaced) }
    self.shadowed = shadowed
  }

  /// Indexes the subtitles and finishes the three word indexes (once; the columns stay as they are).
  ///
  /// - Complexity: O(subtitle text + *v* log *v*) for *v* distinct words.
  mutating func finishWordIndexes() {
    guard !hasWordIndexes else { return }
    hasWordIndexes = true
    indexTitleWords()
    for chunk in 0..<subtitles.chunkCount {
      textFeeder.add(subtitles.chunk(chunk), to: &subtitleWordsBuilder)
    }
    textFeeder = TextWordFeeder()
    titleWords = Self.finish(&titleWordsBuilder)
    subtitleWords = Self.finish(&subtitleWordsBuilder)
    keywordWords = Self.finish(&keywordWordsBuilder)
  }

  /// Adds the words of every folded title to the title word builder.
  private mutating func indexTitleWords() {
    let folded = self.folded
    let wordStartWords = self.wordStartWords
    folded.bytes.withUnsafeBufferPointer { bytes in
      wordStartWords.withUnsafeBufferPointer { starts in
        for slot in 0..<count {
          let range = folded.range(slot)
          let isWordStart = { (offset: Int) -> Bool in
            let bit = range.lowerBound + offset
            return bit >> 6 < starts.count && starts[bit >> 6] >> UInt64(bit & 63) & 1 != 0
          }
          WordSplitter.forEachTitleWord(UnsafeBufferPointer(rebasing: bytes[range]), isWordStart: isWordStart) {
            titleWordsBuilder.add($0, slot: slot)
          }
        }
      }
    }
  }

  /// Finishes a builder moved out of its property: `finish()` called on the property itself would work on a copy,
  /// so the arrays it frees early would stay alive and the ones it changes would be copied.
  private static func finish(_ stored: inout WordIndexBuilder) -> WordIndex {
    var builder = WordIndexBuilder(tableSize: 1)
    swap(&builder, &stored)
    return builder.finish()
  }

}
