/// Whether a query's words are a title's parts (separator-delimited words), each typed whole, in another order:
/// "connect databricks" → databricks-connect, "binary psycopg" → psycopg-binary. In the order of the title the
/// query would be an exact match; in another order it is a word-prefix hit with every sign of ``MatchScoring``
/// (``RankingRules``), so it passes names that merely begin with the words (psycopg2-binary,
/// databricks-sql-connector) unless they are far more popular.
enum ReorderedWords {
  /// Whether each part of `title` equals a distinct one of `words` and there are as many parts as words.
  ///
  /// - Complexity: O(|title| · |words|).
  static func match(_ title: TitleView, _ words: UnsafeBufferPointer<WordView>) -> Bool {
    guard words.count >= 2, words.count <= 64 else { return false }
    var used: UInt64 = 0
    var parts = 0
    let unmatched = FuzzyAligner.firstWord(of: title) { part, _ in
      parts += 1
      guard parts <= words.count else { return true }
      for w in words.indices where used & (1 << UInt64(w)) == 0 && words[w].bytes.elementsEqual(part.bytes) {
        used |= 1 << UInt64(w)
        return false
      }
      return true
    }
    return !unmatched && parts == words.count
  }
}
