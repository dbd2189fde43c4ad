/// Typo matches of every query word in one segment, in one flat bit array of `stride` words per set. For word
/// `w`: set `4w` holds the slots with a title word prefix within one edit, `4w + 1` within two (a superset),
/// `4w + 2` the slots with a whole title word within one edit, `4w + 3` within two.
struct TypoTable: Sendable {
  /// 64-bit words per set.
  let stride: Int
  /// The sets.
  let bits: [UInt64]
  /// Per query word: 0 when it has no typo sets, else its budget.
  let budgets: [UInt8]

  /// A table with no typo matches.
  static func none(words: Int) -> TypoTable {
    TypoTable(stride: 0, bits: [], budgets: [UInt8](repeating: 0, count: words))
  }

  /// Looks up the typo matches of every word of `query` among the title words of `segment`.
  ///
  /// - Parameters:
  ///   - query: The prepared query.
  ///   - segment: The segment.
  ///   - previous: The neighbourhoods found by the field's previous search in this segment (reused or narrowed).
  ///   - neighbourhoods: Receives the neighbourhood of each word with a budget.
  ///   - scratch: The search's working memory, where the table is made.
  /// - Returns: The typo sets of every word.
  /// - Complexity: proportional to the vocabulary neighbourhood of each word plus the postings found.
  static func find(
    _ query: PreparedQuery,
    in segment: CatalogSegment,
    previous: [TypoNeighbourhood] = [],
    neighbourhoods: inout [TypoNeighbourhood],
    scratch: inout SearchScratch
  ) -> TypoTable {
    guard query.words.contains(where: { $0.typoBudget > 0 }) else { return .none(words: query.words.count) }
    let stride = (segment.count + 63) >> 6
    var bits = scratch.zeroWords(4 * query.words.count * stride)
    var budgets: [UInt8] = []
    bits.withUnsafeMutableBufferPointer { bits in
      for (w, word) in query.words.enumerated() {
        budgets.append(UInt8(word.typoBudget))
        guard word.typoBudget > 0 else { continue }
        // A word left unchanged by the keystroke (the first words of "django-cors-h") has its sets kept.
        let key = word.typoKey
        let sets = segment.typoSets.value(for: key) {
          let neighbourhood = TypoNeighbourhood.find(
            word.bytes,
            budget: word.typoBudget,
            in: segment.titleWords,
            previous: previous
          )
          return WordSets(neighbourhood: neighbourhood, bits: marks(of: neighbourhood, key: key, in: segment))
        }
        neighbourhoods.append(sets.neighbourhood)
        sets.bits.withUnsafeBufferPointer { block in
          _ = UnsafeMutableBufferPointer(rebasing: bits[(4 * w * stride)..<(4 * (w + 1) * stride)])
            .initialize(fromContentsOf: block)
        }
      }
    }
    return TypoTable(stride: stride, bits: bits, budgets: budgets)
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
    /// Four sets of `stride` words, laid out as in ``TypoTable/bits``.
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
        mark(run.words, set: run.prefix <= 1 ? 0 : 1)
        if let whole = run.whole { mark(run.words, set: whole <= 1 ? 2 : 3) }
      }
      for index in 0..<stride {
        bits[stride + index] |= bits[index]
        bits[3 * stride + index] |= bits[2 * stride + index]
      }
    }
    return bits
  }

  /// Calls `body` with each slot in which word `word` is within its budget of a whole title word, in slot order,
  /// until `body` returns false.
  func forEachWholeMatch(word: Int, _ body: (Int) -> Bool) {
    guard word < budgets.count, budgets[word] > 0 else { return }
    let base = (4 * word + 3) * stride
    for index in 0..<stride {
      var bits = self.bits[base + index]
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
      for w in words where w < budgets.count && budgets[w] > 0 {
        let two = (4 * w + 1) * stride
        for index in 0..<stride { bitWords[index] |= bits[two + index] }
      }
    }
  }
}
