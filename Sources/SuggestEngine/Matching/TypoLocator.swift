/// Finds where a query word matches a title with typos, for the signs of a typo hit: the typo index only says that
/// some title word is within budget, not which one.
enum TypoLocator {
  /// The signs of `word` matching title words with at most `budget` Damerau edits (optimal string alignment):
  /// whole index words when `whole`, else their beginnings. An index word runs from a word start to the next
  /// separator. Touching the first or last word is over every index word within budget; the tier-specific quality
  /// is for one edit at best.
  ///
  /// - Complexity: O(word starts · |word| · (|word| + budget)).
  static func signs(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    budget: Int,
    whole: Bool,
    geometry: TitleGeometry,
    scratch: inout [Int]
  ) -> WordSigns? {
    var best = Int.max
    var first = false
    var last = false
    let m = word.count
    if scratch.count < 3 * (m + 1) { scratch = [Int](repeating: 0, count: 3 * (m + 1)) }
    title.forEachStart { start in
      var end = start
      while end < title.count && title.bytes[end] != TextFolder.separator { end += 1 }
      let length = end - start
      if whole && abs(length - m) > budget { return }
      let candidate = UnsafeBufferPointer(rebasing: title.bytes[start..<(whole ? end : min(end, start + m + budget))])
      let distance = Self.distance(word, candidate, budget: budget, whole: whole, rows: &scratch)
      guard distance <= budget else { return }
      best = min(best, distance)
      first = first || geometry.touchesFirst(start..<end)
      last = last || geometry.touchesLast(start..<end)
    }
    guard best <= budget else { return nil }
    var signs = WordSigns(first: first, last: last, specific: MatchScoring.typoSpecific(edits: best))
    signs.edits = best
    return signs
  }

  /// The optimal-string-alignment distance between `word` and `candidate` (`whole`), or between `word` and the
  /// closest prefix of `candidate`; any value above `budget` means "too far".
  private static func distance(
    _ word: UnsafeBufferPointer<UInt8>,
    _ candidate: UnsafeBufferPointer<UInt8>,
    budget: Int,
    whole: Bool,
    rows: inout [Int]
  ) -> Int {
    let m = word.count
    let width = m + 1
    return rows.withUnsafeMutableBufferPointer { rows in
      // Rows d-2, d-1 and d rotate through the three slots: row d holds the distances between candidate[..<d] and
      // every prefix of `word`.
      for i in 0...m { rows[i] = i }
      var best = rows[m]
      var twoBack = 2 * width
      var previous = 0
      var current = width
      for d in stride(from: 1, through: candidate.count, by: 1) {
        let byte = candidate[d - 1]
        rows[current] = d
        for i in stride(from: 1, through: m, by: 1) {
          var value = min(
            rows[previous + i] + 1,
            rows[current + i - 1] + 1,
            rows[previous + i - 1] + (word[i - 1] == byte ? 0 : 1)
          )
          if i > 1 && d > 1 && word[i - 1] == candidate[d - 2] && word[i - 2] == byte {
            value = min(value, rows[twoBack + i - 2] + 1)
          }
          rows[current + i] = value
        }
        best = min(best, rows[current + m])
        let free = twoBack
        twoBack = previous
        previous = current
        current = free
      }
      return whole ? rows[previous + m] : best
    }
  }
}
