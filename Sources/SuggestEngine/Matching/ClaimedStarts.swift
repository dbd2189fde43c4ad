/// The title word starts that the word-prefix words of a query claim, and what an acronym word may still match off
/// them: each query word needs title words of its own (``ItemEvaluator``), so initials on a word another query word
/// begins ("pyd-pat" on pydantic-ai-todo) are letters, not an acronym.
enum ClaimedStarts {
  /// The claimed starts, as ordinals of the title's word starts (bit *k* for the *k*-th): those where a word-prefix
  /// word begins and could begin nowhere else (`starts`, per word, from ``TitleMatcher/wordPrefixStarts(_:_:)``;
  /// 0 for the other words).
  static func ordinals(_ starts: SIMD8<UInt64>, count: Int) -> UInt64 {
    var claimed: UInt64 = 0
    for w in 0..<min(count, 8) where starts[w].nonzeroBitCount == 1 { claimed |= starts[w] }
    return claimed
  }

  /// Whether each acronym word (`acronymWords`, a bit per word) still matches with its initials off the claimed
  /// starts.
  static func initialsAvoid(
    _ title: TitleView,
    _ words: UnsafeBufferPointer<WordView>,
    acronymWords: Int,
    starts: SIMD8<UInt64>,
    typo: TypoProbe,
    slot: Int,
    _ scratch: inout MatchScratch
  ) -> Bool {
    let claimed = ordinals(starts, count: words.count)
    guard claimed != 0 else { return true }
    for w in words.indices where acronymWords & (1 << w) != 0 {
      let joins = typo.wholeDistance(word: w, slot: slot) != 1
      if !TitleMatcher.isAcronym(title, words[w], avoiding: claimed, joins: joins, scratch: &scratch) { return false }
    }
    return true
  }

  /// The fuzzy reading of each acronym word (`acronymWords`, a bit per word) in a title part (separator-delimited)
  /// with no claimed start, for an item whose initials could not avoid them: the words whose reading touches the
  /// title's first word and its last (bit per word), and the weakest closeness; `nil` when some word has none.
  ///
  /// - Complexity: O(|title| · |word|²) per acronym word; run only for items whose initials ran into a claimed start.
  static func fuzzyReadings(
    _ title: TitleView,
    _ words: UnsafeBufferPointer<WordView>,
    acronymWords: Int,
    starts: SIMD8<UInt64>,
    geometry: TitleGeometry,
    scratch: inout MatchScratch
  ) -> (firstWords: Int, lastWords: Int, specific: Int)? {
    let claimed = ordinals(starts, count: words.count)
    var positions: [Int] = []
    var ordinal = 0
    title.forEachStart { position in
      if ordinal < 64 && claimed & (1 << UInt64(ordinal)) != 0 { positions.append(position) }
      ordinal += 1
    }
    var firstWords = 0
    var lastWords = 0
    var specific = MatchScoring.specific
    for w in words.indices where acronymWords & (1 << w) != 0 {
      let word = words[w]
      guard
        let signs = FuzzyAligner.signsInOneWord(
          title,
          word.bytes,
          ends: word.ends,
          geometry: geometry,
          avoiding: positions,
          scratch: &scratch.rows
        )
      else { return nil }
      if signs.first { firstWords |= 1 << w }
      if signs.last { lastWords |= 1 << w }
      specific = min(specific, signs.specific)
    }
    return (firstWords, lastWords, specific)
  }
}
