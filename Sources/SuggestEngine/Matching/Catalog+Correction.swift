extension Catalog {
  /// The correction of ``CorrectionRule``, if any: the best-ranked typo, partial-typo or fuzzy hit with the prior
  /// its tier (and whether it has a typo match) requires.
  ///
  /// Walks the items of the highest priors only (priors are high only for ranked items: on PyPI about 4,600 reach
  /// the lowest requirement), and evaluates those with a typo match (or a title part without its vowels), or a
  /// prior a fuzzy hit alone could correct with.
  ///
  /// - Complexity: O(items with a prior of at least the lowest requirement), plus one evaluation per typo match
  ///   among them.
  func bestCorrection(
    _ contexts: [SegmentContext],
    query: PreparedQuery,
    matchCap: MatchTier,
    bestPrior: Int,
    bestExactPrior: Int?,
    boosts: [String: Int]
  ) -> RankedCandidate? {
    let lowest =
      [MatchTier.typo, .partialTypo, .fuzzy].compactMap {
        CorrectionRule.requiredPrior(
          $0,
          best: bestPrior,
          bestExact: bestExactPrior,
          queryCharacters: query.characterCount,
          typoMatched: true
        )
      }.min() ?? Int.max
    // Without a typo match only a fuzzy hit may correct, and only when its tier can.
    let fuzzyAlone = CorrectionRule.requiredPrior(
      .fuzzy,
      best: bestPrior,
      bestExact: bestExactPrior,
      queryCharacters: query.characterCount,
      typoMatched: false
    )
    // The query's first character, which a name must begin with to correct.
    let firstCharacter = query.words.first.map { $0.bytes.prefix($0.characterEnds.first ?? 0) } ?? []
    var best: RankedCandidate?
    var scratch = MatchScratch()
    query.withView { view in
      for context in contexts {
        let segment = context.segment
        // Most popular first, so the walk stops at the first prior below the lowest requirement.
        for slot32 in segment.popular {
          let slot = Int(slot32)
          let prior = Int(segment.priors[slot])
          guard prior >= lowest else { break }
          // A title part written without its vowels is a typo made on purpose: as good as a typo match here.
          let typoMatched =
            context.typo.containsAny(slot) || (context.typo.allowsTypos && segment.hasVowelsLeftOut(slot, query: view))
          guard typoMatched || fuzzyAlone.map({ prior >= $0 }) == true, context.admits(slot) else { continue }
          let startsAlike = segment.folded.bytes[segment.folded.range(slot)].starts(with: firstCharacter)
          let twoLetterWordsAsTyped = segment.hasTwoLetterWordsAsTyped(slot, query: view)
          guard
            CorrectionRule.mayAdmit(startsAlike: startsAlike, twoLetterWordsAsTyped: twoLetterWordsAsTyped),
            let evaluation = context.evaluate(slot, query: view, matchCap: matchCap, scratch: &scratch),
            evaluation.isScored,
            CorrectionRule.admits(
              touchesFirst: evaluation.touchesFirst,
              startsAlike: startsAlike,
              twoLetterWordsAsTyped: twoLetterWordsAsTyped
            ),
            let required = CorrectionRule.requiredPrior(
              evaluation.tier,
              best: bestPrior,
              bestExact: bestExactPrior,
              queryCharacters: query.characterCount,
              typoMatched: typoMatched,
              // Only an unranked exact match can be passed at all: the title's words matter for no other.
              extendsWord: bestExactPrior == 0 && segment.hasWordTypedPast(slot, query: view)
            ),
            prior >= required
          else { continue }
          let boost = boosts.isEmpty ? 0 : max(0, boosts[segment.id(slot)] ?? 0)
          let candidate = context.candidate(slot, tier: evaluation.tier, score: evaluation.score + boost)
          if best.map({ candidate < $0 }) ?? true { best = candidate }
        }
      }
    }
    return best
  }
}

extension TypoTable {
  /// Whether some query word has a typo match (within two edits of a title word's beginning) in `slot`.
  fileprivate func containsAny(_ slot: Int) -> Bool {
    sets.indices.contains { contains(word: $0, slot: slot) }
  }
}

extension CatalogSegment {
  /// Whether some query word goes on past a word of the title of `slot` (``CorrectionRule/extends(_:by:)``), among
  /// its index words (``WordSplitter/forEachTitleWord(_:isWordStart:_:)``).
  fileprivate func hasWordTypedPast(_ slot: Int, query: QueryView) -> Bool {
    withTitle(slot) { title in
      var found = false
      WordSplitter.forEachTitleWord(title.bytes, isWordStart: title.isStart) { titleWord in
        if !found { found = query.words.contains { CorrectionRule.extends(titleWord, by: $0.bytes) } }
      }
      return found
    }
  }

  /// Whether every query word of two characters has its letters in order in the title of `slot`: not read as a
  /// typo (``CorrectionRule/admits(touchesFirst:startsAlike:twoLetterWordsAsTyped:)``).
  fileprivate func hasTwoLetterWordsAsTyped(_ slot: Int, query: QueryView) -> Bool {
    withTitle(slot) { title in
      query.words.allSatisfy { word in
        !TwoLetterTypo.applies(to: word.bytes) || FuzzyAligner.isSubsequence(title, word)
      }
    }
  }
}
