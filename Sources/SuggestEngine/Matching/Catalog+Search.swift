extension Catalog {
  /// The slots per parallel chunk (a multiple of 64 so refinement bitsets split on word boundaries).
  static let chunkSize = 32 * 1024

  /// Searches the catalog.
  ///
  /// - Parameter query: What to search for.
  /// - Returns: The total number of matches and the requested page, best first (catalog order for an empty query
  ///   or `contains` mode).
  /// - Throws: `CancellationError` when the calling task is cancelled; the scan checks every few thousand items.
  /// - Complexity: O(*n*) letter-mask tests plus matching of the items that pass, spread over all cores.
  public func search(_ query: SearchQuery) async throws -> SearchResult {
    var session = SearchSession()
    return try await search(query, session: &session)
  }

  /// Searches the catalog, refining the previous search of the same field when possible; a query of one to three
  /// characters is answered from ``ShortQueryAnswers`` once it has been searched on this snapshot.
  ///
  /// - Parameters:
  ///   - query: What to search for.
  ///   - session: The field's session: read to refine, updated when the search completes.
  /// - Returns: The same result as ``search(_:)``.
  /// - Throws: `CancellationError` when the calling task is cancelled (the session is then left unchanged).
  /// - Complexity: as ``search(_:)``, over the previous matches only when refining.
  public func search(_ query: SearchQuery, session: inout SearchSession) async throws -> SearchResult {
    if let answer = try await shortQueryAnswer(query, session: &session) { return answer }
    return try await fullSearch(query, session: &session)
  }

  /// ``search(_:session:)`` by scanning, never from ``ShortQueryAnswers``.
  func fullSearch(_ query: SearchQuery, session: inout SearchSession) async throws -> SearchResult {
    let capacity = max(0, query.offset) + max(0, query.limit)
    if query.mode == .contains {
      session.reset()
      return try await containsSearch(query, capacity: capacity)
    }
    let prepared = PreparedQuery(query.text)
    guard let restriction = restriction(tokens: query.tokens, scope: query.scope) else {
      session.reset()
      return SearchResult(total: 0, hits: [])
    }
    if prepared.isEmpty {
      session.reset()
      return listing(restriction: restriction, offset: query.offset, limit: query.limit)
    }
    let matchCap: MatchTier =
      switch query.mode {
      case .prefix: .wordPrefix
      case .fuzzy, .smart, .contains: .scattered
      }
    let allowsTypos = query.mode == .smart
    let segments = [base, delta]
    let previous = session.refinable(segments: segments, query: query, joined: prepared.joined)
    var contexts: [SegmentContext] = []
    var titleWordSets: [[Bitset]] = []
    var wordPrefixSets: [Bitset] = []
    var wordPrefixCount = 0
    for (ordinal, segment) in segments.enumerated() {
      let sets = SecondaryMatch.titleWordSets(segment, query: prepared)
      titleWordSets.append(sets)
      // Items where every word starts a title word: tiers exact, prefix and word prefix only.
      var all = Bitset(allOf: segment.count)
      for set in sets { all.formIntersection(set) }
      all.subtract(ordinal == 0 ? baseDead : delta.shadowed)
      if let allowed = restriction[ordinal] { all.formIntersection(allowed) }
      wordPrefixCount += all.population
      wordPrefixSets.append(all)
    }
    // With enough of those, the `capacity`-th best of them is a floor every chunk's bar starts from: found by
    // scoring the most popular of them, it keeps every weak-band tier out and lets a strong tier in only with a high
    // enough prior, so most items are only counted. An item outside them with a prior below `scoredMinimumPrior`
    // cannot reach it in any tier.
    var scoredMinimumPrior: Int?
    var floor: RankKey?
    if wordPrefixCount >= capacity && capacity > 0 {
      let key = floorKey(wordPrefixSets, segments: segments, query: prepared, matchCap: matchCap, capacity: capacity)
      floor = key
      if matchCap > .wordPrefix {
        // One character: a title it does not start a word of cannot match in a strong tier.
        let isOneCharacter = prepared.words.count == 1 && prepared.words[0].characterEnds.count == 1
        let outsideCeiling = max(MatchScoring.ceiling(.prefix), prepared.acronymCeiling)
        scoredMinimumPrior = isOneCharacter && key.band == .strong ? Int.max : key.score - outsideCeiling
      }
    }
    var neighbourhoods: [[TypoNeighbourhood]] = []
    for (ordinal, segment) in segments.enumerated() {
      var found: [TypoNeighbourhood] = []
      let typo =
        allowsTypos
        ? TypoTable.find(
          prepared,
          in: segment,
          previous: session.neighbourhoods(in: segment, ordinal: ordinal),
          neighbourhoods: &found
        ) : .none(words: prepared.words.count)
      neighbourhoods.append(found)
      var candidates: Bitset?
      if var matches = previous?[ordinal] {
        typo.addAll(to: &matches)
        candidates = matches
      }
      contexts.append(
        SegmentContext(
          segment: segment,
          ordinal: UInt8(ordinal),
          excluded: ordinal == 0 ? baseDead : delta.shadowed,
          indices: ordinal == 0 ? nil : deltaIndices,
          allowed: restriction[ordinal],
          typo: typo,
          candidates: candidates,
          scored: scoredMinimumPrior == nil ? nil : wordPrefixSets[ordinal],
          scoredMinimumPrior: scoredMinimumPrior ?? Int.min,
          wordPrefixes: wordPrefixSets[ordinal],
          floor: floor
        )
      )
    }
    // Worth it only when many items are left to scan (a refined search often has few).
    if floor == nil && capacity > 0
      && contexts.reduce(0, { $0 + ($1.candidates?.population ?? $1.segment.count) }) >= 16 * Self.popularProbe
    {
      let found = popularFloor(contexts, query: prepared, matchCap: matchCap, capacity: capacity)
      if let found {
        contexts = contexts.map { $0.with(floor: found) }
      }
    }
    let scans = try await scanAll(contexts, query: prepared, matchCap: matchCap, capacity: capacity)
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
        query: prepared,
        inTitle: titleWordSets[ordinal],
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
    var ranked = top.sorted()
    var bestExacts = exacts.sorted()
    let chosenFirst: Bool
    if !query.boosts.isEmpty || !query.recents.isEmpty {
      chosenFirst = applyRecents(
        query,
        ranked: &ranked,
        exacts: &bestExacts,
        contexts: contexts,
        secondaries: secondaries,
        query: prepared,
        matchCap: matchCap,
        capacity: capacity
      )
    } else {
      chosenFirst = false
    }
    var correction: RankedCandidate?
    if allowsTypos && !chosenFirst,
      let best = [ranked.first, bestExacts.first].compactMap({ $0 }).min(), best.key.band == .strong
    {
      func prior(_ candidate: RankedCandidate) -> Int {
        Int(segments[Int(candidate.segment)].priors[Int(candidate.slot)])
      }
      correction = bestCorrection(
        contexts,
        query: prepared,
        matchCap: matchCap,
        bestPrior: prior(best),
        bestExactPrior: bestExacts.first.map(prior),
        boosts: query.boosts
      )
    }
    let ordered = ExactPlacement.apply(ranked, exacts: bestExacts, correction: correction, capacity: capacity)
    try Task.checkCancellation()
    if allowsTypos { session.recordNeighbourhoods(neighbourhoods, segments: segments) }
    session.record(
      SearchSession.State(
        segments: segments,
        mode: query.mode,
        tokens: query.tokens,
        scope: query.scope,
        joined: prepared.joined,
        matches: titleMatches
      ),
      refined: previous != nil
    )
    let page = ordered.dropFirst(max(0, query.offset)).prefix(max(0, query.limit))
    let hits = page.map { candidate, score in
      let segment = segments[Int(candidate.segment)]
      let tier = candidate.tier
      return SearchHit(
        index: Int(candidate.key.index),
        tier: tier,
        score: score,
        field: tier == .subtitle ? .subtitle : tier == .keyword ? .keyword : .title,
        titleHighlights: Highlighter.titleHighlights(
          segment: segment,
          slot: Int(candidate.slot),
          query: prepared,
          tier: tier,
          matchCap: matchCap,
          allowsTypos: allowsTypos
        )
      )
    }
    return SearchResult(total: total, hits: hits)
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

  /// How many of the most popular items a search without a word-prefix floor scores first to find one.
  static let popularProbe = 1024

  /// The key of the `capacity`-th best match among the most popular admitted items (at most ``popularProbe``), if
  /// that many match: a floor for the scan when too few items match in the word-prefix tier.
  ///
  /// - Complexity: O(``popularProbe``) title evaluations.
  private func popularFloor(
    _ contexts: [SegmentContext],
    query: PreparedQuery,
    matchCap: MatchTier,
    capacity: Int
  ) -> RankKey? {
    var top = TopK<RankKey>(capacity: capacity)
    var scratch = MatchScratch()
    for context in contexts {
      let segment = context.segment
      for slot32 in segment.popular.prefix(Self.popularProbe) {
        let slot = Int(slot32)
        guard context.admits(slot), context.candidates?.contains(slot) ?? true else { continue }
        guard
          let evaluation = context.evaluate(slot, query: query, matchCap: matchCap, scratch: &scratch),
          evaluation.isScored
        else { continue }
        top.insert(context.rankKey(slot, tier: evaluation.tier, score: evaluation.score))
      }
    }
    return top.isFull ? top.worst : nil
  }

  /// The key of the `capacity`-th best of the most popular items in `sets` (items where every query word starts a
  /// title word, at least `capacity` of them): the best `capacity` of all matches rank at least as well.
  ///
  /// Scores the items of the highest priors (all above the `capacity`-th highest prior, and a bounded number at it).
  ///
  /// - Complexity: O(slots / 64 + set sizes), plus scoring O(`capacity`) titles.
  private func floorKey(
    _ sets: [Bitset],
    segments: [CatalogSegment],
    query: PreparedQuery,
    matchCap: MatchTier,
    capacity: Int
  ) -> RankKey {
    var priorCounts = [Int](repeating: 0, count: PopularityPrior.maximum + 1)
    for (ordinal, set) in sets.enumerated() {
      segments[ordinal].priors.withUnsafeBufferPointer { priors in
        set.forEach { priorCounts[min(Int(priors[$0]), PopularityPrior.maximum)] += 1 }
      }
    }
    var seen = 0
    var kth = PopularityPrior.maximum
    while kth > 0 {
      seen += priorCounts[kth]
      if seen >= capacity { break }
      kth -= 1
    }
    // Any `capacity` real matches bound the `capacity`-th best score from below; more of them bound it tighter.
    var atKth = 4 * capacity + 64
    var top = TopK<RankKey>(capacity: capacity)
    var scratch = MatchScratch()
    let typo = TypoTable.none(words: query.words.count)
    for (ordinal, set) in sets.enumerated() {
      let segment = segments[ordinal]
      set.forEach { slot in
        let prior = Int(segment.priors[slot])
        guard prior >= kth else { return }
        if prior == kth {
          guard atKth > 0 else { return }
          atKth -= 1
        }
        guard
          let evaluation = segment.evaluate(slot, query: query, typo: typo, matchCap: matchCap, scratch: &scratch),
          evaluation.isScored
        else { return }
        let index = ordinal == 0 ? slot : Int(deltaIndices[slot])
        top.insert(segment.rankKey(slot, tier: evaluation.tier, score: evaluation.score, index: index))
      }
    }
    // Every word-prefix match scores at least the word-prefix base plus its prior.
    let sure = RankKey(
      band: MatchTier.wordPrefix.band,
      score: kth + MatchScoring.base(.wordPrefix),
      length: Int.max,
      index: Int(Int32.max)
    )
    guard top.isFull, let worst = top.worst else { return sure }
    return min(worst, sure)
  }

  /// The slots allowed by `tokens` and `scope` per segment (`nil` entries: all), or `nil` when an unknown token
  /// makes the result empty.
  func restriction(tokens: [String], scope: String?) -> [Bitset?]? {
    let required = tokens + (scope.map { [$0] } ?? [])
    guard !required.isEmpty else { return [nil, nil] }
    var result: [Bitset?] = []
    for segment in [base, delta] {
      var allowed = Bitset(allOf: segment.count)
      for token in required {
        guard let index = tokenTable.existingIndex(of: token) else { return nil }
        var carrying = Bitset(count: segment.count)
        if index < segment.tokenPostings.count {
          for slot in segment.tokenPostings[index] { carrying.insert(Int(slot)) }
        }
        allowed.formIntersection(carrying)
      }
      result.append(allowed)
    }
    return result
  }

  /// Every live allowed item in catalog order: the answer to an empty query.
  func listing(restriction: [Bitset?], offset: Int, limit: Int) -> SearchResult {
    let baseAllowed: (Int) -> Bool = { slot in
      !baseDead.contains(slot) && (restriction[0]?.contains(slot) ?? true)
    }
    let fromDelta = deltaIndices.enumerated()
      .filter { !delta.shadowed.contains($0.offset) && (restriction[1]?.contains($0.offset) ?? true) }
      .map { Int($0.element) }.sorted()
    var total = fromDelta.count
    if let allowed = restriction[0] {
      var live = allowed
      live.subtract(baseDead)
      total += live.population
    } else {
      total += base.count - baseDead.population
    }
    var hits: [SearchHit] = []
    var skipped = 0
    var cursor = 0
    var slot = 0
    let wanted = max(0, limit)
    func take(_ index: Int) {
      if skipped < offset {
        skipped += 1
      } else if hits.count < wanted {
        hits.append(SearchHit(index: index, tier: .unranked, score: 0, field: .title, titleHighlights: []))
      }
    }
    while hits.count < wanted && (slot < base.count || cursor < fromDelta.count) {
      if cursor < fromDelta.count && (slot >= base.count || fromDelta[cursor] < slot) {
        take(fromDelta[cursor])
        cursor += 1
      } else {
        if baseAllowed(slot) { take(slot) }
        slot += 1
      }
    }
    return SearchResult(total: total, hits: hits)
  }

  /// Merges directly scored boosted and chosen items into the best candidates and exact matches (valid because
  /// boosts and recency only raise items): a chosen item that matches in the strong band goes first
  /// (``RankingRules/chosenScore(recency:)``), any other chosen one wins ties by recency.
  ///
  /// - Returns: Whether a chosen item matched in the strong band (it then stays first: no correction passes it).
  private func applyRecents(
    _ search: SearchQuery,
    ranked: inout [RankedCandidate],
    exacts: inout [RankedCandidate],
    contexts: [SegmentContext],
    secondaries: [SecondaryMatch],
    query: PreparedQuery,
    matchCap: MatchTier,
    capacity: Int
  ) -> Bool {
    var recency: [String: Int] = [:]
    for (place, id) in search.recents.enumerated() where recency[id] == nil { recency[id] = place }
    var ids = Set(recency.keys)
    for (id, boost) in search.boosts where boost > 0 { ids.insert(id) }
    var boosted: [RankedCandidate] = []
    var boostedIndices = Set<Int32>()
    var chosenStrong = false
    var scratch = MatchScratch()
    for id in ids.sorted() {
      guard let index = index(ofID: id), let (segment, slot) = location(of: index) else { continue }
      let context = contexts[segment === base ? 0 : 1]
      guard context.admits(slot) else { continue }
      let evaluation = context.evaluate(slot, query: query, matchCap: matchCap, scratch: &scratch)
      let tier: MatchTier
      var score: Int
      if let evaluation {
        (tier, score) = (evaluation.tier, evaluation.score)
      } else {
        let secondary = secondaries[Int(context.ordinal)]
        guard secondary.matched.contains(slot) else { continue }
        (tier, score) = (secondary.tier(slot), secondary.quality(slot))
      }
      let place = recency[id]
      if let place, tier.band == .strong {
        score = RankingRules.chosenScore(recency: place)
        chosenStrong = true
      } else {
        score += max(0, search.boosts[id] ?? 0)
      }
      boosted.append(context.candidate(slot, tier: tier, score: score, recency: place))
      boostedIndices.insert(Int32(truncatingIfNeeded: index))
    }
    ranked.removeAll { boostedIndices.contains($0.key.index) }
    exacts.removeAll { boostedIndices.contains($0.key.index) }
    ranked.append(contentsOf: boosted)
    exacts.append(contentsOf: boosted.filter { $0.tier == .exact })
    ranked.sort()
    exacts.sort()
    ranked = Array(ranked.prefix(capacity))
    exacts = Array(exacts.prefix(capacity))
    return chosenStrong
  }
}
