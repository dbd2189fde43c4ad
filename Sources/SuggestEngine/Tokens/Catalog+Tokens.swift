extension Catalog {
  /// The number of live items carrying every token in `selected` and, for each defined token, that token too.
  ///
  /// - Parameter selected: Token ids already in the search field.
  /// - Returns: Token id → item count, for every defined token (0 when an unknown id is selected).
  /// - Complexity: O(*n* / 64 + token memberships).
  public func tokenCounts(selected: [String]) -> [String: Int] {
    var counts: [String: Int] = [:]
    let restriction = restriction(tokens: selected, scope: nil)
    for token in tokenTable.tokens {
      counts[token.id] = restriction.map { count(of: token.id, within: $0) } ?? 0
    }
    return counts
  }

  /// The live items carrying `token` within the per-segment restriction.
  private func count(of token: String, within restriction: [Bitset?]) -> Int {
    guard let index = tokenTable.existingIndex(of: token) else { return 0 }
    var total = 0
    for (ordinal, segment) in [base, delta].enumerated() where index < segment.tokenPostings.count {
      let excluded = ordinal == 0 ? baseDead : delta.shadowed
      for slot in segment.tokenPostings[index] where !excluded.contains(Int(slot)) {
        if restriction[ordinal]?.contains(Int(slot)) ?? true { total += 1 }
      }
    }
    return total
  }

  /// Token suggestions for `search/tokens`.
  ///
  /// With an empty query (a leading `#` and spaces are ignored): every defined token not already selected, in
  /// definition order. Otherwise: the tokens whose label matches the query (exact, prefix, word prefix, acronym,
  /// substring or fuzzy, as for titles) or whose keywords start with every query word, best match first, then
  /// the most items, then definition order.
  ///
  /// - Parameters:
  ///   - query: The text typed (e.g. `"#mus"`).
  ///   - selected: Token ids already selected (never suggested again; they restrict the counts).
  ///   - limit: The most suggestions to return, or `nil` for all.
  /// - Returns: The suggestions with the number of items each would leave.
  /// - Complexity: O(tokens · label length · query length + token memberships).
  public func tokenSuggestions(query: String, selected: [String] = [], limit: Int? = nil) -> [TokenSuggestion] {
    var text = Substring(query)
    while let first = text.first, first == "#" || first == " " { text = text.dropFirst() }
    let prepared = PreparedQuery(String(text))
    let restriction = restriction(tokens: selected, scope: nil)
    let chosen = Set(selected)
    var ranked: [(tier: MatchTier, quality: Int, count: Int, order: Int, token: CatalogToken)] = []
    var scratch = MatchScratch()
    for (order, token) in tokenTable.tokens.enumerated() where !chosen.contains(token.id) {
      let count = restriction.map { self.count(of: token.id, within: $0) } ?? 0
      if prepared.isEmpty {
        ranked.append((.unranked, 0, count, order, token))
        continue
      }
      if let (tier, quality) = TokenMatcher.match(token, query: prepared, scratch: &scratch) {
        ranked.append((tier, quality, count, order, token))
      }
    }
    if !prepared.isEmpty {
      ranked.sort { a, b in
        if a.tier != b.tier { return a.tier < b.tier }
        if a.quality != b.quality { return a.quality > b.quality }
        if a.count != b.count { return a.count > b.count }
        return a.order < b.order
      }
    }
    let suggestions = ranked.map { TokenSuggestion(token: $0.token, count: $0.count) }
    return limit.map { Array(suggestions.prefix(max(0, $0))) } ?? suggestions
  }
}
