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
