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
  /// - Returns: The typo sets of every word.
  /// - Complexity: proportional to the vocabulary neighbourhood of each word plus the postings found.
  static func find(
    _ query: PreparedQuery,
    in segment: CatalogSegment,
    previous: [TypoNeighbourhood] = [],
    neighbourhoods: inout [TypoNeighbourhood]
  ) -> TypoTable {
    guard query.words.contains(where: { $0.typoBudget > 0 }) else { return .none(words: query.words.count) }
    let stride = (segment.count + 63) >> 6
    var bits = [UInt64](repeating: 0, count: 4 * query.words.count * stride)
    var budgets: [UInt8] = []
    bits.withUnsafeMutableBufferPointer { bits in
      for (w, word) in query.words.enumerated() {
        budgets.append(UInt8(word.typoBudget))
        guard word.typoBudget > 0 else { continue }
        let base = 4 * w * stride
        func mark(_ range: Range<Int>, set: Int) {
          let offset = base + set * stride
          segment.titleWords.forEachSlot(inWords: range) { slot in bits[offset + slot >> 6] |= 1 << UInt64(slot & 63) }
        }
        let neighbourhood = TypoNeighbourhood.find(
          word.bytes,
          budget: word.typoBudget,
          in: segment.titleWords,
          previous: previous
        )
        neighbourhoods.append(neighbourhood)
        for run in neighbourhood.runs {
          // A word whose budget comes from the rest of the query matches whole words only.
          if word.wholeTyposOnly && run.whole == nil { continue }
          mark(run.words, set: run.prefix <= 1 ? 0 : 1)
          if let whole = run.whole { mark(run.words, set: whole <= 1 ? 2 : 3) }
        }
        for index in 0..<stride {
          bits[base + stride + index] |= bits[base + index]
          bits[base + 3 * stride + index] |= bits[base + 2 * stride + index]
        }
      }
    }
    return TypoTable(stride: stride, bits: bits, budgets: budgets)
  }

  /// Adds every slot with a typo match for some word to `set`.
  func addAll(to set: inout Bitset) {
    guard stride > 0 else { return }
    var union = Bitset(count: set.count)
    union.withWords { words in
      for w in budgets.indices where budgets[w] > 0 {
        let two = (4 * w + 1) * stride
        for index in 0..<stride { words[index] |= bits[two + index] }
      }
    }
    set.formUnion(union)
  }
}

/// Borrowed access to a ``TypoTable`` inside a scan.
struct TypoProbe {
  /// The table's budgets and layout.
  let table: TypoTable
  /// The table's bits.
  let bits: UnsafeBufferPointer<UInt64>

  @inline(__always) private func lookup(word: Int, slot: Int, first set: Int) -> Int? {
    guard table.budgets[word] > 0 else { return nil }
    let one = (4 * word + set) * table.stride + slot >> 6
    let bit = UInt64(slot & 63)
    if bits[one] >> bit & 1 != 0 { return 1 }
    if bits[one + table.stride] >> bit & 1 != 0 { return 2 }
    return nil
  }

  /// The fewest edits between word `word` and a prefix of a title word of `slot`, if within budget.
  @inline(__always) func distance(word: Int, slot: Int) -> Int? { lookup(word: word, slot: slot, first: 0) }

  /// The fewest edits between word `word` and a whole title word of `slot`, if within budget.
  @inline(__always) func wholeDistance(word: Int, slot: Int) -> Int? { lookup(word: word, slot: slot, first: 2) }
}

/// Everything a scan needs to know about one segment for one query.
struct SegmentContext: Sendable {
  /// The segment.
  let segment: CatalogSegment
  /// 0 for the base, 1 for the delta.
  let ordinal: UInt8
  /// Slots that are not live (removed, replaced, shadowed).
  let excluded: Bitset
  /// The item index of each slot, or `nil` when slot and index coincide.
  let indices: [Int32]?
  /// The slots allowed by the token restriction, or `nil` for all.
  let allowed: Bitset?
  /// Typo matches per query word.
  let typo: TypoTable
  /// When refining, the only slots that can match.
  let candidates: Bitset?
  /// When set, the slots where every query word starts a title word, and there are enough of them that a slot
  /// outside with a prior below ``scoredMinimumPrior`` cannot reach the page (it is only counted, unless exact).
  let scored: Bitset?
  /// See ``scored``.
  let scoredMinimumPrior: Int
  /// The slots where every query word starts a title word, when known.
  let wordPrefixes: Bitset?
  /// When set, a key that at least `capacity` items of the query reach (the word-prefix matches of the highest
  /// priors): every chunk's score bar starts there, so an item that cannot beat it is only counted.
  let floor: RankKey?

  /// The same context with a floor.
  func with(floor: RankKey) -> SegmentContext {
    SegmentContext(
      segment: segment,
      ordinal: ordinal,
      excluded: excluded,
      indices: indices,
      allowed: allowed,
      typo: typo,
      candidates: candidates,
      scored: scored,
      scoredMinimumPrior: scoredMinimumPrior,
      wordPrefixes: wordPrefixes,
      floor: floor
    )
  }

  /// The item index of `slot`.
  @inline(__always) func index(of slot: Int) -> Int {
    if let indices { return Int(indices[slot]) }
    return slot
  }

  /// Whether `slot` is live and allowed.
  @inline(__always) func admits(_ slot: Int) -> Bool {
    !excluded.contains(slot) && (allowed?.contains(slot) ?? true)
  }
}

/// A hit being ranked: its key, its tier and where its item lives.
struct RankedCandidate: Comparable, Sendable {
  /// The rank key.
  let key: RankKey
  /// The tier.
  let tier: MatchTier
  /// The slot in its segment.
  let slot: Int32
  /// The segment ordinal.
  let segment: UInt8

  /// Orders candidates by key.
  static func < (lhs: RankedCandidate, rhs: RankedCandidate) -> Bool { lhs.key < rhs.key }
  /// Candidates are equal when their keys are.
  static func == (lhs: RankedCandidate, rhs: RankedCandidate) -> Bool { lhs.key == rhs.key }
}
