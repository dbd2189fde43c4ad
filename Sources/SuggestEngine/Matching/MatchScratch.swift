/// Storage reused across the items of one scan, so matching one title allocates nothing.
struct MatchScratch {
  /// Dynamic-programming rows of the fuzzy aligner.
  var rows: [Int] = []
  /// The word starts of the title being matched as an acronym.
  var starts: [Int] = []
  /// Acronym reachability: three masks per word start.
  var acronymReach: [UInt64] = []
  /// Edit-distance rows of ``TypoLocator``.
  var editRows: [Int] = []
}

extension MatchScratch {
  /// Collects the word starts of `title` in ``starts`` and clears three reach masks per start in ``acronymReach``,
  /// for the bit-parallel matchers over word starts (acronyms, joined word prefixes).
  ///
  /// - Returns: The number of word starts.
  mutating func prepareWordStartReach(_ title: TitleView) -> Int {
    starts.removeAll(keepingCapacity: true)
    title.forEachStart { starts.append($0) }
    acronymReach.removeAll(keepingCapacity: true)
    acronymReach.append(contentsOf: repeatElement(0, count: 3 * starts.count))
    return starts.count
  }
}
