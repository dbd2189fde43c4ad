/// Decides the tier and within-tier signs of one folded title for a query (typo lookups come from the index; their
/// signs from ``TypoLocator``).
enum TitleMatcher {
  /// The outcome for one query word.
  enum WordOutcome {
    /// Matched in `tier` (at most the score cap) with these signs.
    case matched(MatchTier, WordSigns)
    /// Matched, but in a tier worse than the score cap: counts, needs no score.
    case worse
    /// No match in a tier up to substring: the caller tries whole-word typos, then
    /// ``loose(_:_:geometry:scoreCap:scratch:)``.
    case belowSubstring
    /// Only a subsequence scattered over several words: a match in the scattered tier unless a typo match (a
    /// better tier) exists, which the caller checks.
    case scattered
    /// Did not match (typo tier not considered).
    case none
  }

  /// The whole-query tiers: separators aside, the folded title equals (exact) or starts with (prefix) the query's
  /// words. An exact title as typed, separators included, has the tier-specific quality. A prefix always touches
  /// the first word, touches the last when it reaches into it, and has the tier-specific quality when it ends at
  /// a word end. A separator typed after the last word (``QueryView/endsWithSeparator``) asks for more: the title
  /// must go on, so one that ends there is a prefix match, and the last-word sign goes to a prefix that does not
  /// reach the last word. Outside `prefix` mode (`matchCap` beyond word prefix), one that drops separators of the title
  /// ("typingext" → "typing-extensions") must reach at least two characters into its last word, so a doubled last
  /// letter ("djangoo") does not read as the next word ("django-otp"); such a title still matches as a scattered
  /// subsequence, which keeps matching monotone as the query grows.
  ///
  /// `scoreCap` below ``MatchTier/prefix`` skips the quality of a prefix match (reported as 0): it is only counted.
  ///
  /// - Complexity: O(|title|), usually O(1): most titles differ in their first byte.
  static func wholeQuery(
    _ title: TitleView,
    _ query: QueryView,
    matchCap: MatchTier,
    scoreCap: MatchTier = .scattered
  ) -> (MatchTier, quality: Int)? {
    let compact = query.compact
    let n = title.count
    var position = 0
    var matched = 0
    // Where the query's next word ends in `compact`, and whether every word so far ended where a title word does.
    var word = 0
    var wordEnd = query.words.count > 1 ? query.words[0].bytes.count : Int.max
    var aligned = true
    while matched < compact.count {
      guard position < n else { return nil }
      let byte = title.bytes[position]
      position += 1
      if byte == TextFolder.separator { continue }
      if byte != compact[matched] { return nil }
      matched += 1
      if matched == wordEnd {
        aligned = aligned && (position == n || title.bytes[position] == TextFolder.separator || title.isStart(position))
        word += 1
        wordEnd = word + 1 < query.words.count ? wordEnd + query.words[word].bytes.count : Int.max
      }
    }
    let end = position
    let joined = query.joined
    var literal = joined.count <= n
    var offset = 0
    while literal && offset < joined.count {
      literal = title.bytes[offset] == joined[offset]
      offset += 1
    }
    while position < n && title.bytes[position] == TextFolder.separator { position += 1 }
    // A separator typed after the last word asks for more: a title that ends there is only a prefix match.
    if position == n && !query.endsWithSeparator {
      return (.exact, literal && n == joined.count ? MatchScoring.specific : 0)
    }
    if !literal && matchCap > .wordPrefix {
      var characters = 0
      var back = end
      while back > 0 && title.bytes[back - 1] != TextFolder.separator {
        back -= 1
        if title.bytes[back] & 0xC0 != 0x80 { characters += 1 }
      }
      guard characters >= 2 else { return nil }
    }
    // A prefix match that is only counted needs no quality.
    guard scoreCap >= .prefix else { return (.prefix, 0) }
    let geometry = title.geometry
    let quality = MatchScoring.quality(
      first: true,
      last: MatchScoring.earnsLast(
        touchesLast: geometry.touchesLast(0..<end),
        endsWithSeparator: query.endsWithSeparator
      ),
      specific: title.isWordEnd(end) ? MatchScoring.specific : 0
    )
    return (.prefix, aligned ? quality : quality - MatchScoring.misplacedSeparator)
  }

