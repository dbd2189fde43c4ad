import Foundation
import Locking

extension Catalog {
  /// Scans every segment of `plan` and merges what the chunks found with the matches below the title.
  ///
  /// A scan too large for the calling thread runs on ``ScanThreads`` when no other search is in flight, its merge
  /// too: between its phases and after its chunks, the search resumes on a scan thread that is awake, not on a
  /// sleeping one of the shared pool.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled.
  /// - Complexity: O(*n*) letter-mask tests plus matching of the items that pass, spread over all cores.
  func scanAndMerge(
    _ plan: SearchPlan,
    query: PreparedQuery,
    scratch: inout SearchScratch
  ) async throws -> SearchMatches {
    let threads = ScanThreads.shared
    guard !plan.scansInline && threads.isSearchAlone else {
      return try await scanAndMergeHere(plan, query: query, scratch: &scratch)
    }
    return try await withTaskExecutorPreference(threads) {
      try await scanAndMergeHere(plan, query: query, scratch: &scratch)
    }
  }

  /// ``scanAndMerge(_:query:scratch:)`` on the current executor.
  private func scanAndMergeHere(
    _ plan: SearchPlan,
    query: PreparedQuery,
    scratch: inout SearchScratch
  ) async throws -> SearchMatches {
    let contexts = plan.contexts
    let capacity = plan.capacity
    let scans =
      plan.splitsByPopularity
      ? try await scanByPopularity(
        contexts,
        query: query,
        matchCap: plan.matchCap,
        capacity: capacity,
        inline: plan.scansInline,
        memory: &scratch
      )
      : try await scanAll(
        contexts,
        query: query,
        matchCap: plan.matchCap,
        capacity: capacity,
        inline: plan.scansInline,
        memory: &scratch
      )
    try Task.checkCancellation()

    var top = TopK<RankedCandidate>(capacity: capacity)
    var exacts = TopK<RankedCandidate>(capacity: capacity)
    var total = 0
    var titleMatches: [Bitset] = []
    for (ordinal, context) in contexts.enumerated() {
      var matched = scratch.emptySet(count: context.segment.count)
      for chunk in scans[ordinal] {
        total += chunk.count
        matched.withWords { words in
          for (offset, word) in chunk.found.matchWords.enumerated() where word != 0 {
            words[chunk.firstWord + offset] |= word
          }
        }
        for candidate in chunk.found.top { top.insert(candidate) }
        for candidate in chunk.found.exacts { exacts.insert(candidate) }
        scratch.recycle(chunk.found)
      }
      titleMatches.append(matched)
    }
    var secondaries: [SecondaryMatch] = []
    for (ordinal, context) in contexts.enumerated() {
      let secondary = SecondaryMatch(
        context,
        query: query,
        inTitle: plan.titleWordSets[ordinal],
        titleMatches: titleMatches[ordinal],
        scratch: &scratch
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

  /// Scans the likely best slots of every segment first (``PopularitySplit/first(_:)``), then the rest from the bar
  /// the first phase reached: the chunk results of both, per segment (each slot visited once).
  private func scanByPopularity(
    _ contexts: [SegmentContext],
    query: PreparedQuery,
    matchCap: MatchTier,
    capacity: Int,
    inline: Bool,
    memory scratch: inout SearchScratch
  ) async throws -> [[SegmentScanner.ChunkResult]] {
    // The ranked slots, and the items where every query word starts a title word: with no word-prefix floor there are
    // fewer of them than a page, and their strong matches, unranked ones included, often end it ("anar": the
    // page ends at 70 with sixteen unranked prefix matches; without them the first phase's bar stayed at 60 and the
    // second scored most of its 44,000 matches up to the typo tier).
    let ranked = contexts.map { context in
      var first = context.segment.rankedSlots()
      if let wordPrefixes = context.wordPrefixes { first.formUnion(wordPrefixes) }
      if context.typo.allowsTypos {
        // So are the names a word is written without the vowels of (a typo match, with its full quality).
        for word in query.words {
          word.bytes.withUnsafeBufferPointer { bytes in
            TitleMatcher.collectVowelsLeftOut(
              bytes,
              characters: word.characterEnds.count,
              in: context.segment.titleWords,
              into: &first
            )
          }
        }
      }
      return first
    }
    let first = try await scanAll(
      zip(contexts, ranked).map { $0.with(split: .first($1)) },
      query: query,
      matchCap: matchCap,
      capacity: capacity,
      inline: inline,
      memory: &scratch
    )
    try Task.checkCancellation()
    // The `capacity`-th best of distinct matches bounds the page's from below: the second phase starts from it.
    var best = TopK<RankKey>(capacity: capacity)
    for chunk in first.joined() { for candidate in chunk.found.top { best.insert(candidate.key) } }
    let floor = best.isFull ? best.worst : nil
    let rest = try await scanAll(
      zip(contexts, ranked).map { $0.with(split: .rest($1), floor: floor) },
      query: query,
      matchCap: matchCap,
      capacity: capacity,
      inline: inline,
      memory: &scratch
    )
    return zip(first, rest).map { $0 + $1 }
  }

  /// The most slots to visit that one thread scans alone, without splitting them into parallel chunks: a refined
  /// search visits only the previous matches, often a few hundred, and a task per chunk (28 on PyPI) with the thread
  /// wake-ups they cause cost more than their scan.
  static let inlineScanSlots = 8 * 1024

  /// How many chunks of about equal candidates a refined search too large to scan inline is split into: enough for
  /// every core, with some to spare for chunks that cost more per candidate than others.
  static let refinedChunks = 4 * max(1, ProcessInfo.processInfo.activeProcessorCount)

  /// The fewest candidates worth a chunk (a task and a thread wake-up) of their own.
  static let refinedChunkMinimum = 2048

  /// Runs the chunk scans of every segment in parallel (on the executor the caller prefers), each chunk in memory
  /// kept from an earlier search, or all on this thread when `inline` (``SearchPlan/scansInline``).
  private func scanAll(
    _ contexts: [SegmentContext],
    query: PreparedQuery,
    matchCap: MatchTier,
    capacity: Int,
    inline: Bool,
    memory scratch: inout SearchScratch
  ) async throws -> [[SegmentScanner.ChunkResult]] {
    var jobs: [(segment: Int, slots: Range<Int>)] = []
    for (ordinal, context) in contexts.enumerated() {
      let count = context.segment.count
      if !inline, let candidates = context.candidates {
        // A refinement's candidates are often one family of names, next to each other in the catalog ("odoo-addon-"):
        // chunks of equal slots gave one chunk nearly all the work, and one core.
        let parts = min(Self.refinedChunks, max(1, candidates.population / Self.refinedChunkMinimum))
        for slots in candidates.ranges(balancedInto: parts) { jobs.append((ordinal, slots)) }
        continue
      }
      let size = inline ? count : Self.chunkSize
      var start = 0
      while start < count {
        jobs.append((ordinal, start..<min(count, start + size)))
        start += size
      }
    }
    var results = contexts.map { _ in [SegmentScanner.ChunkResult]() }
    var memories = scratch.takeChunks(jobs.count)
    if inline || jobs.count <= 1 {
      for job in jobs {
        results[job.segment].append(
          try SegmentScanner.scan(
            contexts[job.segment],
            slots: job.slots,
            query: query,
            matchCap: matchCap,
            capacity: capacity,
            memory: memories.removeLast()
          )
        )
      }
      return results
    }
    // Each chunk takes its memory from here inside its task, so that no other reference to it remains (a
    // captured copy would make its first write a copy).
    let pool = Locked(memories)
    memories = []
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
            shared: shared,
            memory: pool.withLock { $0.popLast() } ?? ChunkScratch()
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
