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
  /// When refining, the previous search's matches: each has the letters (or a typo match) of the first
  /// ``knownWords`` query words, which are unchanged since and have a typo budget no smaller, so a scan need not
  /// look for them again.
  let previousMatches: Bitset?
  /// See ``previousMatches``.
  let knownWords: Int
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
  /// Which slots the scan visits, in a search scanned in two phases (``PopularitySplit``).
  var split: PopularitySplit = .all

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
      previousMatches: previousMatches,
      knownWords: knownWords,
      scored: scored,
      scoredMinimumPrior: scoredMinimumPrior,
      wordPrefixes: wordPrefixes,
      floor: floor,
      split: split
    )
  }

  /// The same context visiting only the slots of one phase of a split scan, with `better` as its floor when it is
  /// given and better than its own.
  func with(split: PopularitySplit, floor better: RankKey? = nil) -> SegmentContext {
    var context = self
    if let better { context = with(floor: floor.map { min($0, better) } ?? better) }
    context.split = split
    return context
  }

  /// The item index of `slot`.
  @inline(__always) func index(of slot: Int) -> Int {
    if let indices { return Int(indices[slot]) }
    return slot
  }

  /// Whether every word of `query` has its letters (those it has twice, twice) in `slot`'s title or a typo match
  /// there: what any match needs (``ItemEvaluator``), read from the letter masks and typo sets alone, so that an
  /// item the query cannot match costs no evaluation.
  @inline(__always) func mayMatch(_ slot: Int, query: QueryView) -> Bool {
    let mask = segment.masks[slot]
    let repeats = segment.repeatMasks[slot]
    for w in query.words.indices {
      let word = query.words[w]
      if (word.mask & ~mask != 0 || word.repeats & ~repeats != 0) && !typo.contains(word: w, slot: slot) {
        return false
      }
    }
    return true
  }

  /// Whether `slot` is live and allowed.
  @inline(__always) func admits(_ slot: Int) -> Bool {
    !excluded.contains(slot) && (allowed?.contains(slot) ?? true)
  }
}
