/// What a hit must beat to enter a full top-k selection, per tier: lets a scan skip scoring items that cannot
/// reach the page (they are only counted).
struct ScoreBar {
  /// Per tier (by raw value, exact through scattered): the smallest popularity prior (plus boost) an item needs
  /// for its best possible score in that tier to reach the bar.
  private var minimumPriors: (Int, Int, Int, Int, Int, Int, Int, Int, Int)

  /// No bar: every tier is worth scoring.
  static let open = ScoreBar(minimumPriors: (.min, .min, .min, .min, .min, .min, .min, .min, .min))

  private init(minimumPriors: (Int, Int, Int, Int, Int, Int, Int, Int, Int)) {
    self.minimumPriors = minimumPriors
  }

  /// The bar of a full selection whose worst kept key is `worst`.
  ///
  /// - Parameters:
  ///   - worst: The worst kept key.
  ///   - acronymCeiling: The best score an acronym match of the query can reach without its prior (see
  ///     ``PreparedQuery/acronymCeiling``).
  init(worst: RankKey, acronymCeiling: Int = MatchScoring.ceiling(.acronym)) {
    func minimum(_ tier: MatchTier) -> Int {
      if tier.band < worst.band { return .min }
      if tier.band > worst.band { return .max }
      let needed = worst.score - (tier == .acronym ? acronymCeiling : MatchScoring.ceiling(tier))
      // A scattered hit counts half its prior (``RankingRules/prior(_:tier:)``).
      return tier == .scattered ? 2 * needed : needed
    }
    minimumPriors = (
      minimum(.exact), minimum(.prefix), minimum(.wordPrefix), minimum(.acronym), minimum(.substring),
      minimum(.typo), minimum(.fuzzy), minimum(.partialTypo), minimum(.scattered)
    )
  }

  /// The worst tier, at most `matchCap`, in which an item of this prior could still reach the bar (ceilings fall
  /// with the tier inside each band, so every better tier could too); ``MatchTier/exact`` when none can (exact
  /// matches are always scored).
  @inline(__always) func scoreCap(prior: Int, matchCap: MatchTier) -> MatchTier {
    let m = minimumPriors
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
