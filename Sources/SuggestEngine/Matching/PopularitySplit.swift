/// Which slots of a segment a scan visits, in a search scanned in two phases (``SearchPlan/splitsByPopularity``):
/// first the likely best, the ranked slots (a positive prior) and those with a whole-word typo match, then the rest.
///
/// The page of a short or typo-like query often ends among weak matches, most of them of popular names or names one
/// edit away: scanning those first gives the second phase, where nearly every slot is unranked and far from the
/// query, a bar that most of its matches cannot reach, so they are only counted instead of scored.
enum PopularitySplit: Sendable {
  /// Every slot.
  case all
  /// The first phase: the slots in the set (the segment's ranked slots) and those with a whole-word typo match.
  case first(Bitset)
  /// The second phase: every other slot.
  case rest(Bitset)
}
