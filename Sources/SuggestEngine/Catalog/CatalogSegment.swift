import Locking

/// An immutable block of items in struct-of-arrays form: the unit a ``Catalog`` snapshot is made of.
///
/// Titles are kept twice (original UTF-8 for display, folded UTF-8 for matching) with a word-start bit per folded
/// byte and a letter mask per item. Subtitles are kept only as original UTF-8: they are matched through
/// ``subtitleWords``. Slots are the positions of items inside the segment.
final class CatalogSegment: Sendable {
  /// The number of slots.
  let count: Int
  /// Original titles.
  let titles: ByteColumn
  /// Folded titles.
  let folded: ByteColumn
  /// One bit per byte of `folded.bytes`: a word starts there.
  let wordStarts: Bitset
  /// One bit per byte of `folded.bytes`: a compound word has its inner start there (``CompoundWords``).
  let compoundStarts: Bitset
  /// The letter mask of each folded title.
  let masks: [UInt32]
  /// Per slot, the letters its folded title has at least twice (``LetterMask/repeats(_:)``).
  let repeatMasks: [UInt32]
  /// Slots whose original title is pure ASCII.
  let asciiTitles: Bitset
  /// Slots whose id equals the title (their `ids` entry is empty).
  let idIsTitle: Bitset
  /// Ids that differ from titles.
  let ids: ByteColumn
  /// Original subtitles (empty for none).
  let subtitles: ChunkedTextColumn
  /// Completions that differ from the title.
  let completions: SparseStrings
  /// Icons.
  let icons: SparseStrings
  /// Keywords: `keywordOffsets[slot]..<keywordOffsets[slot + 1]` index into `keywords` (empty when no item has any).
  let keywordOffsets: StoredArray<UInt32>
  /// Every keyword, original text.
  let keywords: ByteColumn
  /// Weights, rounded to `Float`.
  let weights: StoredArray<Float>
  /// Weights as given, kept only when some weight is not exactly a `Float`.
  let preciseWeights: StoredArray<Double>?
  /// The bounded popularity prior of each slot (see ``PopularityPrior``).
  let priors: [UInt16]
  /// The prior function the priors came from.
  let prior: PopularityPrior
  /// The slots with a positive prior, most popular first (ties in slot order): where a search looks first for
  /// matches good enough to bound the rest.
  let popular: [Int32]
  /// For each catalog token index, the increasing slots carrying it.
  let tokenPostings: [[Int32]]
  /// Id → slot.
  let idIndex: IDIndex
  /// Words of titles (see ``WordSplitter/forEachTitleWord(_:isWordStart:scratch:_:)``).
  let titleWords: WordIndex
  /// Words of subtitles.
  let subtitleWords: WordIndex
  /// Words of keywords.
  let keywordWords: WordIndex
  /// Slots superseded by a later item with the same id in the same segment.
  let shadowed: Bitset
  /// The word-prefix sets of recent searches.
  let prefixSets = WordPrefixSets()
  /// The typo sets of recent searches' words (about 440 KB each for a million items): the next keystroke reuses
  /// those of the earlier words of its query (its last word changes). Kept for queries of up to eight words: a
  /// keystroke asks for every word's sets in turn, so with fewer kept than its earlier words it finds none.
  let typoSets = RecentlyUsed<TypoTable.WordSets.Key, TypoTable.WordSets>(capacity: 8)
  /// The top of ``titleWords``' trie, made by the first typo walk over all of it (``titleWordDirectory()``).
  private let directory = Locked<WordDirectory?>(nil)
  /// ``rankedSlots()``, once made.
  private let ranked = Locked<Bitset?>(nil)
  /// The snapshot file whose mapping holds this segment's mapped columns, if any.
  let mapping: MappedFile?
  /// The text of the items results showed last, read from the file rather than through ``mapping`` (`nil` when
  /// nothing is mapped).
  let displayText: DisplayTextCache?

