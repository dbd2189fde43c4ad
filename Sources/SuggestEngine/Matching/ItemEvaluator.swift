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
    /// Whether the query's first word touches the title's first word (the first-word sign; meaningful only when
    /// `isScored`).
    var touchesFirst = false

    /// The score without prior and boost (``MatchScoring/score(_:quality:)``).
    var score: Int { MatchScoring.score(tier, quality: quality) }
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
  ///   - bar: What the item must beat to enter the page: a query of several words stops scoring once the words
  ///     matched so far rule it out (the item is then only counted).
  ///   - knownWords: How many leading query words the title is known to have the letters or a typo match of (a
  ///     refinement's previous match, ``SegmentContext/previousMatches``): they are not looked for again.
  ///   - startsWords: `false` when a scan knows that some query word starts no title word (the slot is outside its
  ///     word-prefix set): a one-word query then has no word-prefix match to look for.
  ///   - scratch: Reused storage.
  /// - Returns: `nil` when the item does not match.
  /// - Complexity: O(|title| · |query|) (O(word starts · |word|²) for acronyms and typo signs).
  @inline(__always)
  static func evaluate(
    _ title: TitleView,
    mask: UInt32,
    query: QueryView,
    typo: TypoProbe,
    slot: Int,
    matchCap: MatchTier,
    scoreCap: MatchTier,
    bar: EntryBar = .open,
    knownWords: Int = 0,
    startsWords: Bool = true,
    scratch: inout MatchScratch
  ) -> Evaluation? {
    let words = query.words
    guard hasLettersInOrder(title, mask: mask, query: query, typo: typo, slot: slot, knownWords: knownWords) else {
      return nil
    }
    let lead = title.count > 0 ? title.bytes[0] : TextFolder.separator
    if lead == query.compactLead || lead == TextFolder.separator,
      let (tier, quality) = TitleMatcher.wholeQuery(title, query, matchCap: matchCap, scoreCap: scoreCap)
    {
      return Evaluation(
        tier: tier,
        quality: quality,
        isScored: tier == .exact || tier <= scoreCap,
        touchesFirst: true
      )
    }
    var scoreCap = scoreCap
    if matchCap == .scattered && scoreCap >= .wordPrefix && scoreCap < .fuzzy
      && !mayReach(
        scoreCap,
        title,
        mask: mask,
        words: words,
        startsWords: startsWords || words.count > 1,
        typo: typo,
        slot: slot
      )
    {
      // No tier up to the cap within reach, and nothing below is scored: the item can only be counted.
      scoreCap = .prefix
    }
    if scoreCap < .wordPrefix && matchCap == .scattered {
      // Counting only: every word is a subsequence of the title or has a typo match (checked above).
      return Evaluation(tier: .scattered, quality: 0, isScored: false)
    }
    return evaluateWords(
      title,
      mask: mask,
      words: words,
      endsWithSeparator: query.endsWithSeparator,
      mayShareStarts: query.hasNestedWords || query.sharesInitials,
      typo: typo,
      slot: slot,
      matchCap: matchCap,
      scoreCap: scoreCap,
      bar: bar,
      scratch: &scratch
    )
  }

  /// Whether every query word from `knownWords` on has its letters in order in the title, or a typo match there:
  /// what every tier needs (the typo tiers the typo match, the others the letters in order). Most titles that pass
  /// the letter mask of a short query fail this, and it is cheaper than any tier's test, so a scan checks it first.
  /// The first `knownWords` are known to pass (a refinement's previous matches).
  ///
  /// - Complexity: O(|title| · |query|).
  @inline(__always)
  static func hasLettersInOrder(
    _ title: TitleView,
    mask: UInt32,
    query: QueryView,
    typo: TypoProbe,
    slot: Int,
    knownWords: Int = 0
  ) -> Bool {
    let words = query.words
    for w in min(knownWords, words.count)..<words.count {
      let word = words[w]
      if word.mask & ~mask == 0 && (word.isOneLetter || FuzzyAligner.isSubsequence(title, word)) { continue }
      if typo.distance(word: w, slot: slot) == nil { return false }
    }
    return true
  }

  /// Whether a word-prefix or acronym match of `query` could touch the title's last (separator-delimited) word and
  /// earn ``MatchScoring/last``: both tiers match each query word, or each part of it, at a title word start, and no
  /// word spans a separator, so some query byte must stand at a word start (or an acronym's initial at a compound
  /// start) inside the last word.
  ///
  /// - Complexity: O(|last word|).
  static func mayTouchLastWord(_ title: TitleView, _ query: QueryView) -> Bool {
    let separator = TextFolder.separator
    var end = title.count
    while end > 0 && title.bytes[end - 1] == separator { end -= 1 }
    var start = end
    while start > 0 && title.bytes[start - 1] != separator { start -= 1 }
    // The query's letter mask stands for its bytes: a byte outside it is none of them.
    var touches = false
    title.forEachInitialStart(from: start) { position in
      if LetterMask.bit(title.bytes[position]) & query.mask != 0 { touches = true }
    }
    return touches
  }

  /// A cheap necessary condition for every word to match in a tier from word prefix to `cap` (below fuzzy), for
  /// an item that is no exact or prefix match of the whole query. Per word, any of:
  /// - a whole-word typo match, or a title part without its vowels, when `cap` reaches typo;
  /// - its letters are in the title, and it occurs in the title (substring, which a word prefix is too), when `cap`
  ///   reaches substring, else it starts a title word (word prefix);
  /// - its letters are in the title and, when `cap` reaches acronym, the first bytes of its characters begin title
  ///   words in order (acronym).
  ///
  /// A typo-like query ("seel", "tesn") matches tens of thousands of names only loosely: most of them are not worth
  /// scoring, and this spares them the full per-word tiers.
  ///
  /// `startsWords`: whether a word may start a title word (`false`: the scan knows none does).
  ///
  /// - Complexity: O((|title| + word starts) · |query|).
  @inline(__always)
  private static func mayReach(
    _ cap: MatchTier,
    _ title: TitleView,
    mask: UInt32,
    words: UnsafeBufferPointer<WordView>,
    startsWords: Bool,
    typo: TypoProbe,
    slot: Int
  ) -> Bool {
    let acronyms = cap >= .acronym
    for w in words.indices {
      let word = words[w]
      if cap >= .typo
        && (typo.wholeDistance(word: w, slot: slot) != nil
          || (typo.allowsTypos && TitleMatcher.hasVowelsLeftOut(title, word.bytes, characters: word.ends.count)))
      {
        continue
      }
      guard word.mask & ~mask == 0 else { return false }
      let bytes = word.bytes
      let ends = word.ends
      // The characters whose first bytes begin title words (or compound words' inner words), greedily in order.
      var leads = 0
      var next = bytes[0]
      title.forEachInitialStart { position in
        guard leads < ends.count, title.bytes[position] == next else { return }
        leads += 1
        if leads < ends.count { next = bytes[ends[leads - 1]] }
      }
      if acronyms && leads == ends.count && ends.count >= 2 && bytes.count <= TitleMatcher.maximumAcronymLength {
        continue
      }
      if acronyms && ends.count >= TitleMatcher.joinedPrefixesMinimumCharacters
        && bytes.count <= TitleMatcher.maximumAcronymLength
      {
        // Joined word prefixes: the first piece, two characters or more, starts the title's first word.
        if let first = title.firstStart, title.matches(UnsafeBufferPointer(rebasing: bytes[0..<ends[1]]), at: first) {
          continue
        }
      }
      if cap >= .substring {
        if title.contains(bytes) { continue }
        return false
      }
      if leads == 0 || !startsWords || !title.hasWord(startingWith: bytes) { return false }
    }
    return true
  }

  /// The per-word part of ``evaluate(_:mask:query:typo:slot:matchCap:scoreCap:bar:knownWords:scratch:)``, for a
  /// title that is neither an exact nor a prefix match and may need a score.
  @inline(__always)
  private static func evaluateWords(
    _ title: TitleView,
    mask: UInt32,
    words: UnsafeBufferPointer<WordView>,
    endsWithSeparator: Bool,
    mayShareStarts: Bool,
    typo: TypoProbe,
    slot: Int,
    matchCap: MatchTier,
    scoreCap: MatchTier,
    bar: EntryBar,
    scratch: inout MatchScratch
  ) -> Evaluation? {
    let geometry = scoreCap >= .wordPrefix ? title.geometry : TitleGeometry(second: Int.min, last: Int.max)
    var tier = MatchTier.wordPrefix
    var first = false
    var last = false
    // The tier-specific quality is combined by kind of word
    // (``MatchScoring/combinedSpecific(strong:loose:edits:unlikely:neighbourKeys:)``).
    var strongSpecific = MatchScoring.specific
    var looseSpecific = MatchScoring.specific
    // Kept apart: an acronym word may be read again, as a fuzzy match (``ClaimedStarts``).
    var acronymSpecific = MatchScoring.specific
    var edits: Int?
    // How many of the typo words' edits are no slip of a finger.
    var unlikely = 0
    // How many are a key beside the one meant.
    var neighbourKeys = 0
    var isScored = scoreCap >= .wordPrefix
    // When two words may share a title word's start (nested words, "pytest p", or shared initials, "pyd pat"), the
    // word starts of each word-prefix word, to check that each word begins title words of its own.
    let checksStarts = mayShareStarts && matchCap == .scattered && words.count <= 8
    var starts = SIMD8<UInt64>()
    var startsKnown = checksStarts
    // The words matched as acronyms (bit per word), whose initials must avoid the word-prefix words' starts.
    var acronymWords = 0
    // Whether some word's match touches the title's first word: an acronym needs one (``initialsMidName``).
    var anyTouchesFirst = false
    // The scored words whose match touches the title's first word, and its last (bit per word): the signs again,
    // should an acronym word be read again.
    var firstWords = 0
    var lastWords = 0
    for w in words.indices {
      let word = words[w]
      let cap = isScored ? scoreCap : .exact
      var outcome: TitleMatcher.WordOutcome =
        word.mask & ~mask == 0
        ? TitleMatcher.word(
          title,
          word,
          geometry: geometry,
          matchCap: matchCap,
          scoreCap: cap,
          // A word one edit from a whole title word reads as that word mistyped ("djanfo" → django), not as word
          // starts run together ("djan|fo" → django-formtools).
          joins: typo.wholeDistance(word: w, slot: slot) != 1,
          scratch: &scratch
        )
        : .none
      if case .matched(.substring, _) = outcome, words.count >= 2,
        !WordsRunTogether.hasFewerParts(title, than: words.count)
      {
        // Inside a title word, one of several words is a substring match only in a title of fewer parts (a compound
        // typed as words: "tensr flow"); where each word may have a title word of its own, one found inside another
        // is letters that happen to be there ("ntd-nts" in streamlit-antd-components), for the weaker tiers.
        outcome = .belowSubstring
      }
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
          if cap >= .typo
            && typoMayEnter(
              title,
              word,
              at: w,
              of: words.count,
              endsWithSeparator: endsWithSeparator,
              tier: tier,
              first: first,
              last: last,
              looseSpecific: looseSpecific,
              acronymSpecific: acronymSpecific,
              edits: edits,
              acronymWords: acronymWords,
              checksStarts: checksStarts,
              geometry: geometry,
              bar
            )
          {
            resolved = (.typo, typoSigns(title, word, distance: distance, whole: true, geometry, &scratch))
          } else {
            counted = true
          }
        } else if cap >= .typo, typo.allowsTypos,
          let signs = TitleMatcher.vowelsLeftOut(title, word.bytes, characters: word.ends.count, geometry: geometry)
        {
          // A title part without its vowels ("srvr" → server): a typo made on purpose.
          resolved = (.typo, signs)
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
                resolved = (
                  .partialTypo, typoSigns(title, word, distance: distance, whole: false, geometry, &scratch)
                )
              } else {
                counted = true
              }
            } else if case .scattered = loose, matchCap >= .scattered {
              if cap >= .scattered,
                let score = FuzzyAligner.score(title, word.bytes, ends: word.ends, scratch: &scratch.rows)
              {
                let closeness = MatchScoring.closeness(score, characters: word.ends.count)
                let (first, last) = FuzzyAligner.reach(title, word.bytes, ends: word.ends, geometry: geometry)
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
        if startsKnown && wordTier == .wordPrefix && isScored {
          if let found = TitleMatcher.wordPrefixStarts(title, word.bytes) {
            starts[w] = found
          } else {
            startsKnown = false
          }
        }
        if wordTier == .acronym { acronymWords |= 1 << w }
        anyTouchesFirst = anyTouchesFirst || signs.first
        if wordTier <= scoreCap && isScored {
          tier = max(tier, wordTier)
          if signs.first { firstWords |= 1 << w }
          if signs.last { lastWords |= 1 << w }
          first = first || (signs.first && w == 0)
          if !endsWithSeparator {
            last = last || signs.last
          } else if w == words.count - 1 {
            // After a separator typed at the end only the last word's match tells whether the name goes on.
            last = MatchScoring.earnsLast(touchesLast: signs.last, endsWithSeparator: true)
          }
          switch wordTier {
          case .typo, .partialTypo:
            edits =
              (edits ?? 0)
              + MatchScoring.scoredEdits(signs.edits, changesFirstLetter: signs.changesFirstLetter, isFirstWord: w == 0)
            unlikely += signs.unlikelyEdits
            neighbourKeys += signs.neighbourKeyEdits
          case .acronym: acronymSpecific = min(acronymSpecific, signs.specific)
          case .substring, .fuzzy, .scattered: looseSpecific = min(looseSpecific, signs.specific)
          default: strongSpecific = min(strongSpecific, signs.specific)
          }
        } else {
          isScored = false
        }
      } else if counted {
        isScored = false
      }
      if isScored && w < words.count - 1 {
        // The best the item can still reach; below the bar, the rest of the query is only matched, not scored. A
        // later word may touch the last word. A word-prefix hit whose words so far are whole title words may still
        // turn out to be the title's words in another order, with every sign (``ReorderedWords``).
        let mayReorder = tier == .wordPrefix && strongSpecific == MatchScoring.specific && !endsWithSeparator
        let best = bestScore(
          tier,
          first: first || mayReorder,
          last: true,
          loose: min(looseSpecific, acronymSpecific),
          edits: edits,
          mayCoverTitle: true
        )
        if !bar.mayEnter(band: tier.band, upTo: best)
          && !mayEnterReadAgain(
            title,
            tier: tier,
            first: first,
            looseSpecific: looseSpecific,
            edits: edits,
            words: words.count,
            acronymWords: acronymWords,
            checksStarts: checksStarts,
            bar
          )
        {
          isScored = false
        }
      }
    }
    var sharesWords =
      isScored && startsKnown
      && (tier == .wordPrefix
        ? !TitleMatcher.hasDistinctStarts(starts, count: words.count)
        : acronymWords != 0
          && !ClaimedStarts.initialsAvoid(
            title,
            words,
            acronymWords: acronymWords,
            starts: starts,
            typo: typo,
            slot: slot,
            &scratch
          ))
    if sharesWords && tier != .wordPrefix && MatchTier.fuzzy <= scoreCap,
      let readings = ClaimedStarts.fuzzyReadings(
        title,
        words,
        acronymWords: acronymWords,
        starts: starts,
        geometry: geometry,
        scratch: &scratch
      )
    {
      // Initials on a title word another word claims may still be letters of a title word of the acronym word's own
      // ("code-ft-tools" on code-fmt-tools: `ft` in fmt, not f… t… on tools): a fuzzy match, not letters only.
      sharesWords = false
      tier = max(tier, .fuzzy)
      acronymSpecific = readings.specific
      firstWords = firstWords & ~acronymWords | readings.firstWords
      lastWords = lastWords & ~acronymWords | readings.lastWords
      first = firstWords & 1 != 0
      last =
        endsWithSeparator
        ? MatchScoring.earnsLast(touchesLast: lastWords >> (words.count - 1) & 1 != 0, endsWithSeparator: true)
        : lastWords != 0
    }
    // Loose words in fewer title parts than words ("mee-get" in mergepythonclient) that, run together, do not spell
    // the title either (``WordsRunTogether``).
    let crowdsParts =
      isScored && !sharesWords && words.count >= 2 && tier.band == .weak && tier != .scattered
      && WordsRunTogether.hasFewerParts(title, than: words.count)
      && !WordsRunTogether.spell(title, words, scratch: &scratch)
    // Initials from the middle of a name, with no query word at its beginning ("mshmr" on
    // iflow-mcp-sundayz-hunter-mcp-recon): letters that occur in order, not an abbreviation typed on purpose.
    let initialsMidName = isScored && tier == .acronym && !anyTouchesFirst
    if sharesWords || crowdsParts || initialsMidName {
      // Two words on one title word ("pytest-p" on pytest, "pyd-pat" on pydantic-ai-todo), or initials from the
      // middle: the letters are there, not the words.
      isScored = MatchTier.scattered <= scoreCap
      let quality = MatchScoring.quality(first: first, last: last, specific: 0)
      return Evaluation(tier: .scattered, quality: quality, isScored: isScored, touchesFirst: first)
    }
    let specific = MatchScoring.combinedSpecific(
      strong: strongSpecific,
      loose: min(looseSpecific, acronymSpecific),
      edits: edits,
      unlikely: unlikely,
      neighbourKeys: neighbourKeys
    )
    var quality = MatchScoring.quality(first: first, last: last, specific: specific)
    if tier == .wordPrefix && isScored && !endsWithSeparator && ReorderedWords.match(title, words) {
      // The title's words in another order: every sign, as in the title's order.
      quality = MatchScoring.maximumQuality
    }
    if tier == .typo && isScored && coversTitle(title, words: words.count, first: first, last: last, endsWithSeparator)
    {
      quality += MatchScoring.coversTitle
    }
    return Evaluation(tier: tier, quality: quality, isScored: isScored, touchesFirst: first)
  }

  /// Whether a hit covers the whole title (``MatchScoring/coversTitle``): its `words`, as many as the title's
  /// separator-delimited words, touch the first and the last, and no separator typed after them says the name goes on.
  ///
  /// - Complexity: O(|title|).
  private static func coversTitle(
    _ title: TitleView,
    words: Int,
    first: Bool,
    last: Bool,
    _ endsWithSeparator: Bool
  ) -> Bool {
    first && last && !endsWithSeparator && WordsRunTogether.partCount(title, upTo: words + 1) == words
  }

  /// Whether an item of the weak band, scored so far in `tier` but below the bar, might still enter once its words
  /// are read again at the end (``evaluateWords``), which can raise its score:
  /// - as letters only (``MatchTier/scattered`` with no tier-specific quality), for words that share a title word or
  ///   crowd too few parts: that reading drops the typo words' edits (`ts tatst ase s` on "tas TaéstasSas_e": a
  ///   partial typo at -15, letters only at 36);
  /// - with its acronym words read as fuzzy matches (``ClaimedStarts/fuzzyReadings``), whose quality replaces the
  ///   initials' (two initials cost ``MatchScoring/twoInitials``) and whose signs may touch the first word.
  @inline(__always)
  private static func mayEnterReadAgain(
    _ title: TitleView,
    tier: MatchTier,
    first: Bool,
    looseSpecific: Int,
    edits: Int?,
    words: Int,
    acronymWords: Int,
    checksStarts: Bool,
    _ bar: EntryBar
  ) -> Bool {
    guard tier.band == MatchTier.scattered.band else { return false }
    if checksStarts && acronymWords != 0 {
      let specific = MatchScoring.combinedSpecific(strong: MatchScoring.specific, loose: looseSpecific, edits: edits)
      let quality = MatchScoring.quality(first: true, last: true, specific: specific)
      if bar.mayEnter(band: tier.band, upTo: MatchScoring.score(max(tier, .fuzzy), quality: quality)) { return true }
    }
    let quality = MatchScoring.quality(first: first, last: true, specific: 0)
    return bar.mayEnter(band: tier.band, upTo: MatchScoring.score(.scattered, quality: quality))
      && (checksStarts || WordsRunTogether.hasFewerParts(title, than: words))
  }

  /// The best score, without its prior, that a hit scored so far in `tier` can still reach: the words left can only
  /// worsen its tier and its tier-specific quality (the strong words' quality counts as the most: a later typo word
  /// would replace it with its edits'), and it earns the first- and last-word signs only where `first` and `last` say
  /// it still may. A substring or typo hit may still end as a typo hit (the same base) that covers the title, unless
  /// `mayCoverTitle` says it cannot. `loose` is the lowest tier-specific quality of its loose and acronym words so
  /// far, `edits` the edits of its typo words so far (`nil`: none).
  @inline(__always)
  private static func bestScore(
    _ tier: MatchTier,
    first: Bool,
    last: Bool,
    loose: Int,
    edits: Int?,
    mayCoverTitle: Bool
  ) -> Int {
    let specific = MatchScoring.combinedSpecific(strong: MatchScoring.specific, loose: loose, edits: edits)
    let quality = MatchScoring.quality(first: first, last: last, specific: specific)
    return tier.band == .weak && tier <= .typo && mayCoverTitle
      ? MatchScoring.score(.typo, quality: quality + MatchScoring.coversTitle)
      : MatchScoring.score(tier, quality: quality)
  }

  /// Whether a hit may still pass `bar` with word `w` read as a whole-word typo: its best score with the signs that
  /// typo could earn (``TypoLocator/reach(_:_:budget:geometry:)``), the most the words after it could add (as
  /// between words) and the readings at the end (``mayEnterReadAgain``). Checked before the typo's signs, which cost
  /// an edit distance per title word: most typo hits of a large family (`djangou` on the django-… names) cannot
  /// touch the title's last word, and without that sign fall short of a long page.
  @inline(__always)
  private static func typoMayEnter(
    _ title: TitleView,
    _ word: WordView,
    at w: Int,
    of words: Int,
    endsWithSeparator: Bool,
    tier: MatchTier,
    first: Bool,
    last: Bool,
    looseSpecific: Int,
    acronymSpecific: Int,
    edits: Int?,
    acronymWords: Int,
    checksStarts: Bool,
    geometry: TitleGeometry,
    _ bar: EntryBar
  ) -> Bool {
    guard bar.worst != nil else { return true }
    let reach = TypoLocator.reach(title, word.bytes, budget: word.typoBudget, geometry: geometry)
    // Only the first word earns the first-word sign; a later word may still touch the last word, and after a
    // separator typed at the end, not touching it earns the sign.
    let mayFirst = w == 0 ? reach.first : first
    let mayLast = w < words - 1 || endsWithSeparator || last || reach.last
    let tier = max(tier, .typo)
    let best = bestScore(
      tier,
      first: mayFirst,
      last: mayLast,
      loose: min(looseSpecific, acronymSpecific),
      edits: edits,
      mayCoverTitle: mayFirst && mayLast
    )
    return bar.mayEnter(band: tier.band, upTo: best)
      || mayEnterReadAgain(
        title,
        tier: tier,
        first: mayFirst,
        looseSpecific: looseSpecific,
        edits: edits,
        words: words,
        acronymWords: acronymWords,
        checksStarts: checksStarts,
        bar
      )
  }

  /// The signs of a typo match found in the index (falling back to none should the locator disagree).
  private static func typoSigns(
    _ title: TitleView,
    _ word: WordView,
    distance: Int,
    whole: Bool,
    _ geometry: TitleGeometry,
    _ scratch: inout MatchScratch
  ) -> WordSigns {
    let signs = TypoLocator.signs(
      title,
      word.bytes,
      budget: word.typoBudget,
      whole: whole,
      geometry: geometry,
      scratch: &scratch.editRows
    )
    if let signs { return signs }
    var fallback = WordSigns(first: false, last: false, specific: MatchScoring.typoSpecific(edits: distance))
    fallback.edits = distance
    return fallback
  }
}
