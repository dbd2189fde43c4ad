/// How a query matches items (contract §5, `search/filter` `mode`).
public enum MatchMode: String, Sendable, Hashable, CaseIterable {
  /// Every query word must match, ranked by tier: exact, prefix, word prefix, acronym, substring, fuzzy, typo.
  case smart
  /// Exactly Foundation's `localizedCaseInsensitiveContains` on the title, in catalog order (the seed's filter).
  case contains
  /// Like ``smart`` but only exact, prefix and word-prefix matches.
  case prefix
  /// Like ``smart`` but without typo tolerance.
  case fuzzy
}
