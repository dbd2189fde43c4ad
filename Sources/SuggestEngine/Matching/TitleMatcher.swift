/// Decides the tier and within-tier quality of one folded title for a query (everything but typo lookup, which
/// comes from the index).
enum TitleMatcher {
  /// The outcome for one query word.
  enum WordOutcome {
    /// Matched in `tier` (at most the score cap) with `quality`.
    case matched(MatchTier, quality: Int)
    /// Matched, but in a tier worse than the score cap: counts, needs no score.
    case worse
    /// No match in a tier up to substring: the caller tries whole-word typos, then ``loose(_:_:scoreCap:scratch:)``.
    case belowSubstring
    /// Only a subsequence scattered over several words: a match in the scattered tier unless a typo match (a
    /// better tier) exists, which the caller checks.
    case scattered
    /// Did not match (typo tier not considered).
    case none
  }

  /// The whole-query tiers: the folded title equals, or starts with, the query's words joined by one separator.
  ///
  /// - Complexity: O(|query|).
  static func wholeQuery(_ title: TitleView, _ query: PreparedQuery) -> (MatchTier, quality: Int)? {
    let joined = query.joined
    let n = title.count
    guard joined.count <= n else { return nil }
    var offset = 0
    while offset < joined.count {
      if title.bytes[offset] != joined[offset] { return nil }
      offset += 1
    }
    if joined.count == n { return (.exact, MatchScoring.exactLiteral) }
    return (.prefix, title.isWordEnd(joined.count) ? MatchScoring.prefixWordEnd : 0)
  }

  /// The best tier of `word` in `title` up to substring (in `prefix` mode, `matchCap`, only word prefixes count),
  /// scored only when at most `scoreCap`; counting only (`scoreCap` below word prefix) it just tells whether the
  /// word is a subsequence.
  ///
  /// - Complexity: O(|title| · |word|).
  static func word(
    _ title: TitleView,
    _ word: PreparedQuery.Word,
    matchCap: MatchTier,
    scoreCap: MatchTier,
    scratch: inout MatchScratch
  ) -> WordOutcome {
    word.bytes.withUnsafeBufferPointer { bytes in
      // Counting only: any subsequence matches in some tier (a typo match is the caller's business).
      if scoreCap < .wordPrefix && matchCap == .scattered {
        if bytes.count == 1 && bytes[0] >= 0x61 && bytes[0] <= 0x7A { return .worse }  // the letter mask decided
        return FuzzyAligner.isSubsequence(title, bytes, ends: word.characterEnds) ? .worse : .none
      }
      if scoreCap >= .wordPrefix || matchCap == .wordPrefix {
        if let quality = wordPrefix(title, bytes) {
          return scoreCap >= .wordPrefix ? .matched(.wordPrefix, quality: quality) : .worse
        }
        if matchCap == .wordPrefix { return .none }
      }
      if scoreCap >= .acronym, let quality = acronym(title, bytes, ends: word.characterEnds) {
        return .matched(.acronym, quality: quality)
      }
      if scoreCap >= .substring, let quality = substring(title, bytes) {
        return .matched(.substring, quality: quality)
      }
      return .belowSubstring
    }
  }

  /// The fuzzy and scattered tiers of `word`, for a word that matched no better tier.
  static func loose(
    _ title: TitleView,
    _ word: PreparedQuery.Word,
    scoreCap: MatchTier,
    scratch: inout MatchScratch
  ) -> WordOutcome {
    word.bytes.withUnsafeBufferPointer { bytes in
      if scoreCap < .fuzzy {
        if FuzzyAligner.isSubsequenceInOneWord(title, bytes, ends: word.characterEnds) { return .worse }
      } else if let score = FuzzyAligner.scoreInOneWord(title, bytes, ends: word.characterEnds, scratch: &scratch.rows)
      {
        return .matched(.fuzzy, quality: score)
      }
      return FuzzyAligner.isSubsequence(title, bytes, ends: word.characterEnds) ? .scattered : .none
    }
  }

  /// The quality of `word` as a prefix of a title word, if it is one: best over the word starts it matches.
  static func wordPrefix(_ title: TitleView, _ word: UnsafeBufferPointer<UInt8>) -> Int? {
    var best: Int?
    let first = title.firstStart
    let lead = word[0]
    var position = 0
    let last = title.count - word.count
    while position <= last {
      if title.bytes[position] == lead && title.isStart(position) && title.matches(word, at: position) {
        let quality =
          (title.isWordEnd(position + word.count) ? MatchScoring.wholeWord : 0)
          + (position == first ? MatchScoring.firstWord : 0)
        best = max(best ?? quality, quality)
      }
      position += 1
    }
    return best
  }

  /// The quality of `word` as an acronym: its characters are the initials of title words in order (words may be
  /// skipped: "mbp" → "MacBook Pro", "mbs" → "mypy-boto3-s3"). Starting at the first word is worth
  /// ``MatchScoring/acronymFirstWord``.
  ///
  /// - Complexity: O(|title|).
  static func acronym(_ title: TitleView, _ word: UnsafeBufferPointer<UInt8>, ends: [Int]) -> Int? {
    guard ends.count >= 2, let first = title.firstStart else { return nil }
    // Greedy: each character at the earliest word start after the previous one.
    func chain(from start: Int, firstFixed: Bool) -> Bool {
      var position = start
      var characterStart = 0
      for (index, end) in ends.enumerated() {
        let unit = UnsafeBufferPointer(rebasing: word[characterStart..<end])
        var found = false
        while position < title.count {
          if title.isStart(position) && title.matches(unit, at: position) {
            found = true
            break
          }
          if index == 0 && firstFixed { return false }
          position += 1
        }
        guard found else { return false }
        position += unit.count
        characterStart = end
      }
      return true
    }
    if chain(from: first, firstFixed: true) { return MatchScoring.acronymFirstWord }
    return chain(from: 0, firstFixed: false) ? 0 : nil
  }

  /// The quality of `word` as a substring of the title (by its first occurrence), if it is one.
  static func substring(_ title: TitleView, _ word: UnsafeBufferPointer<UInt8>) -> Int? {
    let lead = word[0]
    var position = 0
    let last = title.count - word.count
    while position <= last {
      if title.bytes[position] == lead && title.matches(word, at: position) {
        return MatchScoring.substringBest - min(position, MatchScoring.substringBest)
      }
      position += 1
    }
    return nil
  }
}