  /// The best tier of `word` in `title` up to substring (in `prefix` mode, `matchCap`, only word prefixes count),
  /// with its signs when at most `scoreCap`; counting only (`scoreCap` below word prefix) it just tells whether
  /// the word is a subsequence. `joins`: whether joined word prefixes count as an acronym
  /// (``joinedPrefixes(_:_:ends:geometry:claimed:scratch:)``).
  ///
  /// - Complexity: O(|title| · |word|).
  static func word(
    _ title: TitleView,
    _ word: WordView,
    geometry: TitleGeometry,
    matchCap: MatchTier,
    scoreCap: MatchTier,
    joins: Bool = true,
    scratch: inout MatchScratch
  ) -> WordOutcome {
    let bytes = word.bytes
    // Counting only: any subsequence matches in some tier (a typo match is the caller's business).
    if scoreCap < .wordPrefix && matchCap == .scattered {
      if word.isOneLetter { return .worse }  // the letter mask decided
      return FuzzyAligner.isSubsequence(title, word) ? .worse : .none
    }
    if scoreCap >= .wordPrefix || matchCap == .wordPrefix {
      if let signs = wordPrefix(title, bytes, geometry: geometry) {
        return scoreCap >= .wordPrefix ? .matched(.wordPrefix, signs) : .worse
      }
      if matchCap == .wordPrefix { return .none }
    }
    if scoreCap >= .acronym,
      let signs = acronym(title, bytes, ends: word.ends, geometry: geometry, scratch: &scratch)
        ?? (joins ? joinedPrefixes(title, bytes, ends: word.ends, geometry: geometry, scratch: &scratch) : nil)
    {
      return .matched(.acronym, signs)
    }
    if scoreCap >= .substring, let signs = substring(title, bytes, geometry: geometry) {
      return .matched(.substring, signs)
    }
    return .belowSubstring
  }

  /// The fuzzy and scattered tiers of `word` (borrowed, as in ``word(_:_:geometry:matchCap:scoreCap:scratch:)``),
  /// for a word that matched no better tier.
  static func loose(
    _ title: TitleView,
    _ word: WordView,
    geometry: TitleGeometry,
    scoreCap: MatchTier,
    scratch: inout MatchScratch
  ) -> WordOutcome {
    if scoreCap < .fuzzy {
      // Counting only: fuzzy or scattered, a subsequence just counts.
      return FuzzyAligner.isSubsequence(title, word) ? .worse : .none
    }
    if let signs = FuzzyAligner.signsInOneWord(
      title,
      word.bytes,
      ends: word.ends,
      geometry: geometry,
      scratch: &scratch.rows
    ) {
      return .matched(.fuzzy, signs)
    }
    return FuzzyAligner.isSubsequence(title, word) ? .scattered : .none
  }

  /// The signs of `word` as a prefix of title words, if it is one: touching the first or last word, and whole
  /// words, each over every word start it matches.
  static func wordPrefix(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    geometry: TitleGeometry
  ) -> WordSigns? {
    var signs: WordSigns?
    let lead = word[0]
    let length = word.count
    title.forEachStart { position in
      guard title.bytes[position] == lead, title.matches(word, at: position) else { return }
      signs = joining(signs, title, occurrence: position..<(position + length), geometry: geometry)
    }
    return signs
  }

  /// The word starts at which `word` begins a title word, by their order in the title: bit *k* for the *k*-th start;
  /// `nil` when the title has more than 64 starts.
  static func wordPrefixStarts(_ title: TitleView, _ word: UnsafeBufferPointer<UInt8>) -> UInt64? {
    var starts: UInt64 = 0
    var ordinal = 0
    let lead = word[0]
    title.forEachStart { position in
      defer { ordinal += 1 }
      guard ordinal < 64, title.bytes[position] == lead, title.matches(word, at: position) else { return }
      starts |= 1 << UInt64(ordinal)
    }
    return ordinal <= 64 ? starts : nil
  }

