extension Catalog {
  /// The correction of ``CorrectionRule``, if any: the best-ranked typo or partial-typo hit with the prior its tier
  /// requires.
  ///
  /// Only the typo sets' items with that prior are evaluated (few: priors are high only for ranked items).
  ///
  /// - Complexity: O(slots / 64) per query word with typos, plus one evaluation per popular typo candidate.
  func bestCorrection(
    _ contexts: [SegmentContext],
    query: PreparedQuery,
    matchCap: MatchTier,
    bestPrior: Int,
    bestExactPrior: Int?,
    boosts: [String: Int]
  ) -> RankedCandidate? {
    let lowest =
      [MatchTier.typo, .partialTypo].compactMap {
        CorrectionRule.requiredPrior(
          $0,
          best: bestPrior,
          bestExact: bestExactPrior,
          queryCharacters: query.characterCount
        )
      }.min() ?? Int.max
    var best: RankedCandidate?
    var scratch = MatchScratch()
    for context in contexts where context.typo.stride > 0 {
      let segment = context.segment
      var candidates = Bitset(count: segment.count)
      context.typo.addAll(to: &candidates)
      candidates.forEach { slot in
        let prior = Int(segment.priors[slot])
        guard prior >= lowest, context.admits(slot) else { return }
        guard
          let evaluation = segment.evaluate(
            slot,
            query: query,
            typo: context.typo,
            matchCap: matchCap,
            scratch: &scratch
          ), evaluation.isScored,
          let required = CorrectionRule.requiredPrior(
            evaluation.tier,
            best: bestPrior,
            bestExact: bestExactPrior,
            queryCharacters: query.characterCount
          ),
          prior >= required
        else { return }
        let index = context.index(of: slot)
        let boost = boosts.isEmpty ? 0 : max(0, boosts[segment.id(slot)] ?? 0)
        let candidate = RankedCandidate(
          key: RankKey(
            band: evaluation.tier.band,
            score: evaluation.score + prior + boost,
            length: segment.folded.range(slot).count,
            index: index
          ),
          tier: evaluation.tier,
          slot: Int32(slot),
          segment: context.ordinal
        )
        if best.map({ candidate < $0 }) ?? true { best = candidate }
      }
    }
    return best
  }
}
