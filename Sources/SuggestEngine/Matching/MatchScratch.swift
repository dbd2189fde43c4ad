/// Storage reused across the items of one scan, so matching one title allocates nothing.
struct MatchScratch {
  /// Dynamic-programming rows of the fuzzy aligner.
  var rows: [Int] = []
}