  /// Whether every query word can begin a title word of its own: `starts[i]` are the word starts of word *i*
  /// (``wordPrefixStarts(_:_:)``), for the first `count` words.
  static func hasDistinctStarts(_ starts: SIMD8<UInt64>, count: Int) -> Bool {
    func assign(_ index: Int, taken: UInt64) -> Bool {
      guard index < count else { return true }
      var free = starts[index] & ~taken
      while free != 0 {
        let start = free & (0 &- free)
        if assign(index + 1, taken: taken | start) { return true }
        free &= free &- 1
      }
      return false
    }
    return assign(0, taken: 0)
  }

  /// Whether `word`, an acronym match of `title`, is still one with its initials (or joined pieces) kept off the
  /// `claimed` word starts, those another query word begins and could begin nowhere else: "pyd pat" on
  /// pydantic-ai-todo has `pat`'s initial p only at pydantic, which `pyd` needs.
  static func isAcronym(
    _ title: TitleView,
    _ word: WordView,
    avoiding claimed: UInt64,
    joins: Bool,
    scratch: inout MatchScratch
  ) -> Bool {
    let geometry = title.geometry
    if acronym(title, word.bytes, ends: word.ends, geometry: geometry, claimed: claimed, scratch: &scratch) != nil {
      return true
    }
    return joins
      && joinedPrefixes(title, word.bytes, ends: word.ends, geometry: geometry, claimed: claimed, scratch: &scratch)
        != nil
  }

  /// `signs` joined with those of one more occurrence of a word in `title`.
  @inline(__always)
  private static func joining(
    _ signs: WordSigns?,
    _ title: TitleView,
    occurrence range: Range<Int>,
    geometry: TitleGeometry
  ) -> WordSigns {
    WordSigns.joining(signs, occurrence: range, endsWord: title.isWordEnd(range.upperBound), geometry: geometry)
  }

  /// The longest query word, in bytes, that can match as an acronym (its positions are the bits of a 64-bit mask).
  static let maximumAcronymLength = 63

  /// The signs of `word` as an acronym: each of its two or more characters begins a title word, in order ("mbp" →
  /// "MacBook Pro", "gcs" → "google-cloud-storage"). Words before the first initial may be skipped ("vat" of
  /// "api vat" → "api-vectra-api-tools"; with no query word at the title's first word the hit is only scattered,
  /// ``ItemEvaluator``), words between initials not: initials picked from far apart in a long name ("osbx" →
  /// odoo14-addon-ssi-base-import-xml) are letters that merely occur in order, a scattered match, not initials
  /// typed on purpose (minor starts, digits after a letter or digit, may be passed over). The words inside a
  /// compound (``TitleView/isCompoundStart(_:)``) are minor starts that may take any initial but the first, in an
  /// assignment from the title's first word to its last ("pdu" → python-date|util). Over every such assignment:
  /// touching the first word (the first character at the first word start), touching the last word, and
  /// abbreviating every word (each character at the word start right after the previous one, none left after the
  /// last; minor starts are skipped). Two initials get ``MatchScoring/twoInitials`` instead: they match too many
  /// names by chance.
  ///
  /// With `claimed` (bit *k* for the *k*-th word start), the initials avoid those starts: they are words another
  /// query word begins (``ItemEvaluator``'s check that each word has title words of its own).
  ///
  /// - Complexity: O(word starts · |word|), by bit-parallel reachability over query positions.
  static func acronym(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>,
    geometry: TitleGeometry,
    claimed: UInt64 = 0,
    scratch: inout MatchScratch
  ) -> WordSigns? {
    guard ends.count >= 2, word.count <= maximumAcronymLength else { return nil }
    let plain = initials(title, word, ends: ends, geometry: geometry, claimed: claimed, compounds: false, &scratch)
    // Initials through compounds can only add signs: none to add to an assignment that has them all.
    let hasAll = plain.map { $0.first && $0.last && $0.specific == MatchScoring.specific } ?? false
    let whole =
      !hasAll && title.hasCompoundStart
      ? initials(title, word, ends: ends, geometry: geometry, claimed: claimed, compounds: true, &scratch) : nil
    guard var signs = plain ?? whole else { return nil }
    if let plain, let whole {
      signs = WordSigns(
        first: plain.first || whole.first,
        last: plain.last || whole.last,
        specific: max(plain.specific, whole.specific)
      )
    }
    if ends.count == 2 { signs.specific = MatchScoring.twoInitials }
    return signs
  }

