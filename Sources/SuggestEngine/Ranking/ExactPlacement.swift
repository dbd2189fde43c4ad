/// The one positional rule of the ranking: an exact match is never preceded by more than two non-exact hits, so
/// the name typed in full stays in view however popular the names it is a prefix or acronym of.
enum ExactPlacement {
  /// How many non-exact hits may rank above an exact match.
  static let allowedAhead = 2

  /// Applies the rule to the best candidates.
  ///
  /// Walks the candidates in key order until `allowedAhead` non-exact hits have been taken, then takes every
  /// remaining exact match, then the remaining non-exact hits. A correction (``CorrectionRule``) comes first and
  /// counts as one of the non-exact hits. A lifted hit reports the score of the first hit it passed when that is
  /// higher, so scores never increase down the list.
  ///
  /// - Parameters:
  ///   - ranked: The best candidates (exact ones included), any order.
  ///   - exacts: The best exact matches, any order (they may repeat `ranked`'s).
  ///   - correction: The hit to lift to first place, if any (it may repeat one of `ranked`).
  ///   - capacity: How many to return.
  /// - Returns: At most `capacity` candidates in their final order, each with its public score
  ///   (``MatchScoring/publicScore(band:score:)``).
  /// - Complexity: O(*k* log *k*) for *k* candidates.
  static func apply(
    _ ranked: [RankedCandidate],
    exacts: [RankedCandidate],
    correction: RankedCandidate? = nil,
    capacity: Int
  ) -> [(candidate: RankedCandidate, score: Int)] {
    var merged = ranked
    var seen = Set<Int64>()
    for candidate in ranked { seen.insert(identity(candidate)) }
    for candidate in exacts where seen.insert(identity(candidate)).inserted { merged.append(candidate) }
    merged.sort()
    var result: [(candidate: RankedCandidate, score: Int)] = []
    var nonExact = 0
    if let correction {
      // The ranked copy carries any boost.
      let lifted =
        merged.firstIndex { identity($0) == identity(correction) }.map { merged.remove(at: $0) } ?? correction
      let passed = merged.first.map(publicScore) ?? Int.min
      result.append((lifted, max(publicScore(lifted), passed)))
      nonExact = 1
    }
    var cursor = 0
    while cursor < merged.count && nonExact < allowedAhead {
      let candidate = merged[cursor]
      if candidate.tier != .exact { nonExact += 1 }
      result.append((candidate, publicScore(candidate)))
      cursor += 1
    }
    let rest = merged[cursor...]
    let passed = rest.first { $0.tier != .exact }.map(publicScore) ?? Int.min
    for candidate in rest where candidate.tier == .exact {
      result.append((candidate, max(publicScore(candidate), passed)))
    }
    for candidate in rest where candidate.tier != .exact { result.append((candidate, publicScore(candidate))) }
    return Array(result.prefix(max(0, capacity)))
  }

  private static func identity(_ candidate: RankedCandidate) -> Int64 {
    Int64(candidate.segment) << 32 | Int64(candidate.slot)
  }

  private static func publicScore(_ candidate: RankedCandidate) -> Int {
    MatchScoring.publicScore(band: candidate.key.band, score: candidate.key.score)
  }
}
