extension FrecencyTable {
  /// The ids of the chosen items, each once, by frecency (recent and frequent choices first; equal ones the
  /// newest first): ``SearchQuery/recents``.
  public var chosenIDs: [String] {
    var best: [String: (value: Double, order: Int)] = [:]
    for (order, boost) in boosts.enumerated() {
      guard let id = boost.id else { continue }
      if let known = best[id], known.value >= boost.value { continue }
      best[id] = (boost.value, best[id]?.order ?? order)
    }
    return best.sorted { a, b in
      a.value.value != b.value.value ? a.value.value > b.value.value : a.value.order < b.value.order
    }.map(\.key)
  }

  /// The score points each chosen item gains in the suggestion popup (`search/complete`): its frecency times
  /// ``RankingRules/recentBoostScale``; ``SearchQuery/boosts``. A recent search without an id boosts nothing.
  public var scoreBoosts: [String: Int] {
    var result: [String: Int] = [:]
    for boost in boosts {
      guard let id = boost.id else { continue }
      result[id] = max(result[id, default: 0], Int((boost.value * RankingRules.recentBoostScale).rounded()))
    }
    return result
  }
}
