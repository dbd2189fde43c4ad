/// The points that decide order within a tier. Kept together so the fast path and the test oracle share them.
enum MatchScoring {
  /// Exact match.
  static let exactLiteral = 60
  /// Prefix match that ends at the end of a title word.
  static let prefixWordEnd = 20
  /// A query word matching a whole title word.
  static let wholeWord = 30
  /// A query word matching at the title's first word.
  static let firstWord = 10
  /// An acronym starting at the title's first word.
  static let acronymFirstWord = 20
  /// The best substring score (at position 0); one point less per byte further.
  static let substringBest = 20
  /// A typo match with one edit; each further edit costs as much.
  static let typoOneEdit = 20

  /// Fuzzy alignment: points per matched character.
  static let fuzzyMatch = 16
  /// Fuzzy alignment: bonus when a character matches at a word start.
  static let fuzzyBoundary = 8
  /// Fuzzy alignment: bonus when the first query character matches at a word start.
  static let fuzzyFirstBoundary = 16
  /// Fuzzy alignment: bonus when a character directly follows the previous match.
  static let fuzzyConsecutive = 6
  /// Fuzzy alignment: cost of opening a gap (each further gap byte costs 1).
  static let fuzzyGapOpen = 3
  /// Fuzzy alignment: the largest cost of a late start (one point per byte before the first match).
  static let fuzzyLeadingCap = 10
}
