/// Scans a range of one segment's slots for title matches: the synchronous, allocation-free inner loop of a search.
enum SegmentScanner {
  /// What one chunk of a scan found.
  struct ChunkResult: Sendable {
    /// The chunk's best candidates, best exact matches and matching slots, in the chunk's memory (given back to the
    /// search's ``SearchScratch`` once merged).
    var found: ChunkScratch
    /// How many slots matched.
    var count: Int
    /// The index of the first 64-bit word of the chunk in a segment-wide bitset (`found.matchWords[0]`).
    var firstWord: Int
  }

  /// How many slots pass between two cancellation checks.
  static let cancellationStride = 4096

  /// The mutable state of one chunk scan.
  private struct State {
    var top: TopK<RankedCandidate>
    var exacts: TopK<RankedCandidate>
    var bar = ScoreBar.open
    /// The key `bar` was built from (`nil` while open).
    var barKey: RankKey?
    /// `bar`'s score caps of an unranked item (prior 0) that wins the tie-break and of one that loses it
    /// (``ScoreBar/scoreCaps(prior:matchCap:)``): most items of a large catalog are unranked.
    var unrankedCaps: (tying: MatchTier, passing: MatchTier)
    /// The same for an unranked match without the last-word sign (``MatchScoring/last``).
    var unrankedCapsWithoutLast: (tying: MatchTier, passing: MatchTier)
    /// The worst tier that counts as a match.
    let matchCap: MatchTier
    var count = 0
    var firstWord: Int
    var matchWords: [UInt64]
    var scratch: MatchScratch

    /// The state of a scan of `slots`, in `memory`.
    init(slots: Range<Int>, capacity: Int, matchCap: MatchTier, memory: consuming ChunkScratch) {
      self.matchCap = matchCap
      unrankedCaps = ScoreBar.open.scoreCaps(prior: 0, matchCap: matchCap)
      unrankedCapsWithoutLast = unrankedCaps
      // Moved out, not copied: a buffer shared with `memory` would be copied on its first write.
      var (top, exacts, words, match) = memory.parts()
      firstWord = slots.lowerBound >> 6
      words.refill(count: ((slots.upperBound + 63) >> 6) - firstWord, with: 0)
      self.top = TopK(capacity: capacity, storage: consume top)
      self.exacts = TopK(capacity: capacity, storage: consume exacts)
      matchWords = consume words
      scratch = consume match
    }

    /// Raises the bar to `key` if that is higher.
    @inline(__always) mutating func raise(to key: RankKey, acronymCeiling: Int) {
      if let barKey, barKey <= key { return }
      barKey = key
      bar = ScoreBar(worst: key, acronymCeiling: acronymCeiling)
      unrankedCaps = bar.scoreCaps(prior: 0, matchCap: matchCap)
      unrankedCapsWithoutLast = bar.scoreCaps(prior: -MatchScoring.last, matchCap: matchCap)
    }

    /// `bar`'s score cap of an item of `prior`, title length `length` and catalog index `index`, or of its match
    /// without the last-word sign (`withoutLast`: ``MatchScoring/last`` less): the unranked items' caps are kept.
    ///
    /// `mutating` though it changes nothing, so that the state is passed by reference: as a plain method, every
    /// visited slot copied all of it (280 bytes, one `memcpy`, 8 % of a full scan's time).
    @inline(__always) mutating func scoreCap(
      prior: Int,
      withoutLast: Bool = false,
      length: Int,
      index: Int
    ) -> MatchTier {
      if prior == 0 {
        let caps = withoutLast ? unrankedCapsWithoutLast : unrankedCaps
        if caps.tying == caps.passing { return caps.tying }
        return bar.winsTie(length: length, index: index) ? caps.tying : caps.passing
      }
      return bar.scoreCap(
        prior: withoutLast ? prior - MatchScoring.last : prior,
        matchCap: matchCap,
        length: length,
        index: index
      )
    }

