/// Finds where a query word matches a title with typos, for the signs of a typo hit: the typo index only says that
/// some title word is within budget, not which one.
enum TypoLocator {
  /// The signs of `word` matching title words with at most `budget` Damerau edits (optimal string alignment; for a
  /// title word that does not begin with `word`'s first byte, ``RankingRules/typoBudget(_:sameFirstByte:)``):
  /// whole index words when `whole`, else their beginnings. An index word runs from a word start to the next
  /// separator. Touching the first or last word is over every index word within budget; the tier-specific quality
  /// is for the fewest edits, of which the fewest that are no slip of a finger, and the first letter changes only
  /// when no index word that keeps it is as close.
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
    // The reading that counts: the fewest edits, then one that keeps the first letter (0), then the fewest unlikely
    // edits, then the fewest on a neighbouring key.
    var best = (edits: Int.max, changesFirst: 1, unlikely: Int.max, neighbourKeys: Int.max)
    var first = false
    var last = false
    let m = word.count
    let isTwoLetters = TwoLetterTypo.applies(to: word)
    title.forEachStart { start in
      var end = start
      while end < title.count && title.bytes[end] != TextFolder.separator { end += 1 }
      let length = end - start
      let sameFirstByte = title.bytes[start] == word.first
      let budget = RankingRules.typoBudget(budget, sameFirstByte: sameFirstByte)
      if whole && abs(length - m) > budget { return }
      let candidate = UnsafeBufferPointer(rebasing: title.bytes[start..<(whole ? end : min(end, start + m + budget))])
      if whole && isTwoLetters && !TwoLetterTypo.admits(word, candidate) { return }
      let found = Self.edits(word, candidate, whole: whole, budget: budget, rows: &scratch)
      guard found.edits <= budget else { return }
      let reading = (
        edits: found.edits,
        changesFirst: sameFirstByte ? 0 : 1,
        unlikely: found.unlikely,
        neighbourKeys: found.neighbourKeys
      )
      if reading < best { best = reading }
      first = first || geometry.touchesFirst(start..<end)
      last = last || geometry.touchesLast(start..<end)
    }
    guard best.edits <= budget else { return nil }
    var signs = WordSigns(first: first, last: last, specific: MatchScoring.typoSpecific(edits: best.edits))
    signs.edits = best.edits
    signs.changesFirstLetter = best.changesFirst == 1
    signs.unlikelyEdits = best.unlikely
    signs.neighbourKeyEdits = best.neighbourKeys
    return signs
  }

  /// Which of the title's first and last words a whole-word typo match of `word` could touch: the index words that
  /// ``signs(_:_:budget:whole:geometry:scratch:)`` would compare, by their length and letters, without the edits. It
  /// bounds a typo hit's signs before they are worked out: most typo hits of a large family (`djangou` on 19,000
  /// django-… names) cannot touch the last word, and without that sign cannot pass the page's worst hit.
  ///
  /// - Complexity: O(|title|) per word start.
  static func reach(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    budget: Int,
    geometry: TitleGeometry
  ) -> (first: Bool, last: Bool) {
    var first = false
    var last = false
    let m = word.count
    title.forEachStart { start in
      var end = start
      while end < title.count && title.bytes[end] != TextFolder.separator { end += 1 }
      let budget = RankingRules.typoBudget(budget, sameFirstByte: title.bytes[start] == word.first)
      guard abs(end - start - m) <= budget else { return }
      // Each ASCII byte of the word that the title word lacks takes an edit of its own.
      var letters: UInt32 = 0
      for position in start..<end { letters |= LetterMask.bit(title.bytes[position]) }
      var lacking = 0
      for byte in word where byte < 0x80 && LetterMask.bit(byte) & letters == 0 { lacking += 1 }
      guard lacking <= budget else { return }
      first = first || geometry.touchesFirst(start..<end)
      last = last || geometry.touchesLast(start..<end)
    }
    return (first, last)
  }

  /// The fewest edits between `word`, as typed, and `candidate` (`whole`) or its closest beginning (optimal string
  /// alignment); the fewest of those edits that are no slip of a finger: a letter typed for another that is not
  /// its neighbour on the keyboard (``KeyboardNeighbours``), or a letter typed in excess that neither repeats nor
  /// neighbours the letter typed before or after it; and then the fewest that hit a neighbouring key: a letter typed
  /// for its neighbour, or in excess beside one it does not repeat. A dropped letter, a doubled one and two letters
  /// swapped are neither.
  ///
  /// - Parameters:
  ///   - word: The word as typed.
  ///   - candidate: The title word, or the bytes from its start.
  ///   - whole: Whether to compare with all of `candidate` (else with its closest beginning).
  ///   - budget: The most edits of interest: past them the answer is only some number of edits above `budget`.
  ///   - rows: Scratch space, grown as needed.
  /// - Returns: The edits, how many of them are unlikely, and how many are on a neighbouring key.
  /// - Complexity: O(|word| · |candidate|).
  static func edits(
    _ word: UnsafeBufferPointer<UInt8>,
    _ candidate: UnsafeBufferPointer<UInt8>,
    whole: Bool,
    budget: Int,
    rows: inout [Int]
  ) -> (edits: Int, unlikely: Int, neighbourKeys: Int) {
    var best = Int.max
    var last = Int.max
    alignments(word, candidate, budget: budget, rows: &rows) { length, cost in
      best = min(best, cost)
      if length == candidate.count { last = cost }
    }
    let cost = whole ? last : best
    guard cost != Int.max else { return (budget + 1, 0, 0) }
    return (cost / editUnit, cost % editUnit / unlikelyUnit, cost % unlikelyUnit / neighbourKeyUnit)
  }

  /// The title word (`whole`) or word beginning closest to `word` by Damerau edits (optimal string alignment) among
  /// those within `budget` (``RankingRules/typoBudget(_:sameFirstByte:)``), the first in title order among the
  /// closest and the shortest of a word's closest beginnings: what a typo hit highlights. A beginning is at most
  /// `|word| + 2` bytes long.
  ///
  /// - Complexity: O(word starts · |word| · (|word| + 2)), or the title's length for whole words.
  static func closestPiece(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    budget: Int,
    whole: Bool,
    scratch: inout [Int]
  ) -> (range: Range<Int>, distance: Int)? {
    let m = word.count
    var best: (range: Range<Int>, distance: Int)?
    let isTwoLetters = TwoLetterTypo.applies(to: word)
    title.forEachStart { start in
      var end = start
      while end < title.count && title.bytes[end] != TextFolder.separator { end += 1 }
      let candidate = UnsafeBufferPointer(rebasing: title.bytes[start..<(whole ? end : min(end, start + m + 2))])
      if whole && isTwoLetters && !TwoLetterTypo.admits(word, candidate) { return }
      // The shortest candidate prefix at the least distance (a beginning is one byte at least).
      var closest = (length: whole ? candidate.count : 1, distance: Int.max)
      Self.alignments(word, candidate, budget: budget, rows: &scratch) { length, cost in
        let distance = cost / editUnit
        if whole ? length == candidate.count : distance < closest.distance {
          closest = (max(closest.length, length), distance)
        }
      }
      guard closest.distance <= RankingRules.typoBudget(budget, sameFirstByte: title.bytes[start] == word.first) else {
        return
      }
      if best.map({ closest.distance < $0.distance }) ?? true {
        best = (start..<(start + closest.length), closest.distance)
      }
    }
    return best
  }

  /// What one edit weighs in an alignment's cost: a cost is edits · `editUnit` + unlikely edits · ``unlikelyUnit``
  /// + edits on a neighbouring key · ``neighbourKeyUnit``, so that the least cost has the fewest edits, then the
  /// fewest unlikely ones, then the fewest on a neighbouring key (within budget, a few edits: the parts never carry
  /// into each other).
  private static let editUnit = 1 << 16
  /// What an unlikely edit weighs besides its ``editUnit``.
  private static let unlikelyUnit = 1 << 8
  /// What an edit on a neighbouring key weighs besides its ``editUnit``.
  private static let neighbourKeyUnit = 1

  /// Calls `body` with each prefix length of `candidate`, from 0, and the least cost of turning `word` into that
  /// prefix (optimal string alignment, weighed as ``editUnit`` says, ``edits(_:_:whole:budget:rows:)``), until
  /// every longer prefix is more than `budget` edits away.
  ///
  /// The rows of the table rotate through three slots of `rows`; a fourth holds what typing each byte of `word` in
  /// excess costs, a fifth the bits of its keyboard neighbours.
  @inline(__always)
  private static func alignments(
    _ word: UnsafeBufferPointer<UInt8>,
    _ candidate: UnsafeBufferPointer<UInt8>,
    budget: Int,
    rows: inout [Int],
    _ body: (_ length: Int, _ cost: Int) -> Void
  ) {
    let unit = editUnit
    let m = word.count
    let width = m + 1
    if rows.count < 5 * width { rows = [Int](repeating: 0, count: 5 * width) }
    rows.withUnsafeMutableBufferPointer { rows in
      let extra = 3 * width
      let near = 4 * width
      for i in 0..<m {
        let byte = word[i]
        let neighbours = KeyboardNeighbours.neighbourBits(of: byte)
        rows[near + i] = Int(bitPattern: UInt(neighbours))
        // A letter in excess that repeats the one before or after it is a doubled letter; beside a neighbour, a
        // neighbouring key; anywhere else, unlikely.
        let repeats = (i > 0 && word[i - 1] == byte) || (i + 1 < m && word[i + 1] == byte)
        let beside =
          (i > 0 && neighbours & KeyboardNeighbours.bit(of: word[i - 1]) != 0)
          || (i + 1 < m && neighbours & KeyboardNeighbours.bit(of: word[i + 1]) != 0)
        rows[extra + i] = repeats ? unit : beside ? unit + neighbourKeyUnit : unit + unlikelyUnit
      }
      rows[0] = 0
      for i in stride(from: 1, through: m, by: 1) { rows[i] = rows[i - 1] + rows[extra + i - 1] }
      body(0, rows[m])
      var twoBack = 2 * width
      var previous = 0
      var current = width
      // Past `beyond`, no path comes back within budget: every path crosses each row, and costs only grow along it.
      let beyond = (min(budget, m + candidate.count) + 1) * unit
      for d in stride(from: 1, through: candidate.count, by: 1) {
        let byte = candidate[d - 1]
        let key = Int(bitPattern: UInt(KeyboardNeighbours.bit(of: byte)))
        rows[current] = d * unit
        var least = rows[current]
        for i in stride(from: 1, through: m, by: 1) {
          let typed = word[i - 1]
          let replace =
            typed == byte ? 0 : rows[near + i - 1] & key != 0 ? unit + neighbourKeyUnit : unit + unlikelyUnit
          var value = min(
            rows[previous + i] + unit,
            rows[current + i - 1] + rows[extra + i - 1],
            rows[previous + i - 1] + replace
          )
          if i > 1 && d > 1 && typed == candidate[d - 2] && word[i - 2] == byte {
            value = min(value, rows[twoBack + i - 2] + unit)
          }
          rows[current + i] = value
          least = min(least, value)
        }
        body(d, rows[current + m])
        if least >= beyond { return }
        let free = twoBack
        twoBack = previous
        previous = current
        current = free
      }
    }
  }
}