  /// Assembles a segment from a finished builder.
  init(_ parts: consuming CatalogSegmentBuilder) {
    count = parts.count
    titles = parts.titles
    folded = parts.folded
    wordStarts = parts.wordStarts
    compoundStarts = parts.compoundStarts
    masks = parts.masks
    repeatMasks = parts.repeatMasks
    asciiTitles = parts.asciiTitles
    idIsTitle = parts.idIsTitle
    ids = parts.ids
    subtitles = parts.subtitles
    completions = parts.completions
    icons = parts.icons
    keywordOffsets = StoredArray(parts.keywordOffsets)
    keywords = parts.keywords
    weights = StoredArray(parts.weights)
    preciseWeights = parts.preciseWeights.map(StoredArray.init)
    priors = parts.priors
    prior = parts.prior
    let priors = parts.priors
    popular = priors.indices.filter { priors[$0] > 0 }.sorted { (priors[$1], $0) < (priors[$0], $1) }.map { Int32($0) }
    tokenPostings = parts.tokenPostings
    idIndex = parts.idIndex
    titleWords = parts.titleWords
    subtitleWords = parts.subtitleWords
    keywordWords = parts.keywordWords
    shadowed = parts.shadowed
    mapping = nil
    displayText = nil
  }

  /// Assembles a segment from stored columns (a snapshot's sections), `popular` included.
  init(
    count: Int,
    titles: ByteColumn,
    folded: ByteColumn,
    wordStarts: Bitset,
    compoundStarts: Bitset,
    masks: [UInt32],
    repeatMasks: [UInt32],
    asciiTitles: Bitset,
    idIsTitle: Bitset,
    ids: ByteColumn,
    subtitles: ChunkedTextColumn,
    completions: SparseStrings,
    icons: SparseStrings,
    keywordOffsets: StoredArray<UInt32>,
    keywords: ByteColumn,
    weights: StoredArray<Float>,
    preciseWeights: StoredArray<Double>?,
    priors: [UInt16],
    prior: PopularityPrior,
    popular: [Int32],
    tokenPostings: [[Int32]],
    idIndex: IDIndex,
    titleWords: WordIndex,
    subtitleWords: WordIndex,
    keywordWords: WordIndex,
    shadowed: Bitset,
    mapping: MappedFile?
  ) {
    self.count = count
    self.titles = titles
    self.folded = folded
    self.wordStarts = wordStarts
    self.compoundStarts = compoundStarts
    self.masks = masks
    self.repeatMasks = repeatMasks
    self.asciiTitles = asciiTitles
    self.idIsTitle = idIsTitle
    self.ids = ids
    self.subtitles = subtitles
    self.completions = completions
    self.icons = icons
    self.keywordOffsets = keywordOffsets
    self.keywords = keywords
    self.weights = weights
    self.preciseWeights = preciseWeights
    self.priors = priors
    self.prior = prior
    self.popular = popular
    self.tokenPostings = tokenPostings
    self.idIndex = idIndex
    self.titleWords = titleWords
    self.subtitleWords = subtitleWords
    self.keywordWords = keywordWords
    self.shadowed = shadowed
    self.mapping = mapping
    displayText = mapping == nil ? nil : DisplayTextCache()
  }

  /// Forgets what recent searches kept for the next keystrokes (``prefixSets``, ``typoSets``) and the text of the
  /// items results showed (``displayText``).
  func forgetRecentSearches() {
    prefixSets.removeAll()
    typoSets.removeAll()
    displayText?.removeAll()
  }

  /// This segment with its token postings replaced (tokens renumbered).
  ///
  /// - Parameter postings: The slots of each token, by token index.
  /// - Returns: The segment.
  func withTokenPostings(_ postings: [[Int32]]) -> CatalogSegment {
    CatalogSegment(
      count: count,
      titles: titles,
      folded: folded,
      wordStarts: wordStarts,
      compoundStarts: compoundStarts,
      masks: masks,
      repeatMasks: repeatMasks,
      asciiTitles: asciiTitles,
      idIsTitle: idIsTitle,
      ids: ids,
      subtitles: subtitles,
      completions: completions,
      icons: icons,
      keywordOffsets: keywordOffsets,
      keywords: keywords,
      weights: weights,
      preciseWeights: preciseWeights,
      priors: priors,
      prior: prior,
      popular: popular,
      tokenPostings: postings,
      idIndex: idIndex,
      titleWords: titleWords,
      subtitleWords: subtitleWords,
      keywordWords: keywordWords,
      shadowed: shadowed,
      mapping: mapping
    )
  }

