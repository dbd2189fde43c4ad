import Dispatch
import Locking

/// What a typo search found for one query word in one segment's title vocabulary: kept by the field's
/// ``SearchSession`` so the next keystroke reuses it (the same word again, in a query of several words) or narrows its
/// search to it (the word typed further, with the same budget: see
/// ``TypoSearch/search(_:budget:in:within:directory:found:)``).
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
  /// with the same budget; a walk of the whole vocabulary goes through `directory` (of `index`) when given.
  ///
  /// - Complexity: that of ``TypoSearch/search(_:budget:in:within:directory:found:)``, over the narrowing runs when
  ///   reused.
  static func find(
    _ word: [UInt8],
    budget: Int,
    in index: WordIndex,
    directory: WordDirectory? = nil,
    previous: [TypoNeighbourhood]
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
    let parts = within == nil && index.wordCount >= parallelWalkWords ? 2 : 1
    return TypoNeighbourhood(
      word: word,
      budget: budget,
      runs: walk(word, budget: budget, in: index, directory: directory, within: within, parts: parts)
    )
  }

  /// The title words of `index` that two-letter `word` may be a typo of (``TwoLetterTypo``), looked up one by one
  /// instead of walked: a walk for one edit of two letters visits every short word. Kept with budget 0, so that the
  /// word typed further never narrows its walk to these runs.
  ///
  /// - Complexity: O(candidates · log |vocabulary|).
  static func twoLetterTypos(of word: [UInt8], in index: WordIndex) -> Self {
    var runs: [Run] = []
    for candidate in TwoLetterTypo.candidates(of: word) {
      let range = candidate.withUnsafeBufferPointer { index.range(withPrefix: $0) }
      // The sorted vocabulary's range of words starting with the candidate begins with the candidate itself.
      guard let first = range.first, index.words.withString(first, { $0.count == candidate.count }) else { continue }
      runs.append(Run(words: first..<(first + 1), prefix: 1, whole: 1))
    }
    runs.sort { $0.words.lowerBound < $1.words.lowerBound }
    return TypoNeighbourhood(word: word, budget: 0, runs: runs)
  }

  /// The vocabulary size from which a full walk is split in two, one half per core: a budget grown to two edits
  /// (the eighth letter) walked all 600,000 title words of PyPI on one core, three quarters of that keystroke.
  static let parallelWalkWords = 1 << 16

  /// The runs of ``TypoSearch/search(_:budget:in:within:directory:found:)``, over all the vocabulary (`within`
  /// `nil`) in `parts` consecutive ranges walked at once. A run that crosses from one range to the next comes as two
  /// runs with its distances: the same words with the same distances.
  static func walk(
    _ word: [UInt8],
    budget: Int,
    in index: WordIndex,
    directory: WordDirectory? = nil,
    within: [Range<Int>]?,
    parts: Int
  ) -> [Run] {
    guard within == nil, parts > 1 else {
      var runs: [Run] = []
      TypoSearch.search(word, budget: budget, in: index, within: within, directory: directory) { words, prefix, whole in
        runs.append(Run(words: words, prefix: prefix, whole: whole))
      }
      return runs
    }
    let bounds = (0...parts).map { $0 * index.wordCount / parts }
    let found = Locked([[Run]](repeating: [], count: parts))
    // `concurrentPerform`: the calling thread walks a part itself, so the walk goes on when no other thread is free.
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let runs = walk(
        word,
        budget: budget,
        in: index,
        directory: directory,
        within: [bounds[part]..<bounds[part + 1]],
        parts: 1
      )
      found.withLock { $0[part] = runs }
    }
    return found.withLock { $0.flatMap { $0 } }
  }
}
