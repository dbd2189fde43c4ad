extension Catalog {
  /// Plans a search: per segment, the word-prefix sets, the typo sets, the previous matches when refining, and a
  /// floor (a key that `capacity` items are known to reach) that lets the scan only count most items.
  ///
  /// - Parameters:
  ///   - query: The search.
  ///   - prepared: Its prepared text (not empty).
  ///   - restriction: The slots its tokens and scope allow, per segment (``restriction(tokens:scope:)``).
  ///   - session: The field's session, read for refinement and typo neighbourhoods.
  ///   - scratch: The search's working memory, where the plan's sets are made.
  /// - Returns: The plan: per segment, what its scan visits and the bar it starts from.
  /// - Complexity: O(slots / 64) per set, plus the postings under the query words and scoring O(`capacity`) of
  ///   the most popular candidates.
  func plan(
    _ query: SearchQuery,
    prepared: PreparedQuery,
    restriction: [Bitset?],
    session: SearchSession,
    scratch: inout SearchScratch
  ) -> SearchPlan {
    let capacity = max(0, query.offset) + max(0, query.limit)
    let matchCap: MatchTier =
      switch query.mode {
      case .prefix: .wordPrefix
      case .fuzzy, .smart, .contains: .scattered
      }
    let allowsTypos = query.mode == .smart
    let segments = [base, delta]
    let previous = session.refinable(segments: segments, query: query, joined: prepared.joined)
    let newTypoWords = previous.map {
      SearchSession.wordsWithNewTypoMatches(previous: $0.words, current: prepared.words.map(\.typoKey))
    }
    var titleWordSets: [[Bitset]] = []
    var wordPrefixSets: [Bitset] = []
    var wordPrefixCount = 0
    for (ordinal, segment) in segments.enumerated() {
      let sets = SecondaryMatch.titleWordSets(segment, query: prepared, keeping: scratch.keepsSetsForNextKeystrokes)
      titleWordSets.append(sets)
      // Items where every word starts a title word: tiers exact, prefix and word prefix only.
      var all = scratch.fullSet(count: segment.count)
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
    if wordPrefixCount >= capacity && capacity > 0,
      let key = floorKey(wordPrefixSets, segments: segments, query: prepared, matchCap: matchCap, capacity: capacity)
    {
      floor = key
      if matchCap > .wordPrefix {
        // One character: a title it does not start a word of cannot match in a strong tier.
        let isOneCharacter = prepared.words.count == 1 && prepared.words[0].characterEnds.count == 1
        let outsideCeiling = max(MatchScoring.ceiling(.prefix), prepared.acronymCeiling)
        scoredMinimumPrior = isOneCharacter && key.band == .strong ? Int.max : key.score - outsideCeiling
      }
    }
    // The leading words the previous query had as they are: every previous match has them.
    let knownWords = previous.map { zip($0.words, prepared.words).prefix { $0.word == $1.bytes }.count } ?? 0
    var neighbourhoods: [[TypoNeighbourhood]] = []
    var contexts: [SegmentContext] = []
    for (ordinal, segment) in segments.enumerated() {
      var found: [TypoNeighbourhood] = []
      let typo =
        allowsTypos
        ? TypoTable.find(
          prepared,
          in: segment,
          previous: session.neighbourhoods(in: segment, ordinal: ordinal),
          neighbourhoods: &found,
          keeping: scratch.keepsSetsForNextKeystrokes
        ) : .none(words: prepared.words.count)
      neighbourhoods.append(found)
      var candidates: Bitset?
      if let matches = previous?.matches[ordinal] {
        if typo.hasTypos, let newTypoWords, !newTypoWords.isEmpty {
          // A copy in scratch memory: the session keeps its own.
          var widened = scratch.emptySet(count: matches.count)
          widened.formUnion(matches)
          typo.addAll(of: newTypoWords, to: &widened)
          candidates = widened
        } else {
          candidates = matches
        }
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
          previousMatches: previous?.matches[ordinal],
          knownWords: knownWords,
          scored: scoredMinimumPrior == nil ? nil : wordPrefixSets[ordinal],
          scoredMinimumPrior: scoredMinimumPrior ?? Int.min,
          wordPrefixes: wordPrefixSets[ordinal],
          floor: floor
        )
      )
    }
    let slotsToVisit = contexts.reduce(0) { $0 + ($1.candidates?.population ?? $1.segment.count) }
    // Worth it only when many items are left to scan (a refined search often has few).
    let manyLeft = floor == nil && capacity > 0 && slotsToVisit >= 16 * Self.popularProbe
    // A deep page is bounded by scanning its likely best slots first instead (``PopularitySplit``).
    let splitsByPopularity = manyLeft && capacity >= Self.splitPageMinimum
    if manyLeft && !splitsByPopularity {
      if let found = popularFloor(contexts, query: prepared, matchCap: matchCap, capacity: capacity) {
        contexts = contexts.map { $0.with(floor: found) }
      }
    }
    return SearchPlan(
      contexts: contexts,
      titleWordSets: titleWordSets,
      neighbourhoods: neighbourhoods,
      refines: previous != nil,
      matchCap: matchCap,
      allowsTypos: allowsTypos,
      capacity: capacity,
      splitsByPopularity: splitsByPopularity,
      slotsToVisit: slotsToVisit
    )
  }

  /// The fewest hits a page needs for a search without a word-prefix floor to scan its likely best slots first, the
  /// ranked ones and those with a whole-word typo match (``PopularitySplit``), rather than probe the most popular
  /// items for a floor (``popularFloor(_:query:matchCap:capacity:)``).
  ///
  /// The page of a short or typo-like query often ends among weak matches of popular names or of names one edit
  /// away. For a small page the probe finds a floor near its end, but for a deep one (50 hits) the floor stayed far
  /// below it, and the scan scored tens of thousands of unranked matches in full (`tne` on PyPI: a floor of 57
  /// against a page that ends at 81). A first phase over every such slot, on all cores, ends at nearly the page's
  /// own bar; for a small page the probe is cheaper.
  static let splitPageMinimum = 20

  /// How many of the most popular items a search without a word-prefix floor scores first to find one.
  static let popularProbe = 1024
  /// How far the probe goes on when the first ``popularProbe`` items gave fewer than `capacity` matches: a typo-like
  /// query of four letters ("tesn") matches few popular names, and without a floor its scan scored tens of thousands
  /// of weak matches in full. Most items past the first probe fail the letter mask at once.
  static let widestPopularProbe = 16384

  /// How many unranked items with a whole-word typo match the floor probe evaluates at most.
  static let typoProbe = 2048

  /// The key of the `capacity`-th best match among up to ``typoProbe`` unranked items with a whole-word typo match
  /// and the most popular admitted items (the first ``popularProbe``, or up to ``widestPopularProbe`` until
  /// `capacity` match), if that many match: a floor for the scan when too few items match in the word-prefix tier.
  ///
  /// The typo matches matter for a typo-like query ("seel"): its best hits are often unranked names one edit away,
  /// and without them the floor stayed below what they score, so the scan scored every weak match in full. They
  /// come first, so that the popular probe, once it holds `capacity` matches, scores only items that can still
  /// raise its bar and stops where none can. The two probes never evaluate an item twice (popular items have a
  /// positive prior), so the key is that of `capacity` distinct matches: a true lower bound of the `capacity`-th
  /// best.
  ///
  /// - Complexity: O(``widestPopularProbe``) letter-mask tests and at most as many title evaluations, plus
  ///   ``typoProbe`` evaluations.
  private func popularFloor(
    _ contexts: [SegmentContext],
    query: PreparedQuery,
    matchCap: MatchTier,
    capacity: Int
  ) -> RankKey? {
    var top = TopK<RankKey>(capacity: capacity)
    var scratch = MatchScratch()
    query.withView { view in
      /// Scores `slot` of `context` up to `scoreCap` into `top`; false when the slot is not admitted.
      @discardableResult
      func probe(_ slot: Int, of context: SegmentContext, scoreCap: MatchTier) -> Bool {
        guard context.admits(slot), context.candidates?.contains(slot) ?? true else { return false }
        // Most popular items lack a typo-like query's letters: setting up their evaluation cost more than the rest
        // of a search that matches few of them.
        guard context.mayMatch(slot, query: view) else { return true }
        if let evaluation = context.evaluate(
          slot,
          query: view,
          matchCap: matchCap,
          scoreCap: scoreCap,
          scratch: &scratch
        ), evaluation.isScored {
          top.insert(context.rankKey(slot, tier: evaluation.tier, score: evaluation.score))
        }
        return true
      }
      for context in contexts {
        var left = Self.typoProbe
        for w in query.words.indices {
          context.typo.forEachWholeMatch(word: w) { slot in
            guard context.segment.priors[slot] == 0 else { return true }
            if probe(slot, of: context, scoreCap: matchCap) { left -= 1 }
            return left > 0
          }
        }
      }
      // Once full, the probe scores only what can still raise its own bar, as a scan does (rebuilt as it rises).
      var bar: (key: RankKey, bar: ScoreBar)?
      for context in contexts {
        let segment = context.segment
        for (rank, slot32) in segment.popular.prefix(Self.widestPopularProbe).enumerated() {
          // Past the first probe, only until `capacity` matches are found.
          if rank >= Self.popularProbe && top.isFull { break }
          let slot = Int(slot32)
          var scoreCap = matchCap
          if let worst = top.worst, top.isFull {
            if bar?.key != worst { bar = (worst, ScoreBar(worst: worst, acronymCeiling: query.acronymCeiling)) }
            let prior = Int(segment.priors[slot])
            guard let current = bar?.bar else { break }
            // Priors only fall from here: once no item of this prior can pass the bar whatever its title, none
            // after it can either (only exact matches are still scored, and the floor needs none).
            if current.scoreCap(prior: prior, matchCap: matchCap, length: 0, index: -1) == .exact { break }
            scoreCap = current.scoreCap(
              prior: prior,
              matchCap: matchCap,
              length: segment.folded.range(slot).count,
              index: context.index(of: slot)
            )
          }
          probe(slot, of: context, scoreCap: scoreCap)
        }
      }
    }
    return top.isFull ? top.worst : nil
  }

  /// The key of the `capacity`-th best of the most popular items in `sets` (items where every query word starts a
  /// title word, at least `capacity` of them): the best `capacity` of all matches rank at least as well. `nil` when
  /// the query has nested words and fewer than `capacity` of the items scored: two of its words may start the same
  /// title word, so an item of the sets may be no word-prefix match.
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
  ) -> RankKey? {
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
    query.withView { view in
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
            let evaluation = segment.evaluate(slot, query: view, typo: typo, matchCap: matchCap, scratch: &scratch),
            evaluation.isScored
          else { return }
          let index = ordinal == 0 ? slot : Int(deltaIndices[slot])
          top.insert(segment.rankKey(slot, tier: evaluation.tier, score: evaluation.score, index: index))
        }
      }
    }
    if query.hasNestedWords { return top.isFull ? top.worst : nil }
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

}
