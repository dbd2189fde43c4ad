/// How an item matched, best first.
///
/// The ranking rule: tiers fall into bands — strong (exact, prefix, word prefix, acronym), weak (substring, typo,
/// fuzzy, partial typo, scattered), subtitle, keyword — and every hit of a better band ranks above every hit of a
/// worse one, so an exact or prefix match is never buried under a popular fuzzy or typo match. Within a band, hits
/// rank by score: the tier's base + match quality + the popularity prior + boosts; then recency, the shorter title,
/// catalog order. The bands, bases, typo budgets and recency rules are one table, ``RankingRules``; the quality
/// points are ``MatchScoring``. Two positional rules top it off: a typo match of a far more popular item may come
/// first ("did you mean", ``CorrectionRule``), and an exact match is never preceded by more than two non-exact hits
/// (``ExactPlacement``).
public enum MatchTier: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// The folded title equals the folded query, separators aside ("flask login" = "Flask-Login" = "flasklogin").
  case exact = 0
  /// The folded title starts with the folded query, separators aside ("typingext" → "typing-extensions").
  case prefix
  /// Every query word starts a word of the title.
  case wordPrefix
  /// Every query word is initials of consecutive title words ("mbp" → "MacBook Pro", camel humps included; words
  /// before the first initial may be skipped), or starts of title words typed without separators ("gooclosto" →
  /// google-cloud-storage, ``TitleMatcher/joinedPrefixes(_:_:ends:geometry:scratch:)``).
  case acronym
  /// Every query word occurs in the title (`soup` → beautifulsoup4); when the title has a part for each word, one
  /// found only inside a title word is read by the weaker tiers (`ntd-nts` in streamlit-antd-components).
  case substring
  /// Some query word matches a whole title word only with typos (Damerau edits: one from 4 letters, two from 8).
  /// Ranked above fuzzy matches: one edit from a whole word is stronger evidence than letters with gaps.
  case typo
  /// Every query word is a tight subsequence of one title word, from a word start (fzf-style scoring).
  case fuzzy
  /// Some query word matches the beginning of a title word only with typos (the word being typed: "reqeu").
  case partialTypo
  /// Some query word is only a subsequence scattered over several title words, or one from inside a word: the
  /// loosest title match.
  case scattered
  /// The query matched words of the subtitle (and maybe the title), not the title alone.
  case subtitle
  /// The query matched words of the keywords (and maybe title or subtitle).
  case keyword
  /// Not a match ranking: an empty query lists every item, or `contains` mode lists matches in catalog order.
  case unranked

  /// Compares tiers by rank: better tiers are smaller.
  public static func < (lhs: MatchTier, rhs: MatchTier) -> Bool { lhs.rawValue < rhs.rawValue }
}
