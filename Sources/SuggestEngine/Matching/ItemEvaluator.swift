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
      // Tiers in order: strong ones (from `word`), whole-word typo, fuzzy, partial typo, scattered.
      var resolved: (MatchTier, Int)?
      var counted = false
      switch outcome {
      case .matched(let wordTier, let wordQuality):
        resolved = (wordTier, wordQuality)
      case .worse:
        counted = true
      case .none, .scattered, .belowSubstring:
        if let distance = typo.wholeDistance(word: w, slot: slot) {
          resolved = (.typo, typoQuality(distance))
        } else {
          var loose = outcome
          if case .belowSubstring = outcome {
            loose = TitleMatcher.loose(title, word, scoreCap: isScored ? scoreCap : .exact, scratch: &scratch)
          }
          switch loose {
          case .matched(let wordTier, let wordQuality):
            resolved = (wordTier, wordQuality)
          case .worse:
            counted = true
          default:
            if let distance = typo.distance(word: w, slot: slot) {
              resolved = (.partialTypo, typoQuality(distance))
            } else if case .scattered = loose, matchCap >= .scattered {
              if scoreCap >= .scattered && isScored,
                let score = word.bytes.withUnsafeBufferPointer({
                  FuzzyAligner.score(title, $0, ends: word.characterEnds, scratch: &scratch.rows)
                })
              {
                resolved = (.scattered, score)
              } else {
                counted = true
              }
            } else {
              return nil
            }
          }
        }
      }
      if let (wordTier, wordQuality) = resolved {
        if wordTier <= scoreCap && isScored {
          tier = max(tier, wordTier)
          quality += wordQuality
        } else {
          isScored = false
        }
      } else if counted {
        isScored = false
      }
    }
    return Evaluation(tier: tier, quality: quality, isScored: isScored)
  }
}
