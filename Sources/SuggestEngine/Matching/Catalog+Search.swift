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
  /// characters is answered from ``ShortQueryAnswers`` once it has been kept on this snapshot (when first searched,
  /// ``ShortQueryAnswers/keptOnDemand(_:capacity:)``), and one of four once it has been prepared
  /// (``prepareShortQueries(_:prepared:)``).
  ///
  /// - Parameters:
  ///   - query: What to search for.
  ///   - session: The field's session: read to refine, updated when the search completes.
  /// - Returns: The same result as ``search(_:)``.
  /// - Throws: `CancellationError` when the calling task is cancelled (the session is then left unchanged).
  /// - Complexity: as ``search(_:)``, over the previous matches only when refining.
  public func search(_ query: SearchQuery, session: inout SearchSession) async throws -> SearchResult {
    var scratch = SearchScratch()
    return try await search(query, session: &session, scratch: &scratch)
  }

  /// ``search(_:session:)`` in working memory kept from earlier searches: how a worker that runs one search after
  /// another avoids allocating and zeroing catalog-sized sets for each.
  ///
  /// - Parameters:
  ///   - query: What to search for.
  ///   - session: The field's session: read to refine, updated when the search completes.
  ///   - scratch: The worker's working memory: used by this search and left with what it can reuse.
  /// - Returns: The same result as ``search(_:)``.
  /// - Throws: `CancellationError` when the calling task is cancelled (the session is then left unchanged).
  public func search(
    _ query: SearchQuery,
    session: inout SearchSession,
    scratch: inout SearchScratch
  ) async throws -> SearchResult {
    try await ScanThreads.shared.counting {
      if let answer = try await shortQueryAnswer(query, session: &session, scratch: &scratch) { return answer }
      return try await fullSearch(query, session: &session, scratch: &scratch)
    }
  }

  /// ``search(_:session:)`` by scanning, never from ``ShortQueryAnswers``: plan, scan and merge, rank, page.
  func fullSearch(
    _ query: SearchQuery,
    session: inout SearchSession,
    scratch: inout SearchScratch
  ) async throws -> SearchResult {
    if query.mode == .contains {
      session.reset()
      return try await containsSearch(query, capacity: max(0, query.offset) + max(0, query.limit))
    }
    let prepared = PreparedQuery(query.text)
    scratch.beginSearch()
    guard let restriction = restriction(tokens: query.tokens, scope: query.scope, scratch: &scratch) else {
      session.reset()
      return SearchResult(total: 0, hits: [])
    }
    if prepared.isEmpty {
      session.reset()
      return listing(restriction: restriction, offset: query.offset, limit: query.limit)
    }
    let plan = plan(query, prepared: prepared, restriction: restriction, session: session, scratch: &scratch)
    let matches = try await scanAndMerge(plan, query: prepared, scratch: &scratch)
    let ordered = rank(matches, plan: plan, search: query, query: prepared)
    try Task.checkCancellation()
    let segments = plan.contexts.map(\.segment)
    if plan.allowsTypos { session.recordNeighbourhoods(plan.neighbourhoods, segments: segments) }
    let replaced = session.record(
      SearchSession.State(
        segments: segments,
        mode: query.mode,
        tokens: query.tokens,
        scope: query.scope,
        joined: prepared.joined,
        words: prepared.words.map(\.typoKey),
        matches: matches.titleMatches
      ),
      refined: plan.refines
    )
    let page = ordered.dropFirst(max(0, query.offset)).prefix(max(0, query.limit))
    let hits = page.map { candidate, score in
      let tier = candidate.tier
      return SearchHit(
        index: Int(candidate.key.index),
        tier: tier,
        score: score,
        field: tier == .subtitle ? .subtitle : tier == .keyword ? .keyword : .title,
        titleHighlights: Highlighter.titleHighlights(
          segment: segments[Int(candidate.segment)],
          slot: Int(candidate.slot),
          query: prepared,
          tier: tier,
          matchCap: plan.matchCap,
          allowsTypos: plan.allowsTypos
        )
      )
    }
    scratch.recycle(replaced)
    plan.recycle(into: &scratch)
    matches.recycle(into: &scratch)
    return SearchResult(total: matches.total, hits: hits)
  }

  /// The slots allowed by `tokens` and `scope` per segment (`nil` entries: all), or `nil` when an unknown token
  /// makes the result empty.
  func restriction(tokens: [String], scope: String?) -> [Bitset?]? {
    var scratch = SearchScratch()
    return restriction(tokens: tokens, scope: scope, scratch: &scratch)
  }

  /// ``restriction(tokens:scope:)``, its sets made in `scratch`.
  func restriction(tokens: [String], scope: String?, scratch: inout SearchScratch) -> [Bitset?]? {
    let required = tokens + (scope.map { [$0] } ?? [])
    guard !required.isEmpty else { return [nil, nil] }
    var result: [Bitset?] = []
    for segment in [base, delta] {
      var allowed = scratch.fullSet(count: segment.count)
      for token in required {
        guard let index = tokenTable.existingIndex(of: token) else { return nil }
        var carrying = scratch.emptySet(count: segment.count)
        if index < segment.tokenPostings.count {
          for slot in segment.tokenPostings[index] { carrying.insert(Int(slot)) }
        }
        allowed.formIntersection(carrying)
        scratch.recycle(carrying)
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
}
