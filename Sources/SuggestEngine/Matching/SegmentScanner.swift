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

  /// Scans `slots` of `context`'s segment.
  ///
  /// - Parameters:
  ///   - context: The segment and its per-query data.
  ///   - slots: The slot range of this chunk.
  ///   - query: The prepared query (not empty).
  ///   - matchCap: The worst tier that counts as a match.
  ///   - capacity: How many best candidates to keep.
  /// - Returns: The chunk's best candidates, match count and matching slots.
  /// - Throws: `CancellationError` when the task is cancelled (checked every ``cancellationStride`` slots).
  /// - Complexity: O(slots · |title| · |query|) in the worst case; the letter mask rejects most slots in O(1).
  static func scan(
    _ context: SegmentContext,
    slots: Range<Int>,
    query: PreparedQuery,
    matchCap: MatchTier,
    capacity: Int
  ) throws -> ChunkResult {
    var top = TopK<RankedCandidate>(capacity: capacity)
    var scoreCap = matchCap
    var count = 0
    var matches: [Int32] = []
    var scratch = MatchScratch()
    let segment = context.segment
    let typo = context.typo
    try segment.folded.bytes.withUnsafeBufferPointer { bytes in
      try segment.wordStarts.words.withUnsafeBufferPointer { starts in
        try segment.masks.withUnsafeBufferPointer { masks in
          try segment.folded.offsets.withUnsafeBufferPointer { offsets in
            func visit(_ slot: Int) {
              guard context.admits(slot) else { return }
              let lower = Int(offsets[slot])
              let title = TitleView(
                bytes: UnsafeBufferPointer(rebasing: bytes[lower..<Int(offsets[slot + 1])]),
                starts: starts,
                base: lower
              )
              guard
                let evaluation = ItemEvaluator.evaluate(
                  title,
                  mask: masks[slot],
                  query: query,
                  typoDistance: { typo[$0].distance(slot) },
                  matchCap: matchCap,
                  scoreCap: scoreCap,
                  scratch: &scratch
                )
              else { return }
              count += 1
              matches.append(Int32(slot))
              guard evaluation.isScored, evaluation.tier <= scoreCap else { return }
              let key = RankKey(
                tier: evaluation.tier,
                score: evaluation.quality + Int(segment.priors[slot]),
                length: title.count,
                index: context.index(of: slot)
              )
              if top.insert(RankedCandidate(key: key, slot: Int32(slot), segment: context.ordinal)), top.isFull,
                let worst = top.worst
              {
                scoreCap = worst.key.tier
              }
            }
            if let candidates = context.candidates {
              var visited = 0
              let firstWord = slots.lowerBound >> 6
              let lastWord = (slots.upperBound + 63) >> 6
              for wordIndex in firstWord..<lastWord {
                var bits = candidates.words[wordIndex]
                while bits != 0 {
                  let slot = wordIndex << 6 | bits.trailingZeroBitCount
                  bits &= bits - 1
                  guard slots.contains(slot) else { continue }
                  visit(slot)
                  visited += 1
                  if visited & (cancellationStride - 1) == 0 && Task.isCancelled { throw CancellationError() }
                }
              }
            } else {
              var slot = slots.lowerBound
              while slot < slots.upperBound {
                let end = min(slot + cancellationStride, slots.upperBound)
                while slot < end {
                  visit(slot)
                  slot += 1
                }
                if Task.isCancelled { throw CancellationError() }
              }
            }
          }
        }
      }
    }
    return ChunkResult(top: top.heap, count: count, matches: matches)
  }
}