  /// The id bytes of `slot` as a range of either `ids.bytes` or `titles.bytes`.
  @inline(__always) func withID<R>(_ slot: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if idIsTitle.contains(slot) {
      return titles.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[titles.range(slot)])) }
    }
    return ids.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[ids.range(slot)])) }
  }

  /// The slot of the item with `id`, if any (shadowed slots are never returned).
  func slot(ofID id: String) -> Int? {
    var id = id
    return id.withUTF8 { key in
      idIndex.find(key) { slot in withID(slot) { UnsafeBufferPointer(start: $0.baseAddress, count: $0.count) } }
    }
  }

  /// The id of `slot`.
  func id(_ slot: Int) -> String {
    idIsTitle.contains(slot) ? titles.string(slot) : ids.string(slot)
  }

  /// The keywords of `slot`.
  func keywordList(_ slot: Int) -> [String] {
    guard !keywordOffsets.isEmpty else { return [] }
    return (Int(keywordOffsets[slot])..<Int(keywordOffsets[slot + 1])).map { keywords.string($0) }
  }

  /// Whether `slot` carries token `token`.
  func carries(_ slot: Int, token: Int) -> Bool {
    guard token < tokenPostings.count else { return false }
    let list = tokenPostings[token]
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) >> 1
      if Int(list[mid]) < slot { low = mid + 1 } else { high = mid }
    }
    return low < list.count && Int(list[low]) == slot
  }

  /// The ids of the tokens `slot` carries.
  func tokens(of slot: Int, tokenIDs: [String]) -> [String] {
    tokenPostings.indices.filter { carries(slot, token: $0) }.map { tokenIDs[$0] }
  }

  /// The full item of `slot`, rebuilt from the columns (read in place; see ``displayItem(_:tokenIDs:)`` for the
  /// items of a result).
  func item(_ slot: Int, tokenIDs: [String]) -> CatalogItem {
    let subtitle = subtitles.isEmpty(slot) ? nil : subtitles.string(slot)
    return CatalogItem(
      id: id(slot),
      title: titles.string(slot),
      completion: completions.value(slot),
      subtitle: subtitle,
      keywords: keywordList(slot),
      tokens: tokens(of: slot, tokenIDs: tokenIDs),
      icon: icons.value(slot),
      weight: preciseWeights?[slot] ?? Double(weights[slot])
    )
  }
}

extension CatalogSegment {
  /// The bytes held by each column and index, for memory reports.
  var storageReport: [(String, Int)] {
    [
      ("titles", titles.residentBytes),
      ("folded", folded.residentBytes),
      ("wordStarts", wordStarts.words.capacity * 8),
      ("compoundStarts", compoundStarts.words.capacity * 8),
      ("masks", (masks.capacity + repeatMasks.capacity) * 4),
      ("ids", ids.residentBytes),
      ("subtitles", subtitles.storageBytes),
      ("weights+priors", weights.residentBytes + (preciseWeights?.residentBytes ?? 0) + priors.capacity * 2),
      ("titleWords", titleWords.storageBytes),
      ("subtitleWords", subtitleWords.storageBytes),
      ("keywordWords", keywordWords.storageBytes),
      ("idIndex", idIndex.storageBytes),
    ]
  }

  /// The directory of ``titleWords`` (``WordDirectory``), made on first use, for a vocabulary large enough that a
  /// typo walk over it is split between cores (``TypoNeighbourhood/parallelWalkWords``); `nil` for a smaller one.
  ///
  /// - Complexity: O(title words) the first time (about 2 ms on PyPI), O(1) after.
  func titleWordDirectory() -> WordDirectory? {
    guard titleWords.wordCount >= TypoNeighbourhood.parallelWalkWords else { return nil }
    return directory.withLock { directory in
      if let directory { return directory }
      let made = WordDirectory(titleWords)
      directory = made
      return made
    }
  }

  /// The slots with a positive prior (``popular``) as a set, made on first use: the first phase of a scan split by
  /// popularity (``PopularitySplit``).
  ///
  /// - Complexity: O(slots / 64 + ranked slots) the first time, O(1) after.
  func rankedSlots() -> Bitset {
    ranked.withLock { ranked in
      if let ranked { return ranked }
      var made = Bitset(count: count)
      for slot in popular { made.insert(Int(slot)) }
      ranked = made
      return made
    }
  }
}
