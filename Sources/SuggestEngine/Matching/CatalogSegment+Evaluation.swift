extension CatalogSegment {
  /// Evaluates one item's title against a query, scoring every tier down to `matchCap`: the evaluation of a single
  /// item outside the scan (floors, boosted items).
  ///
  /// - Parameters:
  ///   - slot: The item's slot.
  ///   - query: The prepared query (not empty), borrowed (``PreparedQuery/withView(_:)``).
  ///   - typo: The typo matches of the query words in this segment.
  ///   - matchCap: The worst tier that counts as a match.
  ///   - scoreCap: The worst tier worth scoring; `nil` for `matchCap`.
  ///   - bar: What the item must beat to enter a page (``EntryBar``).
  ///   - scratch: Reused storage.
  /// - Returns: `nil` when the item does not match.
  /// - Complexity: as
  ///   ``ItemEvaluator/evaluate(_:mask:query:typo:slot:matchCap:scoreCap:bar:knownWords:scratch:)``.
  func evaluate(
    _ slot: Int,
    query: QueryView,
    typo: TypoTable,
    matchCap: MatchTier,
    scoreCap: MatchTier? = nil,
    bar: EntryBar = .open,
    scratch: inout MatchScratch
  ) -> ItemEvaluator.Evaluation? {
    withTitle(slot) { title in
      typo.withProbe { typo in
        ItemEvaluator.evaluate(
          title,
          mask: masks[slot],
          query: query,
          typo: typo,
          slot: slot,
          matchCap: matchCap,
          scoreCap: scoreCap ?? matchCap,
          bar: bar,
          scratch: &scratch
        )
      }
    }
  }

  /// Calls `body` with the folded title of `slot` and its word starts, borrowed in place (valid only inside `body`).
  func withTitle<Result>(_ slot: Int, _ body: (TitleView) -> Result) -> Result {
    let range = folded.range(slot)
    return folded.bytes.withUnsafeBufferPointer { bytes in
      wordStarts.words.withUnsafeBufferPointer { starts in
        compoundStarts.words.withUnsafeBufferPointer { compounds in
          body(
            TitleView(
              bytes: UnsafeBufferPointer(rebasing: bytes[range]),
              starts: starts,
              compounds: compounds,
              base: range.lowerBound
            )
          )
        }
      }
    }
  }

  /// Whether some word of `query` is a part of `slot`'s title written without its vowels
  /// (``TitleMatcher/hasVowelsLeftOut(_:_:characters:)``: "jtr" → jiter), which ranks as a typo hit.
  ///
  /// - Complexity: O(1) for most items (their letter mask lacks a letter of every word), else O(|title| · words).
  func hasVowelsLeftOut(_ slot: Int, query: QueryView) -> Bool {
    let mask = masks[slot]
    guard query.words.contains(where: { $0.mask & ~mask == 0 }) else { return false }
    return withTitle(slot) { title in
      query.words.contains {
        $0.mask & ~mask == 0 && TitleMatcher.hasVowelsLeftOut(title, $0.bytes, characters: $0.ends.count)
      }
    }
  }

  /// The rank key of `slot` matched in `tier`: `score` (the tier's base plus quality, plus any boost) with the
  /// item's prior added, its folded title length and its item `index`; `recency` for a chosen item (see
  /// ``RankKey/init(band:score:length:index:recency:)``).
  func rankKey(_ slot: Int, tier: MatchTier, score: Int, index: Int, recency: Int? = nil) -> RankKey {
    RankKey(
      band: tier.band,
      score: score + RankingRules.prior(Int(priors[slot]), tier: tier),
      length: folded.range(slot).count,
      index: index,
      recency: recency
    )
  }
}

extension SegmentContext {
  /// Evaluates one item of the segment with the query's typo matches in it (see
  /// ``CatalogSegment/evaluate(_:query:typo:matchCap:scratch:)``).
  func evaluate(
    _ slot: Int,
    query: QueryView,
    matchCap: MatchTier,
    scoreCap: MatchTier? = nil,
    bar: EntryBar = .open,
    scratch: inout MatchScratch
  ) -> ItemEvaluator.Evaluation? {
    segment.evaluate(
      slot,
      query: query,
      typo: typo,
      matchCap: matchCap,
      scoreCap: scoreCap,
      bar: bar,
      scratch: &scratch
    )
  }

  /// The rank key of `slot` matched in `tier` with `score` (the tier's base plus quality, plus any boost; the prior
  /// is added): see ``CatalogSegment/rankKey(_:tier:score:index:recency:)``.
  func rankKey(_ slot: Int, tier: MatchTier, score: Int, recency: Int? = nil) -> RankKey {
    segment.rankKey(slot, tier: tier, score: score, index: index(of: slot), recency: recency)
  }

  /// The candidate `slot` matched in `tier` with `score`, keyed as by ``rankKey(_:tier:score:recency:)``.
  func candidate(_ slot: Int, tier: MatchTier, score: Int, recency: Int? = nil) -> RankedCandidate {
    RankedCandidate(
      key: rankKey(slot, tier: tier, score: score, recency: recency),
      tier: tier,
      slot: Int32(slot),
      segment: ordinal
    )
  }
}
