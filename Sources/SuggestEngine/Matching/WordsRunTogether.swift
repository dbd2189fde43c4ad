/// Whether the words of a query matched only loosely in a title of fewer parts (separator-delimited words) still
/// read as that title: run together in some order, they spell it with letters left out ("tensr flow" → tensorflow,
/// "fst api" → fastapi) or begin it within the typo budget ("tesnor flow" → tensorflow).
///
/// Otherwise the letters are there, not the words, and the hit is only scattered: "mee get" in mergepythonclient
/// (both words need its second e), "fstp mcp" in fastmcp (both need its p), "scup py" in scipy (`py` inside the
/// very part that `scup` mistypes). A title of as many parts as words is left to the per-word tiers.
enum WordsRunTogether {
  /// Whether `title` has fewer parts than `count`: only then are the words checked.
  ///
  /// - Complexity: O(|title|), less when it has `count` parts early.
  static func hasFewerParts(_ title: TitleView, than count: Int) -> Bool {
    partCount(title, upTo: count) < count
  }

  /// How many parts `title` has, counted up to `limit` (one of more parts counts `limit`).
  ///
  /// - Complexity: O(|title|), less when it has `limit` parts early.
  static func partCount(_ title: TitleView, upTo limit: Int) -> Int {
    var parts = 0
    _ = FuzzyAligner.firstWord(of: title) { _, _ in
      parts += 1
      return parts >= limit
    }
    return parts
  }

  /// Whether `words`, run together in some order (every order for up to three words, else the order typed), are a
  /// subsequence of `title` without its separators, or within the typo budget of its beginning
  /// (``RankingRules/typoBudget(wordCharacters:queryCharacters:)`` over the words' characters together, one edit
  /// less from two when the first bytes differ).
  ///
  /// - Complexity: O(orders · |title| · |query|).
  static func spell(
    _ title: TitleView,
    _ words: UnsafeBufferPointer<WordView>,
    scratch: inout MatchScratch
  ) -> Bool {
    scratch.titleRunTogether.removeAll(keepingCapacity: true)
    for byte in title.bytes where byte != TextFolder.separator { scratch.titleRunTogether.append(byte) }
    let characters = words.reduce(0) { $0 + $1.ends.count }
    let budget = RankingRules.typoBudget(wordCharacters: characters, queryCharacters: characters)
    let width = words.reduce(1) { $0 + $1.bytes.count }
    if scratch.editRows.count < 3 * width { scratch.editRows = [Int](repeating: 0, count: 3 * width) }
    for order in orders(words.count) {
      scratch.wordsRunTogether.removeAll(keepingCapacity: true)
      for w in order { scratch.wordsRunTogether.append(contentsOf: words[w].bytes) }
      let found = scratch.titleRunTogether.withUnsafeBufferPointer { text in
        scratch.wordsRunTogether.withUnsafeBufferPointer { joined in
          if FuzzyAligner.isByteSubsequence(text, joined) { return true }
          let allowed = RankingRules.typoBudget(budget, sameFirstByte: text.first == joined.first)
          return allowed > 0
            && TypoLocator.edits(joined, text, whole: false, budget: allowed, rows: &scratch.editRows).edits
              <= allowed
        }
      }
      if found { return true }
    }
    return false
  }

  /// The orders to try for `count` words: every permutation up to three, else the order typed.
  private static func orders(_ count: Int) -> [[Int]] {
    switch count {
    case 2: ordersOfTwo
    case 3: ordersOfThree
    default: [Array(0..<count)]
    }
  }

  private static let ordersOfTwo = [[0, 1], [1, 0]]
  private static let ordersOfThree = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
}
