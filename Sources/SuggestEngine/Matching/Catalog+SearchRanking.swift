extension Catalog {
  /// Orders the merged matches: chosen and boosted items merged in, a correction lifted to first place when one is
  /// due (``CorrectionRule``), and exact matches kept in view (``ExactPlacement``).
  ///
  /// - Returns: At most `plan.capacity` candidates in their final order, each with its public score.
  /// - Complexity: O(*k* log *k*) for *k* candidates, plus the evaluation of the chosen and boosted items and of the
  ///   correction candidates.
  func rank(
    _ matches: SearchMatches,
    plan: SearchPlan,
    search: SearchQuery,
    query: PreparedQuery
  ) -> [(candidate: RankedCandidate, score: Int)] {
    var ranked = matches.ranked
    var exacts = matches.exacts
    let chosenFirst: Bool
    if !search.boosts.isEmpty || !search.recents.isEmpty {
      chosenFirst = applyRecents(
        search,
        ranked: &ranked,
        exacts: &exacts,
        contexts: plan.contexts,
        secondaries: matches.secondaries,
        query: query,
        matchCap: plan.matchCap,
        capacity: plan.capacity
      )
    } else {
      chosenFirst = false
    }
    var correction: RankedCandidate?
    if plan.allowsTypos && !chosenFirst,
      let best = [ranked.first, exacts.first].compactMap({ $0 }).min(), best.key.band == .strong
    {
      func prior(_ candidate: RankedCandidate) -> Int {
        Int(plan.contexts[Int(candidate.segment)].segment.priors[Int(candidate.slot)])
      }
      correction = bestCorrection(
        plan.contexts,
        query: query,
        matchCap: plan.matchCap,
        bestPrior: prior(best),
        bestExactPrior: exacts.first.map(prior),
        boosts: search.boosts
      )
    }
    return ExactPlacement.apply(ranked, exacts: exacts, correction: correction, capacity: plan.capacity)
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
    query.withView { view in
      for id in ids.sorted() {
        guard let index = index(ofID: id), let (segment, slot) = location(of: index) else { continue }
        let context = contexts[segment === base ? 0 : 1]
        guard context.admits(slot) else { continue }
        let evaluation = context.evaluate(slot, query: view, matchCap: matchCap, scratch: &scratch)
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
