/// What one search scans: per segment, the scan's context, and the sets the merge and the ranking reuse. Made by
/// ``Catalog/plan(_:prepared:restriction:session:)`` before any item is visited.
struct SearchPlan {
  /// Per segment (base, delta), everything its scan needs.
  var contexts: [SegmentContext]
  /// Per segment, per query word: the slots with a title word starting with it.
  let titleWordSets: [[Bitset]]
  /// Per segment, the typo neighbourhoods found (the session keeps them for the next keystroke).
  let neighbourhoods: [[TypoNeighbourhood]]
  /// Whether the scans visit only the previous search's matches (refinement).
  let refines: Bool
  /// The worst tier that counts as a title match.
  let matchCap: MatchTier
  /// Whether typo matches count (smart mode).
  let allowsTypos: Bool
  /// How many best candidates to keep (offset plus limit).
  let capacity: Int
  /// Whether the scan goes in two phases, the likely best slots first (``PopularitySplit``): for a deep page that no
  /// word-prefix floor bounds, with many slots left to scan.
  let splitsByPopularity: Bool
  /// How many slots the scans visit: every slot of each segment, or a refinement's candidates.
  let slotsToVisit: Int

  /// Whether the scans visit so few slots (at most ``Catalog/inlineScanSlots``) that they run on the calling thread.
  var scansInline: Bool { slotsToVisit <= Catalog.inlineScanSlots }

  /// Gives the memory of the sets made for this search back for a later one (not the catalog's own sets, nor the
  /// shared word-prefix and typo sets).
  consuming func recycle(into scratch: inout SearchScratch) {
    for context in contexts {
      if let wordPrefixes = context.wordPrefixes { scratch.recycle(wordPrefixes) }
      if let candidates = context.candidates { scratch.recycle(candidates) }
      if let allowed = context.allowed { scratch.recycle(allowed) }
    }
  }
}
