/// The reusable memory of one chunk of a scan: its two selections, its match words and the matcher's rows. A scan
/// fills it and returns it in its ``SegmentScanner/ChunkResult``; the search gives it back to its
/// ``SearchScratch``.
struct ChunkScratch: Sendable {
  /// The best candidates of the chunk, in heap order (exact matches included).
  var top: [RankedCandidate] = []
  /// The best exact matches of the chunk, in heap order.
  var exacts: [RankedCandidate] = []
  /// The matching slots as bitset words, from the chunk's first word on.
  var matchWords: [UInt64] = []
  /// The matcher's rows.
  var match = MatchScratch()

  /// The four parts, moved out.
  consuming func parts() -> (
    top: [RankedCandidate], exacts: [RankedCandidate], matchWords: [UInt64], match: MatchScratch
  ) {
    (top, exacts, matchWords, match)
  }
}
