import SuggestEngine

/// What a search reads of the daemon's state, taken in its turn among the writes (``RequestOrdering``): the catalog
/// snapshot, the recents it may show or boost, and the position encoding of its highlights.
///
/// Taking them up front lets the writes that arrived after the search go as soon as it has them, instead of waiting
/// for it to run: a `recents/add` or an `initialize` written after a burst of thousands of searches is answered at
/// once, and none of those searches sees its effect.
struct SearchInputs: Sendable {
  /// The catalog searched, as it was when the search's turn came.
  var catalog: Catalog
  /// The catalog's recents, newest first (empty unless the method reads them).
  var recents: [RecentEntry]
  /// The frecency boosts of those recents.
  var frecency: FrecencyTable
  /// The encoding of highlight ranges.
  var positionEncoding: PositionEncoding
}
