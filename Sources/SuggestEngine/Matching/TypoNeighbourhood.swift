import Dispatch
import Locking

/// What a typo search found for one query word in one segment's title vocabulary: kept by the field's
/// ``SearchSession`` so the next keystroke reuses it (the same word again, in a query of several words) or narrows its
/// search to it (the word typed further, with the same budget: see ``TypoSearch/search(_:budget:in:within:found:)``).
struct TypoNeighbourhood: Sendable {
  /// One run of vocabulary words with its distances.
  struct Run: Sendable {
    /// The vocabulary words.
    let words: Range<Int>
    /// The fewest edits between the query word and a prefix of these words.
    let prefix: Int
    /// The edits between the query word and the whole word, when within budget (a run of one word).
    let whole: Int?
  }

  /// The folded query word.
  let word: [UInt8]
  /// Its typo budget.
  let budget: Int
  /// The runs found, in vocabulary order.
  let runs: [Run]

  /// Finds the runs of `word` in `index`, from `previous` when one of them is for the same word or a prefix of it
  /// with the same budget.
  ///
  /// - Parameters:
  ///   - word: The folded query word.
  ///   - budget: Its typo budget.
  ///   - index: The segment's title vocabulary.
  ///   - previous: The field's neighbourhoods from its previous search.
  ///   - splitWords: A walk over this many vocabulary words or more is split in two halves, walked on two cores.
  /// - Returns: The neighbourhood.
  /// - Complexity: that of ``TypoSearch/search(_:budget:in:within:found:)``, over the narrowing runs when reused.
  static func find(
    _ word: [UInt8],
    budget: Int,
    in index: WordIndex,
    previous: [TypoNeighbourhood],
    splitWords: Int = splitWords
  ) -> Self {
    var narrowing: TypoNeighbourhood?
    for candidate in previous where candidate.budget == budget && candidate.word.count <= word.count {
      guard candidate.word.elementsEqual(word.prefix(candidate.word.count)) else { continue }
      if candidate.word.count == word.count { return candidate }
      if (narrowing?.word.count ?? -1) < candidate.word.count { narrowing = candidate }
    }
    var within: [Range<Int>]?
    if let narrowing {
      var merged: [Range<Int>] = []
      for run in narrowing.runs {
        if let last = merged.last, last.upperBound == run.words.lowerBound {
          merged[merged.count - 1] = last.lowerBound..<run.words.upperBound
        } else {
          merged.append(run.words)
        }
      }
      within = merged
    }
    let halves = Self.halves(within ?? [0..<index.wordCount], splitWords: splitWords)
    guard halves.count == 2 else {
      let runs = Self.runs(word, budget: budget, in: index, within: within)
      return TypoNeighbourhood(word: word, budget: budget, runs: runs)
    }
    // A large vocabulary range is walked in two halves on two cores: the walk is on the keystroke's critical path
    // (the scan waits for its sets), and a walk from any word is independent of the words before it.
    let found = [Locked<[Run]>([]), Locked<[Run]>([])]
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      let runs = Self.runs(word, budget: budget, in: index, within: halves[half])
      found[half].withLock { $0 = runs }
    }
    return TypoNeighbourhood(word: word, budget: budget, runs: found[0].withLock { $0 } + found[1].withLock { $0 })
  }

  /// A walk over fewer vocabulary words is not split: two threads would cost more than they save.
  static let splitWords = 8192

  /// `ranges` (increasing, disjoint) cut into two parts of about as many words each, or one part when they hold
  /// fewer than `splitWords`.
  static func halves(_ ranges: [Range<Int>], splitWords: Int = splitWords) -> [[Range<Int>]] {
    let total = ranges.reduce(0) { $0 + $1.count }
    guard total >= splitWords else { return [ranges] }
    var first: [Range<Int>] = []
    var second: [Range<Int>] = []
    var left = total / 2
    for range in ranges {
      if left >= range.count {
        first.append(range)
        left -= range.count
      } else if left > 0 {
        first.append(range.lowerBound..<(range.lowerBound + left))
        second.append((range.lowerBound + left)..<range.upperBound)
        left = 0
      } else {
        second.append(range)
      }
    }
    return [first, second]
  }

  /// The runs of ``TypoSearch/search(_:budget:in:within:found:)``.
  private static func runs(_ word: [UInt8], budget: Int, in index: WordIndex, within: [Range<Int>]?) -> [Run] {
    var runs: [Run] = []
    TypoSearch.search(word, budget: budget, in: index, within: within) { words, prefix, whole in
      runs.append(Run(words: words, prefix: prefix, whole: whole))
    }
    return runs
  }
}
