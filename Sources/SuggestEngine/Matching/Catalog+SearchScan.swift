extension Catalog {
  /// Scans every segment of `plan` and merges what the chunks found with the matches below the title.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled.
  /// - Complexity: O(*n*) letter-mask tests plus matching of the items that pass, spread over all cores.
  func scanAndMerge(_ plan: SearchPlan, query: PreparedQuery) async throws -> SearchMatches {
    let contexts = plan.contexts
    let capacity = plan.capacity
    let scans = try await scanAll(contexts, query: query, matchCap: plan.matchCap, capacity: capacity)
    try Task.checkCancellation()

    var top = TopK<RankedCandidate>(capacity: capacity)
    var exacts = TopK<RankedCandidate>(capacity: capacity)
    var total = 0
    var titleMatches: [Bitset] = []
    for (ordinal, context) in contexts.enumerated() {
      var matched = Bitset(count: context.segment.count)
      for chunk in scans[ordinal] {
        total += chunk.count
        matched.withWords { words in
          for (offset, word) in chunk.matchWords.enumerated() where word != 0 {
            words[chunk.firstWord + offset] |= word
          }
        }
        for candidate in chunk.top { top.insert(candidate) }
        for candidate in chunk.exacts { exacts.insert(candidate) }
      }
      titleMatches.append(matched)
    }
    var secondaries: [SecondaryMatch] = []
    for (ordinal, context) in contexts.enumerated() {
      let secondary = SecondaryMatch(
        context,
        query: query,
        inTitle: plan.titleWordSets[ordinal],
        titleMatches: titleMatches[ordinal]
      )
      total += secondary.matched.population
      if !(top.isFull && (top.worst?.key.band ?? .unranked) < .subtitle) {
        secondary.matched.forEach { slot in
          top.insert(context.candidate(slot, tier: secondary.tier(slot), score: secondary.quality(slot)))
        }
      }
      secondaries.append(secondary)
    }
    return SearchMatches(
      ranked: top.sorted(),
      exacts: exacts.sorted(),
      total: total,
      titleMatches: titleMatches,
      secondaries: secondaries
    )
  }

  /// Runs the chunk scans of every segment in parallel.
  private func scanAll(
    _ contexts: [SegmentContext],
    query: PreparedQuery,
    matchCap: MatchTier,
    capacity: Int
  ) async throws -> [[SegmentScanner.ChunkResult]] {
    var jobs: [(segment: Int, slots: Range<Int>)] = []
    for (ordinal, context) in contexts.enumerated() {
      let count = context.segment.count
      var start = 0
      while start < count {
        jobs.append((ordinal, start..<min(count, start + Self.chunkSize)))
        start += Self.chunkSize
      }
    }
    var results = contexts.map { _ in [SegmentScanner.ChunkResult]() }
    if jobs.count <= 1 {
      for job in jobs {
        results[job.segment].append(
          try SegmentScanner.scan(
            contexts[job.segment],
            slots: job.slots,
            query: query,
            matchCap: matchCap,
            capacity: capacity
          )
        )
      }
      return results
    }
    // A chunk whose selection is full lets the others prune against its worst key.
    let shared = SharedBar()
    try await withThrowingTaskGroup(of: (Int, Int, SegmentScanner.ChunkResult).self) { group in
      for (number, job) in jobs.enumerated() {
        let context = contexts[job.segment]
        group.addTask {
          let result = try SegmentScanner.scan(
            context,
            slots: job.slots,
            query: query,
            matchCap: matchCap,
            capacity: capacity,
            shared: shared
          )
          return (job.segment, number, result)
        }
      }
      var collected: [(Int, Int, SegmentScanner.ChunkResult)] = []
      for try await result in group { collected.append(result) }
      for (segment, _, result) in collected.sorted(by: { $0.1 < $1.1 }) { results[segment].append(result) }
    }
    return results
  }

}
