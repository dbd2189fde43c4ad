/// Typo matches of every query word in one segment: per word, four sets of `stride` 64-bit words each (``Layout``):
/// the slots with a title word beginning within one edit, within two (a superset), and the same for whole title
/// words.
///
/// Each word's sets are the segment's kept ones (``CatalogSegment/typoSets``), shared, never copied: a query of six
/// words copied (and first zeroed) 2.6 MB of sets into one table at every keystroke on PyPI.
struct TypoTable: Sendable {
  /// 64-bit words per set.
  let stride: Int
  /// Per query word: its four sets, one after the other (empty when the word has no budget, so no typo matches).
  let sets: [[UInt64]]
  /// Whether the mode allows typos: without them, neither these sets nor title parts written without their vowels
  /// (``TitleMatcher/vowelsLeftOut(_:_:characters:geometry:)``) match.
  let allowsTypos: Bool

  /// A table with no typo matches, in a mode that allows typos (`allowsTypos`, words too short for a budget) or not.
  static func none(words: Int, allowsTypos: Bool = false) -> TypoTable {
    TypoTable(stride: 0, sets: [[UInt64]](repeating: [], count: words), allowsTypos: allowsTypos)
  }

  /// The place of each of a word's four sets in its array, in sets of ``stride`` words.
  enum Layout {
    /// Slots with a title word beginning within one edit.
    static let beginningsWithinOne = 0
    /// Slots with a title word beginning within the word's budget (holds the set before it).
    static let beginnings = 1
    /// Slots with a whole title word within one edit.
    static let wholeWordsWithinOne = 2
    /// Slots with a whole title word within the word's budget (holds the set before it).
    static let wholeWords = 3
  }

  /// Whether some word has typo matches.
  var hasTypos: Bool { stride > 0 }

  /// Looks up the typo matches of every word of `query` among the title words of `segment`.
  ///
  /// - Parameters:
  ///   - query: The prepared query.
  ///   - segment: The segment.
  ///   - previous: The neighbourhoods found by the field's previous search in this segment (reused or narrowed).
  ///   - neighbourhoods: Receives the neighbourhood of each word with a budget.
  ///   - keeping: Whether sets found now are kept in the segment's memo (``CatalogSegment/typoSets``) for the next
  ///     keystrokes; sets kept already are used either way.
  /// - Returns: The typo sets of every word.
  /// - Complexity: proportional to the vocabulary neighbourhood of each word plus the postings found.
  static func find(
    _ query: PreparedQuery,
    in segment: CatalogSegment,
    previous: [TypoNeighbourhood] = [],
    neighbourhoods: inout [TypoNeighbourhood],
    keeping: Bool = true
  ) -> TypoTable {
    guard query.words.contains(where: { $0.typoBudget > 0 }) else {
      return .none(words: query.words.count, allowsTypos: true)
    }
    var sets: [[UInt64]] = []
    for word in query.words {
      guard word.typoBudget > 0 else {
        sets.append([])
        continue
      }
      // A word left unchanged by the keystroke (the first words of "django-cors-h") has its sets kept.
      let key = word.typoKey
      let kept = segment.typoSets.value(for: key, keeping: keeping) {
        let neighbourhood =
          word.bytes.withUnsafeBufferPointer(TwoLetterTypo.applies(to:))
          ? TypoNeighbourhood.twoLetterTypos(of: word.bytes, in: segment.titleWords)
          : TypoNeighbourhood.find(
            word.bytes,
            budget: word.typoBudget,
            in: segment.titleWords,
            directory: segment.titleWordDirectory(),
            previous: previous
          )
        return WordSets(neighbourhood: neighbourhood, bits: marks(of: neighbourhood, key: key, in: segment))
      }
      neighbourhoods.append(kept.neighbourhood)
      sets.append(kept.bits)
    }
    return TypoTable(stride: (segment.count + 63) >> 6, sets: sets, allowsTypos: true)
  }

  /// Calls `body` with a probe of this table, valid only inside `body`. Allocates nothing on the heap: single items
  /// are evaluated through a probe of their own (floors, corrections), thousands per search.
  func withProbe<Result>(_ body: (TypoProbe) throws -> Result) rethrows -> Result {
    try withUnsafeTemporaryAllocation(of: UnsafePointer<UInt64>?.self, capacity: sets.count) { bases in
      try withBases(from: 0, into: bases, body)
    }
  }

