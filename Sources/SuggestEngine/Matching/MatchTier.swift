/// How well an item matched, best first. Tiers never mix: every hit of a better tier ranks above every hit of a
/// worse one.
public enum MatchTier: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// The folded title equals the folded query (every separator folds to one, so "flask login" = "Flask-Login").
  case exact = 0
  /// The folded title starts with the folded query.
  case prefix
  /// Every query word starts a word of the title.
  case wordPrefix
  /// Every query word is the initials of title words in order ("mbp" → "MacBook Pro", camel humps included).
  case acronym
  /// Every query word occurs in the title.
  case substring
  /// Some query word matches a whole title word only with typos (Damerau edits: one from 4 letters, two from 8).
  /// Ranked above fuzzy matches: one edit from a whole word is stronger evidence than letters with gaps.
  case typo
  /// Every query word is a tight subsequence of one title word (fzf-style scoring).
  case fuzzy
  /// Some query word matches the beginning of a title word only with typos (the word being typed: "reqeu").
  case partialTypo
  /// Some query word is only a subsequence scattered over several title words: the loosest title match.
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
