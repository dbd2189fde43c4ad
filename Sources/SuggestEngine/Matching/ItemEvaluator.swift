/// Matches one title against a prepared query: the item's tier (the worst of its words' best tiers, unless the
/// whole query is an exact or prefix match) and its quality (``MatchScoring``: the first- and last-word signs of any
/// word, the tier-specific quality of the weakest word).
enum ItemEvaluator {
  /// The outcome for an item.
  struct Evaluation {
    /// The tier (meaningful only when `isScored`).
    var tier: MatchTier
    /// The quality (meaningful only when `isScored`).
    var quality: Int
    /// False when the item matches in a tier worse than the score cap (it only counts).
    var isScored: Bool

    /// The score without prior and boost: the tier's base plus the quality.
    var score: Int { MatchScoring.base(tier) + quality }
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
  ///   - scoreCap: The worst tier worth scoring (exact matches are always scored).
  ///   - scratch: Reused storage.
  /// - Returns: `nil` when the item does not match.
  /// - Complexity: O(|title| · |query|) (O(word starts · |word|²) for acronyms and typo signs).
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
    for w in query.words.indices where query.words[w].mask & ~mask != 0 {
      if typo.distance(word: w, slot: slot) == nil { return nil }
    }
    let lead = title.count > 0 ? title.bytes[0] : TextFolder.separator
    if lead == query.compactLead || lead == TextFolder.separator,
      let (tier, quality) = TitleMatcher.wholeQuery(title, query, matchCap: matchCap, scoreCap: scoreCap)
    {
      return Evaluation(tier: tier, quality: quality, isScored: tier == .exact || tier <= scoreCap)
    }
    if scoreCap < .wordPrefix && matchCap == .scattered {
      // Counting only: every word is a subsequence of the title or has a typo match (the letter mask decides a word
      // of one ASCII letter).
      for w in query.words.indices {
        if query.words[w].mask & ~mask == 0
          && (query.words[w].isOneLetter
            || query.words[w].bytes.withUnsafeBufferPointer {
              FuzzyAligner.isSubsequence(title, $0, ends: query.words[w].characterEnds)
            })
        {
          continue
        }
        if typo.distance(word: w, slot: slot) == nil { return nil }
      }
      return Evaluation(tier: .scattered, quality: 0, isScored: false)
    }
    let geometry = scoreCap >= .wordPrefix ? title.geometry : TitleGeometry(second: Int.min, last: Int.max)
    var tier = MatchTier.wordPrefix
    var first = false
    var last = false
    var specific = MatchScoring.specific
    var isScored = scoreCap >= .wordPrefix
    for (w, word) in query.words.enumerated() {
      let cap = isScored ? scoreCap : .exact
      let outcome: TitleMatcher.WordOutcome =
        word.mask & ~mask == 0
        ? TitleMatcher.word(title, word, geometry: geometry, matchCap: matchCap, scoreCap: cap, scratch: &scratch)
        : .none
      // Tiers in order: strong ones (from `word`), whole-word typo, fuzzy, partial typo, scattered.
      var resolved: (MatchTier, WordSigns)?
      var counted = false
      switch outcome {
      case .matched(let wordTier, let signs):
        resolved = (wordTier, signs)
      case .worse:
        counted = true
      case .none, .scattered, .belowSubstring:
        if let distance = typo.wholeDistance(word: w, slot: slot) {
          if cap >= .typo {
            resolved = (.typo, typoSigns(title, word, distance: distance, whole: true, geometry, &scratch))
          } else {
            counted = true
          }
        } else {
          var loose = outcome
          if case .belowSubstring = outcome {
            loose = TitleMatcher.loose(title, word, geometry: geometry, scoreCap: cap, scratch: &scratch)
          }
          switch loose {
          case .matched(let wordTier, let signs):
            resolved = (wordTier, signs)
          case .worse:
            counted = true
          default:
            if let distance = typo.distance(word: w, slot: slot) {
              if cap >= .partialTypo {
                resolved = (.partialTypo, typoSigns(title, word, distance: distance, whole: false, geometry, &scratch))
              } else {
                counted = true
              }
            } else if case .scattered = loose, matchCap >= .scattered {
              if cap >= .scattered,
                let score = word.bytes.withUnsafeBufferPointer({
                  FuzzyAligner.score(title, $0, ends: word.characterEnds, scratch: &scratch.rows)
                })
              {
                let closeness = MatchScoring.closeness(score, characters: word.characterEnds.count)
                let (first, last) = word.bytes.withUnsafeBufferPointer {
                  FuzzyAligner.reach(title, $0, ends: word.characterEnds, geometry: geometry)
                }
                resolved = (.scattered, WordSigns(first: first, last: last, specific: closeness))
              } else {
                counted = true
              }
            } else {
              return nil
            }
          }
        }
      }
      if let (wordTier, signs) = resolved {
        if wordTier <= scoreCap && isScored {
          tier = max(tier, wordTier)
          first = first || signs.first
          last = last || signs.last
          specific = min(specific, signs.specific)
        } else {
          isScored = false
        }
      } else if counted {
        isScored = false
      }
    }
    let quality = MatchScoring.quality(first: first, last: last, specific: specific)
    return Evaluation(tier: tier, quality: quality, isScored: isScored)
  }

  /// The signs of a typo match found in the index (falling back to none should the locator disagree).
  private static func typoSigns(
    _ title: TitleView,
    _ word: PreparedQuery.Word,
    distance: Int,
    whole: Bool,
    _ geometry: TitleGeometry,
    _ scratch: inout MatchScratch
  ) -> WordSigns {
    let signs = word.bytes.withUnsafeBufferPointer { bytes in
      TypoLocator.signs(
        title,
        bytes,
        budget: word.typoBudget,
        whole: whole,
        geometry: geometry,
        scratch: &scratch.editRows
      )
    }
    return signs ?? WordSigns(first: false, last: false, isSpecific: distance <= 1)
  }
}