  /// Pins the sets of words `word...` in turn, placing their addresses in `bases`, then calls `body`.
  private func withBases<Result>(
    from word: Int,
    into bases: UnsafeMutableBufferPointer<UnsafePointer<UInt64>?>,
    _ body: (TypoProbe) throws -> Result
  ) rethrows -> Result {
    guard word < sets.count else {
      return try body(TypoProbe(stride: stride, sets: UnsafeBufferPointer(bases), allowsTypos: allowsTypos))
    }
    return try sets[word].withUnsafeBufferPointer { block in
      bases.initializeElement(at: word, to: block.isEmpty ? nil : block.baseAddress)
      return try withBases(from: word + 1, into: bases, body)
    }
  }

  /// The four typo sets of one query word, with the neighbourhood they come from (``TypoSearch`` over the title
  /// words): what a segment keeps for the next keystrokes (``CatalogSegment/typoSets``).
  struct WordSets: Sendable {
    /// What the sets depend on besides the segment.
    struct Key: Hashable, Sendable {
      let word: [UInt8]
      let budget: Int
      /// Only whole title words count (the word's budget comes from the rest of the query).
      let wholeOnly: Bool
    }

    let neighbourhood: TypoNeighbourhood
    /// Four sets of `stride` words, laid out as in ``TypoTable/sets``.
    let bits: [UInt64]
  }

  /// The four sets of a word with `neighbourhood`.
  private static func marks(
    of neighbourhood: TypoNeighbourhood,
    key: WordSets.Key,
    in segment: CatalogSegment
  )
    -> [UInt64]
  {
    let stride = (segment.count + 63) >> 6
    var bits = [UInt64](repeating: 0, count: 4 * stride)
    bits.withUnsafeMutableBufferPointer { bits in
      func mark(_ range: Range<Int>, set: Int) {
        let offset = set * stride
        segment.titleWords.forEachSlot(inWords: range) { slot in bits[offset + slot >> 6] |= 1 << UInt64(slot & 63) }
      }
      for run in neighbourhood.runs {
        // A word whose budget comes from the rest of the query matches whole words only.
        if key.wholeOnly && run.whole == nil { continue }
        mark(run.words, set: run.prefix <= 1 ? Layout.beginningsWithinOne : Layout.beginnings)
        if let whole = run.whole { mark(run.words, set: whole <= 1 ? Layout.wholeWordsWithinOne : Layout.wholeWords) }
      }
      for index in 0..<stride {
        bits[Layout.beginnings * stride + index] |= bits[Layout.beginningsWithinOne * stride + index]
        bits[Layout.wholeWords * stride + index] |= bits[Layout.wholeWordsWithinOne * stride + index]
      }
    }
    return bits
  }

  /// Whether word `word` is within its budget of the beginning of a title word of `slot`.
  @inline(__always) func contains(word: Int, slot: Int) -> Bool {
    word < sets.count && !sets[word].isEmpty
      && sets[word][Layout.beginnings * stride + slot >> 6] >> UInt64(slot & 63) & 1 != 0
  }

  /// Calls `body` with each slot in which word `word` is within its budget of a whole title word, in slot order,
  /// until `body` returns false.
  func forEachWholeMatch(word: Int, _ body: (Int) -> Bool) {
    guard word < sets.count, !sets[word].isEmpty else { return }
    let sets = self.sets[word]
    let base = Layout.wholeWords * stride
    for index in 0..<stride {
      var bits = sets[base + index]
      while bits != 0 {
        guard body(index << 6 | bits.trailingZeroBitCount) else { return }
        bits &= bits &- 1
      }
    }
  }

  /// Adds every slot with a typo match for one of `words` (indices of query words) to `set`.
  func addAll(of words: [Int], to set: inout Bitset) {
    guard stride > 0 else { return }
    set.withWords { bitWords in
      for w in words where w < sets.count && !sets[w].isEmpty {
        let sets = self.sets[w]
        for index in 0..<stride { bitWords[index] |= sets[Layout.beginnings * stride + index] }
      }
    }
  }
}
