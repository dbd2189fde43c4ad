/// What one item must beat to enter a full selection: the selection's worst key, with the item's prior, title length
/// and index, so that its evaluation can stop scoring as soon as the words matched so far rule the page out.
struct EntryBar {
  /// The worst kept key (`nil` while the selection is not full: every item may enter).
  let worst: RankKey?
  /// The item's popularity prior.
  let prior: Int
  /// The item's folded title length.
  let length: Int
  /// The item's catalog index.
  let index: Int

  /// No bar: every item may enter.
  static let open = EntryBar(worst: nil, prior: 0, length: 0, index: 0)

  /// Whether a hit whose tier is in `band` and whose score without prior is at most `score` could still enter:
  /// whether its best key (the full prior added) is not after the worst kept key in ``RankKey``'s order (band, score,
  /// shorter title, earlier item).
  @inline(__always) func mayEnter(band: MatchBand, upTo score: Int) -> Bool {
    guard let worst else { return true }
    return !(worst < RankKey(band: band, score: score + prior, length: length, index: index))
  }
}
