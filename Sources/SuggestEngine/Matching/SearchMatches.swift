/// What the scans of a search found, merged over chunks and segments, with the matches below the title: the input
/// of the ranking step.
struct SearchMatches {
  /// The best candidates, best first (exact matches included).
  var ranked: [RankedCandidate]
  /// The best exact matches, best first.
  var exacts: [RankedCandidate]
  /// How many items matched, at any level.
  var total: Int
  /// Per segment, the slots whose title matched (the session keeps them for refinement).
  var titleMatches: [Bitset]
  /// Per segment, the matches below the title.
  var secondaries: [SecondaryMatch]

  /// Gives the memory of the secondary matches back for a later search (the title matches stay with the session).
  consuming func recycle(into scratch: inout SearchScratch) {
    for secondary in secondaries { secondary.recycle(into: &scratch) }
  }
}
