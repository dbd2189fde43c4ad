/// Scans a range of one segment's slots for title matches: the synchronous, allocation-free inner loop of a search.
enum SegmentScanner {
  /// What one chunk of a scan found.
  struct ChunkResult: Sendable {
    /// The best candidates of the chunk.
    var top: [RankedCandidate]
    /// How many slots matched.
    var count: Int
    /// The matching slots, increasing (recorded for refinement).
    var matches: [Int32]
  }

  /// How many slots pass between two cancellation checks.
  static let cancellationStride = 4096

  /// The mutable state of one chunk scan.
  private struct State {
    var top: TopK<RankedCandidate>
    var scoreCap: MatchTier
    var count = 0
    var matches: [Int32] = []
    var scratch = MatchScratch()
  }

  /// Scans `slots` of `context`'s segment.
  ///
  /// - Parameters:
  ///   - context: The segment and its per-query data.
  ///   - slots: The slot range of this chunk (its bounds multiples of 64, or the segment's end).
  ///   - query: The prepared query (not empty).
  ///   - matchCap: The worst tier that counts as a match.
  ///   - scoreCap: The worst tier worth scoring at the start (items of worse tiers are only counted).
  ///   - capacity: How many best candidates to keep.
  /// - Returns: The chunk's best candidates, match count and matching slots.
  /// - Throws: `CancellationError` when the task is cancelled (checked every ``cancellationStride`` slots).
  /// - Complexity: O(slots · |title| · |query|) in the worst case; the letter mask rejects most slots in O(1).
  static func scan(
    _ context: SegmentContext,
    slots: Range<Int>,
    query: PreparedQuery,
    matchCap: MatchTier,
    scoreCap: MatchTier,
    capacity: Int
  ) throws -> ChunkResult {
    if Task.isCancelled { throw CancellationError() }
    var state = State(top: TopK(capacity: capacity), scoreCap: scoreCap)
    let segment = context.segment
    let allowedWords = context.allowed?.words ?? []
    let hasRestriction = context.allowed != nil
    let scoredWords = context.scored?.words ?? []
    let hasScored = context.scored != nil
    // Every word one ASCII letter: passing the letter mask is matching, for items that are only counted.
    let lettersOnly =
      matchCap == .scattered
      && query.words.allSatisfy { $0.bytes.count == 1 && $0.bytes[0] >= 0x61 && $0.bytes[0] <= 0x7A }
    let queryMask = query.mask
    try segment.folded.bytes.withUnsafeBufferPointer { bytes in
      try segment.wordStarts.words.withUnsafeBufferPointer { starts in
        try segment.masks.withUnsafeBufferPointer { masks in
          try segment.folded.offsets.withUnsafeBufferPointer { offsets in
            try segment.priors.withUnsafeBufferPointer { priors in
              try context.excluded.words.withUnsafeBufferPointer { excluded in
                try allowedWords.withUnsafeBufferPointer { allowed in
                  try scoredWords.withUnsafeBufferPointer { scored in
                    try context.typo.bits.withUnsafeBufferPointer { typoBits in
                      let typo = TypoProbe(table: context.typo, bits: typoBits)
                      // The slots to visit: a bit per slot, from the excluded, allowed and candidate sets.
                      let firstWord = slots.lowerBound >> 6
                      let lastWord = (slots.upperBound + 63) >> 6
                      var visited = 0
                      for wordIndex in firstWord..<lastWord {
                        var bits = ~excluded[wordIndex]
                        if hasRestriction { bits &= allowed[wordIndex] }
                        if let candidates = context.candidates { bits &= candidates.words[wordIndex] }
                        let low = wordIndex << 6
                        if low < slots.lowerBound { bits &= ~0 << UInt64(slots.lowerBound - low) }
                        if low + 64 > slots.upperBound { bits &= ~0 >> UInt64(low + 64 - slots.upperBound) }
                        if hasScored && lettersOnly {
                          // Count the letter-mask matches outside the scored set without visiting them.
                          var countOnly = bits & ~scored[wordIndex]
                          bits &= scored[wordIndex]
                          while countOnly != 0 {
                            let slot = low | countOnly.trailingZeroBitCount
                            countOnly &= countOnly - 1
                            if queryMask & ~masks[slot] == 0 {
                              state.count += 1
                              state.matches.append(Int32(slot))
                            }
                          }
                        }
                        while bits != 0 {
                          let slot = low | bits.trailingZeroBitCount
                          bits &= bits - 1
                          visit(
                            slot,
                            context: context,
                            query: query,
                            matchCap: matchCap,
                            bytes: bytes,
                            starts: starts,
                            masks: masks,
                            offsets: offsets,
                            priors: priors,
                            typo: typo,
                            state: &state
                          )
                        }
                        visited += 64
                        if visited & (cancellationStride - 1) == 0 && Task.isCancelled { throw CancellationError() }
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
    return ChunkResult(top: state.top.heap, count: state.count, matches: state.matches)
  }

  @inline(__always)
  private static func visit(
    _ slot: Int,
    context: SegmentContext,
    query: PreparedQuery,
    matchCap: MatchTier,
    bytes: UnsafeBufferPointer<UInt8>,
    starts: UnsafeBufferPointer<UInt64>,
    masks: UnsafeBufferPointer<UInt32>,
    offsets: UnsafeBufferPointer<UInt32>,
    priors: UnsafeBufferPointer<UInt16>,
    typo: TypoProbe,
    state: inout State
  ) {
    let mask = masks[slot]
    // The cheap rejection: a word needs a letter the title lacks, and has no typo match.
    for (w, word) in query.words.enumerated() where word.mask & ~mask != 0 {
      if typo.distance(word: w, slot: slot) == nil { return }
    }
    let lower = Int(offsets[slot])
    let title = TitleView(
      bytes: UnsafeBufferPointer(rebasing: bytes[lower..<Int(offsets[slot + 1])]),
      starts: starts,
      base: lower
    )
    if let scored = context.scored, !scored.contains(slot) {
      // Cannot reach the page: only decide whether it matches at all.
      guard matchCap == .scattered else { return }
      for (w, word) in query.words.enumerated() {
        if word.bytes.count == 1 && word.mask & ~mask == 0 && word.bytes[0] >= 0x61 && word.bytes[0] <= 0x7A {
          continue
        }
        let isSubsequence = word.bytes.withUnsafeBufferPointer {
          FuzzyAligner.isSubsequence(title, $0, ends: word.characterEnds)
        }
        if !isSubsequence && typo.distance(word: w, slot: slot) == nil { return }
      }
      state.count += 1
      state.matches.append(Int32(slot))
      return
    }
    guard
      let evaluation = ItemEvaluator.evaluate(
        title,
        mask: mask,
        query: query,
        typo: typo,
        slot: slot,
        matchCap: matchCap,
        scoreCap: state.scoreCap,
        scratch: &state.scratch
      )
    else { return }
    state.count += 1
    state.matches.append(Int32(slot))
    guard evaluation.isScored, evaluation.tier <= state.scoreCap else { return }
    let key = RankKey(
      tier: evaluation.tier,
      score: evaluation.quality + Int(priors[slot]),
      length: title.count,
      index: context.index(of: slot)
    )
    if state.top.insert(RankedCandidate(key: key, slot: Int32(slot), segment: context.ordinal)), state.top.isFull,
      let worst = state.top.worst
    {
      state.scoreCap = worst.key.tier
    }
  }
}