    /// Records a matching slot.
    @inline(__always) mutating func match(_ slot: Int) {
      count += 1
      matchWords[(slot >> 6) - firstWord] |= 1 << UInt64(slot & 63)
    }
  }

  /// Scans `slots` of `context`'s segment.
  ///
  /// - Parameters:
  ///   - context: The segment and its per-query data.
  ///   - slots: The slot range of this chunk (its bounds multiples of 64, or the segment's end).
  ///   - query: The prepared query (not empty).
  ///   - matchCap: The worst tier that counts as a match.
  ///   - capacity: How many best candidates to keep.
  ///   - shared: The bar shared by the chunks of the search: read as the scan goes, raised when this chunk's
  ///     selection is full.
  ///   - memory: The chunk's working memory, reused from an earlier scan.
  /// - Returns: The chunk's best candidates, match count and matching slots.
  /// - Throws: `CancellationError` when the task is cancelled (checked every ``cancellationStride`` slots).
  /// - Complexity: O(slots · |title| · |query|) in the worst case; the letter mask rejects most slots in O(1).
  static func scan(
    _ context: SegmentContext,
    slots: Range<Int>,
    query: PreparedQuery,
    matchCap: MatchTier,
    capacity: Int,
    shared: SharedBar? = nil,
    memory: consuming ChunkScratch = ChunkScratch()
  ) throws -> ChunkResult {
    if Task.isCancelled { throw CancellationError() }
    var state = State(slots: slots, capacity: capacity, matchCap: matchCap, memory: memory)
    let acronymCeiling = query.acronymCeiling
    if let floor = context.floor { state.raise(to: floor, acronymCeiling: acronymCeiling) }
    let segment = context.segment
    let allowedWords = context.allowed?.words ?? []
    let hasRestriction = context.allowed != nil
    let scoredWords = context.scored?.words ?? []
    let hasScored = context.scored != nil
    let scoredMinimumPrior = context.scoredMinimumPrior
    // A phase of a split scan (``PopularitySplit``): its slots are those of the set or with a whole-word typo
    // match (the first phase, `splitFlip` 0), or all the others (the second, `splitFlip` all ones).
    let (isSplit, splitWords, splitFlip): (Bool, [UInt64], UInt64) =
      switch context.split {
      case .all: (false, [], 0)
      case .first(let set): (true, set.words, 0)
      case .rest(let set): (true, set.words, ~0)
      }
    // One word of one ASCII letter: passing the letter mask is matching, for items that are only counted (with
    // more words, a title outside the scored set could still be a compact exact match: "a b" → "ab").
    let lettersOnly =
      matchCap == .scattered && query.words.count == 1
      && query.words.allSatisfy { $0.bytes.count == 1 && $0.bytes[0] >= 0x61 && $0.bytes[0] <= 0x7A }
    let queryMask = query.mask
    try query.withView { query in
      try segment.folded.bytes.withUnsafeBufferPointer { bytes in
        try segment.wordStarts.words.withUnsafeBufferPointer { starts in
          try segment.compoundStarts.words.withUnsafeBufferPointer { compounds in
            try segment.masks.withUnsafeBufferPointer { masks in
              try segment.repeatMasks.withUnsafeBufferPointer { repeats in
                try segment.folded.offsets.withUnsafeBufferPointer { offsets in
                  try segment.priors.withUnsafeBufferPointer { priors in
                    try context.excluded.words.withUnsafeBufferPointer { excluded in
                      try allowedWords.withUnsafeBufferPointer { allowed in
                        try scoredWords.withUnsafeBufferPointer { scored in
                          try context.typo.withProbe { typo in
                            // The slots to visit: a bit per slot, from the excluded, allowed and candidate sets.
                            let firstWord = slots.lowerBound >> 6
                            let lastWord = (slots.upperBound + 63) >> 6
                            var visited = 0
                            for wordIndex in firstWord..<lastWord {
                              if let key = shared?.key { state.raise(to: key, acronymCeiling: acronymCeiling) }
                              var bits = ~excluded[wordIndex]
                              if hasRestriction { bits &= allowed[wordIndex] }
                              if isSplit {
                                var first = splitWords[wordIndex]
                                for w in query.words.indices {
                                  first |= typo.wholeMatches(word: w, bitsetWord: wordIndex)
                                }
                                bits &= first ^ splitFlip
                              }
                              if let candidates = context.candidates { bits &= candidates.words[wordIndex] }
                              let low = wordIndex << 6
                              if low < slots.lowerBound { bits &= ~0 << UInt64(slots.lowerBound - low) }
                              if low + 64 > slots.upperBound { bits &= ~0 >> UInt64(low + 64 - slots.upperBound) }
                              if bits != 0 {
                                bits &= passing(
                                  query,
                                  masks: masks,
                                  repeats: repeats,
                                  typo: typo,
                                  bitsetWord: wordIndex
                                )
                              }
                              if hasScored && lettersOnly {
                                // Count the letter-mask matches of unpopular slots outside the scored set without
                                // visiting them (a one-letter word starting no title word cannot be an exact match).
                                var outside = bits & ~scored[wordIndex]
                                while outside != 0 {
                                  let bit = outside.trailingZeroBitCount
                                  outside &= outside &- 1
                                  let slot = low | bit
                                  guard Int(priors[slot]) < scoredMinimumPrior else { continue }
                                  bits &= ~(1 << UInt64(bit))
                                  if queryMask & ~masks[slot] == 0 {
                                    state.match(slot)
                                  }
                                }
                              }
                              while bits != 0 {
                                let slot = low | bits.trailingZeroBitCount
                                bits &= bits &- 1
                                visit(
                                  slot,
                                  context: context,
                                  query: query,
                                  matchCap: matchCap,
                                  bytes: bytes,
                                  starts: starts,
                                  compounds: compounds,
                                  masks: masks,
                                  offsets: offsets,
                                  priors: priors,
                                  typo: typo,
                                  shared: shared,
                                  state: &state
                                )
                              }
                              visited += 64
                              if visited & (cancellationStride - 1) == 0 && Task.isCancelled {
                                throw CancellationError()
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return ChunkResult(
      found: ChunkScratch(
        top: state.top.takeStorage(),
        exacts: state.exacts.takeStorage(),
        matchWords: state.matchWords,
        match: state.scratch
      ),
      count: state.count,
      firstWord: state.firstWord
    )
  }

  /// The slots of one 64-bit word of a segment-wide bitset where every query word has its letters in the title
  /// (those it has twice, twice) or a typo match: the cheap rejection, 64 slots at a time, before any slot is
  /// visited.
  @inline(__always)
  private static func passing(
    _ query: QueryView,
    masks: UnsafeBufferPointer<UInt32>,
    repeats: UnsafeBufferPointer<UInt32>,
    typo: TypoProbe,
    bitsetWord index: Int
  ) -> UInt64 {
    let low = index << 6
    var result = ~UInt64(0)
    for w in query.words.indices {
      let word = query.words[w]
      var letters: UInt64
      if low + 64 <= masks.count, let masksBase = masks.baseAddress, let repeatsBase = repeats.baseAddress {
        letters = LetterMask.containing(word.mask, in: masksBase + low)
        if word.repeats != 0 && letters != 0 {
          letters &= LetterMask.containing(word.repeats, in: repeatsBase + low)
        }
      } else {
        // The segment's last, partial group of 64.
        letters = containing(word.mask, in: masks, from: low)
        if word.repeats != 0 { letters &= containing(word.repeats, in: repeats, from: low) }
      }
      result &= letters | typo.matches(word: w, bitsetWord: index)
    }
    return result
  }

  /// Which of the masks from `low` to the end (fewer than 64) contain `needed`: bit *i* for `masks[low + i]`.
  private static func containing(_ needed: UInt32, in masks: UnsafeBufferPointer<UInt32>, from low: Int) -> UInt64 {
    var letters: UInt64 = 0
    for slot in low..<min(masks.count, low + 64) where needed & ~masks[slot] == 0 {
      letters |= 1 << UInt64(slot - low)
    }
    return letters
  }

  @inline(__always)
  private static func visit(
    _ slot: Int,
    context: SegmentContext,
    query: QueryView,
    matchCap: MatchTier,
    bytes: UnsafeBufferPointer<UInt8>,
    starts: UnsafeBufferPointer<UInt64>,
    compounds: UnsafeBufferPointer<UInt64>,
    masks: UnsafeBufferPointer<UInt32>,
    offsets: UnsafeBufferPointer<UInt32>,
    priors: UnsafeBufferPointer<UInt16>,
    typo: TypoProbe,
    shared: SharedBar?,
    state: inout State
  ) {
    let mask = masks[slot]
    let lower = Int(offsets[slot])
    let title = TitleView(
      bytes: UnsafeBufferPointer(rebasing: bytes[lower..<Int(offsets[slot + 1])]),
      starts: starts,
      compounds: compounds,
      base: lower
    )
    // The cheap rejection first: most visited titles of a short query fail it, and need no score cap.
    let knownWords = context.previousMatches?.contains(slot) == true ? context.knownWords : 0
    guard
      ItemEvaluator.hasLettersInOrder(title, mask: mask, query: query, typo: typo, slot: slot, knownWords: knownWords)
    else { return }
    let prior = Int(priors[slot])
    let index = context.index(of: slot)
    var scoreCap = state.scoreCap(prior: prior, length: title.count, index: index)
    if scoreCap == .wordPrefix, let wordPrefixes = context.wordPrefixes, !wordPrefixes.contains(slot) {
      // Only items where every word starts a title word can match in the word-prefix tier.
      scoreCap = .prefix
    }
    if scoreCap == .wordPrefix || scoreCap == .acronym, !query.endsWithSeparator,
      let wordPrefixes = context.wordPrefixes, wordPrefixes.contains(slot),
      state.scoreCap(prior: prior, withoutLast: true, length: title.count, index: index)
        < .wordPrefix,
      !ItemEvaluator.mayTouchLastWord(title, query)
    {
      // A word-prefix match (every query word starts a title word) that cannot touch the title's last word lacks
      // the last-word sign, and without it neither its tier nor an acronym passes the bar: only prefix and exact
      // could. A large family ("odoo-addon-a") has thousands of unranked such matches that tie on everything else.
      scoreCap = .prefix
    }
    guard
      let evaluation = ItemEvaluator.evaluate(
        title,
        mask: mask,
        query: query,
        typo: typo,
        slot: slot,
        matchCap: matchCap,
        scoreCap: scoreCap,
        bar: EntryBar(worst: state.barKey, prior: prior, length: title.count, index: index),
        knownWords: query.words.count,  // every word passed `hasLettersInOrder` above
        startsWords: context.wordPrefixes?.contains(slot) != false,
        scratch: &state.scratch
      )
    else { return }
    state.match(slot)
    guard evaluation.isScored else { return }
    let key = RankKey(
      band: evaluation.tier.band,
      score: evaluation.score + RankingRules.prior(prior, tier: evaluation.tier),
      length: title.count,
      index: index
    )
    let candidate = RankedCandidate(key: key, tier: evaluation.tier, slot: Int32(slot), segment: context.ordinal)
    if evaluation.tier == .exact { state.exacts.insert(candidate) }
    if state.top.insert(candidate), state.top.isFull, let worst = state.top.worst {
      // The chunk's own worst only raises the bar above the query's floor (and what other chunks published).
      state.raise(to: worst.key, acronymCeiling: query.acronymCeiling)
      shared?.publish(worst.key)
    }
  }
}
