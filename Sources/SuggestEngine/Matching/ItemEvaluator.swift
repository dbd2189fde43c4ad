/// Matches one title against a prepared query: the item's tier (the worst of its words' best tiers, unless the
/// whole query is an exact or prefix match) and its quality (the sum of its words' qualities).
enum ItemEvaluator {
  /// The outcome for an item.
  struct Evaluation {
    /// The tier (meaningful only when `isScored`).
    var tier: MatchTier
    /// The quality (meaningful only when `isScored`).
    var quality: Int
    /// False when the item matches in a tier worse than the score cap (it only counts).
    var isScored: Bool
  }

  /// The quality of a typo match with `distance` edits.
  @inline(__always) static func typoQuality(_ distance: Int) -> Int {
    MatchScoring.typoOneEdit * (2 - distance)
  }

  /// Evaluates a title.
  ///
  /// - Parameters:
  ///   - title: The folded title.
  ///   - mask: Its letter mask.
  ///   - query: The prepared query (not empty).
  ///   - typo: The typo matches of the query words (none when the mode allows no typos).
  ///   - slot: The item's slot (to look up typo matches).
  ///   - matchCap: The worst tier that counts as a match in this mode.
  ///   - scoreCap: The worst tier worth scoring.
  ///   - scratch: Reused storage.
  /// - Returns: `nil` when the item does not match.
  /// - Complexity: O(|title| · |query|) (O(|title| · |word|²) for acronyms).
  @inline(__always)
  static func evaluate(
    _ title: TitleView,
    mask: UInt32,
    query: PreparedQuery,
    typo: TypoProbe,
    slot: Int,
    matchCap: MatchTier,
    scoreCap: MatchTier,
    scratch: inout MatchScratch
  ) -> Evaluation? {
    for (w, word) in query.words.enumerated() where word.mask & ~mask != 0 {
      if typo.distance(word: w, slot: slot) == nil { return nil }
    }
    if let (tier, quality) = TitleMatcher.wholeQuery(title, query) {
      return Evaluation(tier: tier, quality: quality, isScored: true)
    }
    var tier = MatchTier.wordPrefix
    var quality = 0
    var isScored = true
    for (w, word) in query.words.enumerated() {
      let outcome: TitleMatcher.WordOutcome =
        word.mask & ~mask == 0
        ? TitleMatcher.word(title, word, matchCap: matchCap, scoreCap: isScored ? scoreCap : .exact, scratch: &scratch)
        : .none
      switch outcome {
      case .matched(let wordTier, let wordQuality):
        tier = max(tier, wordTier)
        quality += wordQuality
      case .worse:
        isScored = false
      case .none, .scattered:
        if let distance = typo.distance(word: w, slot: slot) {
          if scoreCap >= .typo && isScored {
            tier = max(tier, .typo)
            quality += typoQuality(distance)
          } else {
            isScored = false
          }
        } else if case .scattered = outcome, matchCap >= .scattered {
          if scoreCap >= .scattered && isScored,
            let score = word.bytes.withUnsafeBufferPointer({
              FuzzyAligner.score(title, $0, ends: word.characterEnds, scratch: &scratch.rows)
            })
          {
            tier = .scattered
            quality += score
          } else {
            isScored = false
          }
        } else {
          return nil
        }
      }
    }
    return Evaluation(tier: tier, quality: quality, isScored: isScored)
  }
}
