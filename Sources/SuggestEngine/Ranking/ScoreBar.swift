/// What a hit must beat to enter a full top-k selection, per tier: lets a scan skip scoring items that cannot
/// reach the page (they are only counted).
struct ScoreBar {
  /// Per tier (by raw value, exact through scattered): the smallest popularity prior (plus boost) an item needs
  /// for its best possible score in that tier to reach the bar's score (a tie, decided by title length and
  /// catalog order).
  private var tyingPriors: (Int, Int, Int, Int, Int, Int, Int, Int, Int)
  /// Per tier: the smallest prior for its best possible score to pass the bar's score.
  private var passingPriors: (Int, Int, Int, Int, Int, Int, Int, Int, Int)
  /// The worst kept key (`nil` while open).
  private var worst: RankKey?

  /// No bar: every tier is worth scoring.
  static let open = ScoreBar(
    tyingPriors: (.min, .min, .min, .min, .min, .min, .min, .min, .min),
    passingPriors: (.min, .min, .min, .min, .min, .min, .min, .min, .min),
    worst: nil
  )

  private init(
    tyingPriors: (Int, Int, Int, Int, Int, Int, Int, Int, Int),
    passingPriors: (Int, Int, Int, Int, Int, Int, Int, Int, Int),
    worst: RankKey?
  ) {
    self.tyingPriors = tyingPriors
    self.passingPriors = passingPriors
    self.worst = worst
  }

  /// The bar of a full selection whose worst kept key is `worst`.
  ///
  /// - Parameters:
  ///   - worst: The worst kept key.
  ///   - acronymCeiling: The best score an acronym match of the query can reach without its prior (see
  ///     ``PreparedQuery/acronymCeiling``).
  init(worst: RankKey, acronymCeiling: Int = MatchScoring.ceiling(.acronym)) {
    /// The priors to tie and to pass the worst score in `tier`.
    func minimum(_ tier: MatchTier) -> (tying: Int, passing: Int) {
      if tier.band < worst.band { return (.min, .min) }
      if tier.band > worst.band { return (.max, .max) }
      let needed = worst.score - (tier == .acronym ? acronymCeiling : MatchScoring.ceiling(tier))
      // A scattered hit counts half its prior, rounded down (``RankingRules/prior(_:tier:)``).
      return tier == .scattered ? (2 * needed, 2 * needed + 2) : (needed, needed + 1)
    }
    let tiers: [MatchTier] = [
      .exact, .prefix, .wordPrefix, .acronym, .substring, .typo, .fuzzy, .partialTypo, .scattered,
    ]
    let m = tiers.map(minimum)
    tyingPriors = (m[0].0, m[1].0, m[2].0, m[3].0, m[4].0, m[5].0, m[6].0, m[7].0, m[8].0)
    passingPriors = (m[0].1, m[1].1, m[2].1, m[3].1, m[4].1, m[5].1, m[6].1, m[7].1, m[8].1)
    self.worst = worst
  }

  /// The worst tier, at most `matchCap`, in which an item of this prior could still pass the bar (ceilings fall
  /// with the tier inside each band, so every better tier could too); ``MatchTier/exact`` when none can (exact
  /// matches are always scored).
  ///
  /// An item whose best score would only equal the bar's passes it when its title is shorter, or as long and not
  /// later in the catalog (``RankKey``): a typo-like query whose page ends at the fuzzy ceiling ("oeop") then
  /// leaves the long names, most of them, unscored.
  ///
  /// - Parameters:
  ///   - prior: The item's popularity prior.
  ///   - matchCap: The worst tier that counts as a match.
  ///   - length: The item's folded title length.
  ///   - index: The item's catalog index.
  /// - Returns: The tier.
  @inline(__always) func scoreCap(prior: Int, matchCap: MatchTier, length: Int, index: Int) -> MatchTier {
    let passing = Self.cap(prior: prior, minimums: passingPriors, matchCap: matchCap)
    let tying = Self.cap(prior: prior, minimums: tyingPriors, matchCap: matchCap)
    // Mostly the same: the tie-break is worked out only when it decides.
    guard tying != passing else { return tying }
    return winsTie(length: length, index: index) ? tying : passing
  }

  /// The tiers ``scoreCap(prior:matchCap:length:index:)`` gives an item of prior `prior` that wins the tie-break
  /// against the worst kept key, and one that loses it (``winsTie(length:index:)``): a scan works them out once per
  /// bar for the unranked items (prior 0), most of a large catalog.
  func scoreCaps(prior: Int, matchCap: MatchTier) -> (tying: MatchTier, passing: MatchTier) {
    (
      Self.cap(prior: prior, minimums: tyingPriors, matchCap: matchCap),
      Self.cap(prior: prior, minimums: passingPriors, matchCap: matchCap)
    )
  }

  /// Whether an item of title length `length` and catalog index `index` whose best score equals the worst kept
  /// key's would pass it (``RankKey``'s tie-break; `true` while open).
  @inline(__always) func winsTie(length: Int, index: Int) -> Bool {
    guard let worst else { return true }
    // Not after the worst: the worst item itself (a floor is often a real item's key) must be scored again.
    return !(worst < RankKey(band: worst.band, score: worst.score, length: length, index: index))
  }

  /// The worst tier, at most `matchCap`, whose minimum prior `prior` reaches.
  @inline(__always) private static func cap(
    prior: Int,
    minimums m: (Int, Int, Int, Int, Int, Int, Int, Int, Int),
    matchCap: MatchTier
  ) -> MatchTier {
    switch matchCap {
    case .scattered, .subtitle, .keyword, .unranked:
      if prior >= m.8 { return .scattered }
      fallthrough
    case .partialTypo:
      if prior >= m.7 { return .partialTypo }
      fallthrough
    case .fuzzy:
      if prior >= m.6 { return .fuzzy }
      fallthrough
    case .typo:
      if prior >= m.5 { return .typo }
      fallthrough
    case .substring:
      if prior >= m.4 { return .substring }
      fallthrough
    case .acronym:
      if prior >= m.3 { return .acronym }
      fallthrough
    case .wordPrefix:
      if prior >= m.2 { return .wordPrefix }
      fallthrough
    case .prefix:
      if prior >= m.1 { return .prefix }
      fallthrough
    case .exact:
      return .exact
    }
  }
}
