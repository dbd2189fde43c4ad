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

  /// Whether a hit whose tier is in `band` and whose score without prior is at most `score` could still enter: a
  /// better band always can, a worse one never, the bar's band when the score with the full prior reaches the worst
  /// key's (ties go to the shorter title, then the earlier item, as in ``RankKey``).
  @inline(__always) func mayEnter(band: MatchBand, upTo score: Int) -> Bool {
    guard let worst else { return true }
    if band != worst.band { return band < worst.band }
    let best = score + prior
    if best != worst.score { return best > worst.score }
    return !(worst < RankKey(band: band, score: best, length: length, index: index))
  }
}
