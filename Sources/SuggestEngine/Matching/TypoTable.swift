/// Typo matches of every query word in one segment, in one flat bit array of `stride` words per set. For word
/// `w`: set `4w` holds the slots with a title word prefix within one edit, `4w + 1` within two (a superset),
/// `4w + 2` the slots with a whole title word within one edit, `4w + 3` within two.
struct TypoTable: Sendable {
  /// 64-bit words per set.
  let stride: Int
  /// The sets.
  let bits: [UInt64]
  /// Per query word: 0 when it has no typo sets, else its budget.
  let budgets: [UInt8]

  /// A table with no typo matches.
  static func none(words: Int) -> TypoTable {
    TypoTable(stride: 0, bits: [], budgets: [UInt8](repeating: 0, count: words))
  }

  /// Looks up the typo matches of every word of `query` among the title words of `segment`.
  ///
  /// - Parameters:
  ///   - query: The prepared query.
  ///   - segment: The segment.
  ///   - previous: The neighbourhoods found by the field's previous search in this segment (reused or narrowed).
  ///   - neighbourhoods: Receives the neighbourhood of each word with a budget.
  ///   - scratch: The search's working memory, where the table is made.
  /// - Returns: The typo sets of every word.
  /// - Complexity: proportional to the vocabulary neighbourhood of each word plus the postings found.
  static func find(
    _ query: PreparedQuery,
    in segment: CatalogSegment,
    previous: [TypoNeighbourhood] = [],
    neighbourhoods: inout [TypoNeighbourhood],
    scratch: inout SearchScratch
  ) -> TypoTable {
    guard query.words.contains(where: { $0.typoBudget > 0 }) else { return .none(words: query.words.count) }
    let stride = (segment.count + 63) >> 6
    var bits = scratch.zeroWords(4 * query.words.count * stride)
    var budgets: [UInt8] = []
    bits.withUnsafeMutableBufferPointer { bits in
      for (w, word) in query.words.enumerated() {
        budgets.append(UInt8(word.typoBudget))
        guard word.typoBudget > 0 else { continue }
        let base = 4 * w * stride
        func mark(_ range: Range<Int>, set: Int) {
          let offset = base + set * stride
          segment.titleWords.forEachSlot(inWords: range) { slot in bits[offset + slot >> 6] |= 1 << UInt64(slot & 63) }
        }
        let neighbourhood = TypoNeighbourhood.find(
          word.bytes,
          budget: word.typoBudget,
          in: segment.titleWords,
          previous: previous
        )
        neighbourhoods.append(neighbourhood)
        for run in neighbourhood.runs {
          // A word whose budget comes from the rest of the query matches whole words only.
          if word.wholeTyposOnly && run.whole == nil { continue }
          mark(run.words, set: run.prefix <= 1 ? 0 : 1)
          if let whole = run.whole { mark(run.words, set: whole <= 1 ? 2 : 3) }
        }
        for index in 0..<stride {
          bits[base + stride + index] |= bits[base + index]
          bits[base + 3 * stride + index] |= bits[base + 2 * stride + index]
        }
      }
    }
    return TypoTable(stride: stride, bits: bits, budgets: budgets)
  }

  /// Calls `body` with each slot in which word `word` is within its budget of a whole title word, in slot order,
  /// until `body` returns false.
  func forEachWholeMatch(word: Int, _ body: (Int) -> Bool) {
    guard word < budgets.count, budgets[word] > 0 else { return }
    let base = (4 * word + 3) * stride
    for index in 0..<stride {
      var bits = self.bits[base + index]
      while bits != 0 {
        guard body(index << 6 | bits.trailingZeroBitCount) else { return }
        bits &= bits &- 1
      }
    }
  }

  /// Adds every slot with a typo match for some word to `set`.
  func addAll(to set: inout Bitset) {
    guard stride > 0 else { return }
    set.withWords { words in
      for w in budgets.indices where budgets[w] > 0 {
        let two = (4 * w + 1) * stride
        for index in 0..<stride { words[index] |= bits[two + index] }
      }
    }
  }
}
