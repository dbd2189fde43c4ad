/// Finds index words within a few Damerau edits (optimal string alignment) of a query word's prefix, by walking
/// the sorted vocabulary as a trie with one DP row per depth, so only the neighbourhood of the query is visited.
enum TypoSearch {
  /// The longest query word that gets typo tolerance (longer words rarely need it and make rows long).
  static let maximumWordLength = 48

  /// Calls `found` with each run of vocabulary words whose prefix distance to `word` is at most `budget` (one less
  /// for a word that does not begin with `word`'s first byte: ``RankingRules/typoBudget(_:sameFirstByte:)``), with
  /// that distance, and, for a single word, its whole-word distance when that is within budget too.
  ///
  /// With `within`, only the words in those ranges (increasing, disjoint) are visited: the runs found for a prefix
  /// of `word` with the same budget hold every word this search can find (a word's distance to the closest prefix
  /// of a vocabulary word never falls as the word grows), so typing a word narrows its search keystroke by keystroke.
  ///
  /// - Complexity: proportional to the trie nodes within `budget` edits of a prefix of `word`.
  static func search(
    _ word: [UInt8],
    budget: Int,
    in index: WordIndex,
    within: [Range<Int>]? = nil,
    found: (Range<Int>, _ prefixDistance: Int, _ wholeDistance: Int?) -> Void
  ) {
    let m = word.count
    guard budget > 0, m > 0, m <= maximumWordLength, index.wordCount > 0 else { return }
    let maxDepth = m + budget
    let width = m + 1
    var rows = [Int](repeating: 0, count: (maxDepth + 1) * width)
    var rowMin = [Int](repeating: 0, count: maxDepth + 1)
    var bestAlong = [Int](repeating: 0, count: maxDepth + 1)
    var path = [UInt8](repeating: 0, count: maxDepth)
    for i in 0...m { rows[i] = i }
    // Any distance over budget is stored as `beyond`: only whether it is within budget matters. Row `d` is computed
    // only in the band of columns within `budget` of its diagonal; the whole word's column `m` lies in it when
    // `d >= m - budget` (a shorter path is more than `budget` away from the whole word).
    let beyond = budget + 1
    rowMin[0] = 0
    bestAlong[0] = m
    var depth = 0
    var wordIndex = 0
    let ranges = within ?? [0..<index.wordCount]
    var rangeNumber = 0
    var count = 0
    index.words.bytes.withUnsafeBufferPointer { vocab in
      while true {
        if wordIndex >= count {
          // The next range to visit (the path's rows stay valid: they depend only on the path's bytes).
          while rangeNumber < ranges.count && ranges[rangeNumber].upperBound <= wordIndex { rangeNumber += 1 }
          guard rangeNumber < ranges.count else { break }
          wordIndex = max(wordIndex, ranges[rangeNumber].lowerBound)
          count = min(ranges[rangeNumber].upperBound, index.wordCount)
          rangeNumber += 1
          if wordIndex >= count { continue }
        }
        let range = index.words.range(wordIndex)
        let length = range.count
        // Reuse the rows of the prefix shared with the current path.
        var shared = 0
        let limit = min(depth, length)
        while shared < limit && vocab[range.lowerBound + shared] == path[shared] { shared += 1 }
        depth = shared
        var pruned = false
        while depth < length && depth < maxDepth {
          let byte = vocab[range.lowerBound + depth]
          path[depth] = byte
          let d = depth + 1
          let row = d * width
          let above = depth * width
          rows[row] = d
          var minimum = d
          // Only the band of cells within `budget` of the diagonal can be within budget; the cells just outside it
          // that the next row and this one read hold `beyond`.
          let low = max(1, d - budget)
          let high = min(m, d + budget)
          if low > 1 { rows[row + low - 1] = beyond }
          if high < m { rows[row + high + 1] = beyond }
          var i = low
          while i <= high {
            var value = min(
              rows[above + i] + 1,
              rows[row + i - 1] + 1,
              rows[above + i - 1] + (word[i - 1] == byte ? 0 : 1)
            )
            if i > 1 && d > 1 && word[i - 1] == path[d - 2] && word[i - 2] == byte {
              value = min(value, rows[(d - 2) * width + i - 2] + 1)
            }
            value = min(value, beyond)
            rows[row + i] = value
            minimum = min(minimum, value)
            i += 1
          }
          rowMin[d] = minimum
          bestAlong[d] = min(bestAlong[depth], low <= m && m <= high ? rows[row + m] : beyond)
          depth = d
          // Below a first byte other than the word's, fewer edits are allowed: whole subtrees end sooner.
          let budget = RankingRules.typoBudget(budget, sameFirstByte: path[0] == word[0])
          // Row d + 1 can only come within budget through row d, or a transposition from row d - 1.
          if minimum > budget && rowMin[d - 1] >= budget {
            pruned = true
            break
          }
        }
        let budget = depth > 0 ? RankingRules.typoBudget(budget, sameFirstByte: path[0] == word[0]) : budget
        if pruned {
          // No deeper prefix can come within budget, but a shorter one on the path may have.
          let end = min(count, index.endOfRun(from: wordIndex, depth: depth))
          if bestAlong[depth] <= budget { found(wordIndex..<end, bestAlong[depth], nil) }
          wordIndex = end
          continue
        }
        if depth == maxDepth {
          let end = min(count, index.endOfRun(from: wordIndex, depth: depth))
          if bestAlong[depth] <= budget {
            // Only a word of exactly this length can be within budget as a whole word; it sorts first.
            let whole = depth >= m - budget ? rows[depth * width + m] : beyond
            if length == depth && whole <= budget {
              found(wordIndex..<(wordIndex + 1), bestAlong[depth], whole)
              if wordIndex + 1 < end { found((wordIndex + 1)..<end, bestAlong[depth], nil) }
            } else {
              found(wordIndex..<end, bestAlong[depth], nil)
            }
          }
          wordIndex = end
          continue
        }
        if bestAlong[depth] <= budget {
          let whole = depth >= m - budget ? rows[depth * width + m] : beyond
          found(wordIndex..<(wordIndex + 1), bestAlong[depth], whole <= budget ? whole : nil)
        }
        wordIndex += 1
      }
    }
  }
}
