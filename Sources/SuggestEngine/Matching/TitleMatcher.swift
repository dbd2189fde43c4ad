/// Decides the tier and within-tier quality of one folded title for a query (everything but typo lookup, which
/// comes from the index).
enum TitleMatcher {
  /// The outcome for one query word.
  enum WordOutcome {
    /// Matched in `tier` (at most the score cap) with `quality`.
    case matched(MatchTier, quality: Int)
    /// Matched, but in a tier worse than the score cap: counts, needs no score.
    case worse
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

  /// The best tier of `word` in `title`, up to `matchCap` (worse tiers don't count as matches), scored only when
  /// at most `scoreCap`.
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
      if scoreCap >= .wordPrefix || matchCap == .wordPrefix {
        if let quality = wordPrefix(title, bytes) {
          return scoreCap >= .wordPrefix ? .matched(.wordPrefix, quality: quality) : .worse
        }
        if matchCap == .wordPrefix { return .none }
      }
      if scoreCap >= .acronym, bytes.count >= 2, let quality = acronym(title, bytes, memo: &scratch.memo) {
        return .matched(.acronym, quality: quality)
      }
      if scoreCap >= .substring, let quality = substring(title, bytes) {
        return .matched(.substring, quality: quality)
      }
      if scoreCap < .fuzzy {
        if FuzzyAligner.isSubsequenceInOneWord(title, bytes, ends: word.characterEnds) { return .worse }
      } else if let score = FuzzyAligner.scoreInOneWord(title, bytes, ends: word.characterEnds, scratch: &scratch.rows) {
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

  /// The quality of `word` as a chain of two or more word prefixes in order, if it is one.
  ///
  /// A chain starting at the title's first word is worth ``MatchScoring/acronymFirstWord``.
  ///
  /// - Complexity: O(|word|² · |title|) with the failure memo in `memo`.
  static func acronym(_ title: TitleView, _ word: UnsafeBufferPointer<UInt8>, memo: inout [UInt8]) -> Int? {
    guard let first = title.firstStart else { return nil }
    let width = title.count + 1
    let size = word.count * width
    if memo.count < size { memo = [UInt8](repeating: 0, count: size) }
    return memo.withUnsafeMutableBufferPointer { failed -> Int? in
      for index in 0..<size { failed[index] = 0 }
      // chain(i, from): can word[i...] be split into prefixes of words starting at or after `from`?
      // With `only`, the first piece must start exactly there. A single piece covering the word is not a chain.
      func chain(_ index: Int, from: Int, only: Int?) -> Bool {
        if only == nil && failed[index * width + from] != 0 { return false }
        var position = only ?? from
        let end = only.map { $0 + 1 } ?? title.count
        while position < end {
          if title.isStart(position) && title.bytes[position] == word[index] {
            var length = 0
            while index + length < word.count && position + length < title.count
              && title.bytes[position + length] == word[index + length]
            {
              length += 1
            }
            while length > 0 {
              if index + length == word.count {
                if index > 0 { return true }
              } else if chain(index + length, from: position + length, only: nil) {
                return true
              }
              length -= 1
            }
          }
          position += 1
        }
        if only == nil { failed[index * width + from] = 1 }
        return false
      }
      if chain(0, from: first, only: first) { return MatchScoring.acronymFirstWord }
      return chain(0, from: 0, only: nil) ? 0 : nil
    }
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