  /// The signs of ``acronym(_:_:ends:geometry:claimed:scratch:)``'s assignments at word starts, or with `compounds`,
  /// of its assignments at word and compound starts from the first word to the last: initials inside a compound
  /// are trusted only when they run through the whole name ("pdu" → python-date|util), else a compound's parts would
  /// make initials of letters that merely occur in order ("otka" is no acronym of opendr-tool|kit-ambiguity-measure).
  private static func initials(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>,
    geometry: TitleGeometry,
    claimed: UInt64,
    compounds: Bool,
    _ scratch: inout MatchScratch
  ) -> WordSigns? {
    let m = word.count
    // Cheap rejection first: each character's first byte must begin some word.
    var startLetters: UInt32 = 0
    if compounds {
      title.forEachInitialStart { startLetters |= LetterMask.bit(title.bytes[$0]) }
    } else {
      title.forEachStart { startLetters |= LetterMask.bit(title.bytes[$0]) }
    }
    var previousEnd = 0
    for end in ends {
      if LetterMask.bit(word[previousEnd]) & ~startLetters != 0 { return nil }
      previousEnd = end
    }
    // Per word start: the query positions (character boundaries) from which the next character may match there,
    // for assignments of any kind, those whose first character is at the first word start, and those that skipped
    // no word start.
    let n = scratch.prepareWordStartReach(title, compounds: compounds)
    guard n >= ends.count else { return nil }
    var found = false
    var signs = WordSigns(first: false, last: false, specific: 0)
    scratch.starts.withUnsafeBufferPointer { starts in
      scratch.startOrdinals.withUnsafeBufferPointer { ordinals in
        scratch.acronymReach.withUnsafeMutableBufferPointer { reach in
          for j in 0..<n where !isClaimed(compounds ? ordinals[j] : j, claimed) {
            let (anyReach, firstReach, completeReach) = MatchScratch.contiguousReach(at: j, reach)
            let start = starts[j]
            // Through compounds only assignments from the first word count: follow those alone.
            var bits = compounds ? firstReach : anyReach
            var character = 0
            while bits != 0 {
              let q = bits.trailingZeroBitCount
              bits &= bits &- 1
              while ends[character] <= q { character += 1 }
              let end = ends[character]
              let length = end - q
              guard start + length <= title.count else { continue }
              var same = true
              for offset in 0..<length where title.bytes[start + offset] != word[q + offset] {
                same = false
                break
              }
              guard same else { continue }
              let bit: UInt64 = 1 << UInt64(q)
              let inFirst = firstReach & bit != 0
              let inComplete = completeReach & bit != 0
              var next = j + 1
              while next < n && starts[next] < start + length { next += 1 }
              // Completeness skips minor starts ("3" in "boto3"): they are not words of their own.
              let nextMajor = MatchScratch.majorStart(from: next, starts, in: title)
              if end == m {
                // Through compounds, only initials from the first word to the last count.
                if compounds && !(inFirst && nextMajor == n) { continue }
                found = true
                signs.first = signs.first || inFirst
                signs.last = signs.last || geometry.touchesLast(start..<(start + length))
                if inComplete && nextMajor == n { signs.specific = MatchScoring.specific }
              } else if next < n {
                MatchScratch.markReached(
                  reach,
                  end: end,
                  next: next,
                  last: nextMajor,
                  nextMajor: nextMajor,
                  inFirst: inFirst,
                  inComplete: inComplete
                )
              }
            }
          }
        }
      }
    }
    return found ? signs : nil
  }

  /// Whether the `j`-th word start is among `claimed` (bit *j*; starts past the 64th, and compound starts, -1, are
  /// never claimed).
  @inline(__always) static func isClaimed(_ j: Int, _ claimed: UInt64) -> Bool {
    claimed != 0 && j >= 0 && j < 64 && claimed & (1 << UInt64(j)) != 0
  }

  /// The signs of `word` as a substring of the title, if it is one: touching the first or last word, and ending
  /// at a word end, each over every occurrence.
  static func substring(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    geometry: TitleGeometry
  ) -> WordSigns? {
    var signs: WordSigns?
    title.forEachOccurrence(of: word) { position in
      signs = joining(signs, title, occurrence: position..<(position + word.count), geometry: geometry)
      return true
    }
    return signs
  }
}
