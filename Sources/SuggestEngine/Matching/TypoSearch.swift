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
  /// With `directory` (``WordDirectory``, of `index`), the trie's nodes down to depth 3 come from its tables, and
  /// the vocabulary is read only below the nodes within reach: the same runs, found without a cache miss or two
  /// for each of the thousands of nodes a walk ends there (half the walk's time on PyPI).
  ///
  /// - Complexity: proportional to the trie nodes within `budget` edits of a prefix of `word`.
  static func search(
    _ word: [UInt8],
    budget: Int,
    in index: WordIndex,
    within: [Range<Int>]? = nil,
    directory: WordDirectory? = nil,
    found: (Range<Int>, _ prefixDistance: Int, _ wholeDistance: Int?) -> Void
  ) {
    let m = word.count
    guard budget > 0, m > 0, m <= maximumWordLength, index.wordCount > 0 else { return }
    let maxDepth = m + budget
    let width = m + 1
    let ranges = within ?? [0..<index.wordCount]
    withUnsafeTemporaryAllocation(of: Int.self, capacity: (maxDepth + 1) * (width + 3)) { memory in
      memory.initialize(repeating: 0)
      guard let memory = memory.baseAddress else { return }
      word.withUnsafeBufferPointer { word in
        index.words.bytes.withUnsafeBufferPointer { vocab in
          var walk = Walk(word: word, budget: budget, memory: memory, vocab: vocab, index: index)
          // The directory's nodes end at depth 3, above the deepest path a walk keeps (a word of 3 bytes or more,
          // one edit or more): every node it passes is one the word-by-word walk would have ended or gone through.
          if let directory, directory.wordCount == index.wordCount, maxDepth > 3 {
            for range in ranges { walk.walkDirectory(directory, range.clamped(to: 0..<index.wordCount), found) }
          } else {
            // The path's rows stay valid from one range to the next: they depend only on the path's bytes.
            for range in ranges { walk.walkWords(range, found) }
          }
        }
      }
    }
  }

  /// The state of one walk: the path from the trie's root, with one row of the edit-distance table per byte of it.
  private struct Walk {
    /// The query word.
    let word: UnsafeBufferPointer<UInt8>
    let budget: Int
    /// `word.count`, and the deepest path: a longer prefix is more than `budget` away.
    let m: Int
    let maxDepth: Int
    /// Cells per row.
    let width: Int
    /// The value of every cell over budget: only whether a distance is within budget matters.
    let beyond: Int
    /// Row `d` of the path's prefix of `d` bytes at `rows[d * width...]`.
    let rows: UnsafeMutablePointer<Int>
    /// Per depth, the row's least value, and the least distance to the whole word along the path.
    let rowMin: UnsafeMutablePointer<Int>
    let bestAlong: UnsafeMutablePointer<Int>
    /// The path's bytes.
    let path: UnsafeMutablePointer<Int>
    /// The path's length.
    var depth = 0
    let vocab: UnsafeBufferPointer<UInt8>
    let index: WordIndex

    /// A walk at the root, its tables in `memory` (at least `(maxDepth + 1) * (width + 3)` cells).
    init(
      word: UnsafeBufferPointer<UInt8>,
      budget: Int,
      memory: UnsafeMutablePointer<Int>,
      vocab: UnsafeBufferPointer<UInt8>,
      index: WordIndex
    ) {
      self.word = word
      self.budget = budget
      m = word.count
      maxDepth = m + budget
      width = m + 1
      beyond = budget + 1
      // `memory` has room for the rows, then `rowMin`, `bestAlong` and `path`, `maxDepth + 1` cells each.
      rows = memory
      rowMin = memory + (maxDepth + 1) * width
      bestAlong = rowMin + (maxDepth + 1)
      path = bestAlong + (maxDepth + 1)
      // Row `d` is computed only in the band of columns within `budget` of its diagonal; the whole word's column
      // `m` lies in it when `d >= m - budget` (a shorter path is more than `budget` away from the whole word).
      for i in 0...m { rows[i] = i }
      rowMin[0] = 0
      bestAlong[0] = m
      self.vocab = vocab
      self.index = index
    }

    /// The budget below the path's first byte: fewer edits under a first byte other than the word's, so whole
    /// subtrees end sooner.
    @inline(__always) func pathBudget() -> Int {
      depth > 0 ? RankingRules.typoBudget(budget, sameFirstByte: path[0] == Int(word[0])) : budget
    }

    /// Adds `byte` to the path (one deeper) with its row; whether no deeper prefix can come within budget.
    @inline(__always) mutating func extend(_ byte: UInt8) -> Bool {
      path[depth] = Int(byte)
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
        if i > 1 && d > 1 && Int(word[i - 1]) == path[d - 2] && word[i - 2] == byte {
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
      let budget = pathBudget()
      // Row d + 1 can only come within budget through row d, or a transposition from row d - 1.
      return minimum > budget && rowMin[d - 1] >= budget
    }

    /// Reports `words`, the subtree of the path's last node, which no deeper prefix brings within budget.
    @inline(__always) func prune(_ words: Range<Int>, _ found: (Range<Int>, Int, Int?) -> Void) {
      if bestAlong[depth] <= pathBudget() { found(words, bestAlong[depth], nil) }
    }

    /// Visits the words of `range`, which all begin with the path's `depth` bytes.
    mutating func walkWords(_ range: Range<Int>, _ found: (Range<Int>, Int, Int?) -> Void) {
      var wordIndex = range.lowerBound
      let count = min(range.upperBound, index.wordCount)
      while wordIndex < count {
        let range = index.words.range(wordIndex)
        let length = range.count
        // Reuse the rows of the prefix shared with the current path.
        var shared = 0
        let limit = min(depth, length)
        while shared < limit && Int(vocab[range.lowerBound + shared]) == path[shared] { shared += 1 }
        depth = shared
        var pruned = false
        while depth < length && depth < maxDepth {
          if extend(vocab[range.lowerBound + depth]) {
            pruned = true
            break
          }
        }
        if pruned {
          // No deeper prefix can come within budget, but a shorter one on the path may have.
          let end = min(count, index.endOfRun(from: wordIndex, depth: depth))
          prune(wordIndex..<end, found)
          wordIndex = end
          continue
        }
        let budget = pathBudget()
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

    /// Visits the words of `range` through the directory's nodes down to depth 3, where most subtrees end, and
    /// reads the vocabulary only below the nodes that do not.
    mutating func walkDirectory(
      _ directory: WordDirectory,
      _ range: Range<Int>,
      _ found: (Range<Int>, Int, Int?) -> Void
    ) {
      for first in 0...255 {
        let byte = UInt8(first)
        let byteWords = directory.words(first: byte)
        if byteWords.lowerBound >= range.upperBound { break }
        guard byteWords.overlaps(range),
          enter(byte, at: 0, words: byteWords, hasWord: directory.hasWord(byte), range, found)
        else { continue }
        for second in 0...255 {
          let pair = first << 8 | second
          let pairWords = directory.words(pair: pair)
          if pairWords.lowerBound >= range.upperBound { break }
          guard pairWords.overlaps(range),
            enter(UInt8(second), at: 1, words: pairWords, hasWord: directory.hasWord(pair: pair), range, found)
          else { continue }
          for node in directory.triples(pair: pair) {
            let nodeWords = directory.words(triple: node, pair: pair)
            if nodeWords.lowerBound >= range.upperBound { break }
            // A word of three bytes is the first of its node's words: the word-by-word walk visits it.
            guard nodeWords.overlaps(range),
              enter(directory.tripleByte(node), at: 2, words: nodeWords, hasWord: false, range, found)
            else { continue }
            walkWords(nodeWords.clamped(to: range), found)
          }
        }
      }
    }

    /// Extends the path of `parent` bytes by `byte`, for a directory node of `words`: reports the node's words in
    /// `range` when no deeper prefix can come within budget, else visits the node's own word, the first of `words`,
    /// when it has one (`hasWord`, a word of exactly the path's bytes). Whether to go below the node.
    @inline(__always) mutating func enter(
      _ byte: UInt8,
      at parent: Int,
      words: Range<Int>,
      hasWord: Bool,
      _ range: Range<Int>,
      _ found: (Range<Int>, Int, Int?) -> Void
    ) -> Bool {
      depth = parent
      if extend(byte) {
        prune(words.clamped(to: range), found)
        return false
      }
      if hasWord && range.contains(words.lowerBound) { walkWords(words.lowerBound..<(words.lowerBound + 1), found) }
      return true
    }
  }
}
