/// The points that rank hits. Kept together so the fast path and the test oracle share them.
///
/// A hit's score is `base(tier) + quality + prior + boost`, compared only within its ``MatchBand``:
/// - `base` places the tier (``RankingRules``, the one table of bands and bases);
/// - `quality` (0…40, up to 50 for a typo hit that covers the whole title, ``coversTitle``; less for two initials,
///   several typos or a misplaced separator) is how well the title is covered: ``first`` when the match of the query's
///   first word touches the title's first word (the query starts where the name starts), ``last`` when it touches its
///   last word (separator-delimited words; after a query ending with a separator, "kubernetes-", when the last query
///   word's match does not: the name goes on), and up to ``specific`` for a tier-specific sign (exact: the title as
///   typed, separators included; prefix: the query ends at a word end, and ``misplacedSeparator`` less when a separator
///   typed falls inside a title word; word prefix: every query word is a whole title word; acronym: the initials
///   abbreviate every title word, and only two initials cost 25 points instead; substring: it ends at a word end; typo
///   and partial typo: the edits over all typo words, full for one and ``extraEditCost`` less for each more (a first
///   letter changed counts one more, ``scoredEdits(_:changesFirstLetter:isFirstWord:)``), ``unlikelyEditCost`` less for
///   each that is no slip of a finger and ``neighbourKeyCost`` for each on a key beside the one meant, the word-prefix
///   words aside (``combinedSpecific(strong:loose:edits:unlikely:neighbourKeys:)``); fuzzy and scattered: how close
///   the letters are);
/// - `prior` (0…96) is the popularity prior (``PopularityPrior``): at least 15 for any positive weight, then 5.8
///   points per halving of the popularity rank on PyPI;
/// - `boost` is the caller's per-item bonus (recents).
///
/// The bases are spaced so that popularity crosses tier lines only in a bounded way: an unranked exact match (100)
/// loses only to a prefix match (85) of a package with a prior above 15, or a complete acronym (70) of one above 30;
/// and a name the query covers to its last word beats a longer name the query
/// only starts unless that one is about ten times more popular (20 points).
enum MatchScoring {
  /// Quality for touching the title's first word with the query's first word.
  static let first = 10
  /// Quality for touching the title's last word.
  static let last = 20

  /// Whether a match earns ``last``: it touches the title's last word, or, when a separator follows the query's
  /// last word ("kubernetes-": the name goes on), it does not.
  @inline(__always) static func earnsLast(touchesLast: Bool, endsWithSeparator: Bool) -> Bool {
    touchesLast != endsWithSeparator
  }
  /// The largest tier-specific quality.
  static let specific = 10

  /// What a prefix match loses when a separator typed between two query words falls inside a title word: `py-t` is
  /// a prefix of pytest once separators are set aside, but its words are not pytest's, and the user who typed the
  /// separator is starting a new word (names that start `py-t…` as typed come first at equal popularity).
  static let misplacedSeparator = 20

  /// The tier-specific quality of an acronym of only two initials ("ip" → "iMac Pro"): they match too many names by
  /// chance to outweigh a prefix match of the same popularity.
  static let twoInitials = -25
  /// The largest quality of any tier but typo (``coversTitle`` more).
  static let maximumQuality = first + last + specific

  /// Quality for a typo hit that covers the whole title: its words, as many as the title's (separator-delimited),
  /// touch its first and last word, and no separator typed after them says the name goes on. The query is then the
  /// name mistyped (`crc32d` → crc32c, `myssql` → mysql), not one word of a longer name (google-crc32c,
  /// apache-airflow-providers-mysql). With the first-word sign that such a word lacks, it makes 20 points: the whole
  /// name passes one about ten times as popular.
  static let coversTitle = 10

  /// The tier-specific quality a typo hit loses for each Damerau edit beyond the first, counted over all its typo
  /// words: fewer typos rank first (as in Typesense and Meilisearch), and popularity reorders freely only hits with
  /// as many typos. One edit keeps the full ``specific`` and two give −10, so a two-edit hit needs a prior 20
  /// points higher (about ten times the popularity on PyPI) to pass a one-edit hit of the same signs.
  static let extraEditCost = 20

  /// The tier-specific quality of typo words with `edits` Damerau edits between them: ``specific`` for one (or
  /// none), ``extraEditCost`` less for each further edit.
  @inline(__always) static func typoSpecific(edits: Int) -> Int {
    specific - extraEditCost * max(0, edits - 1)
  }

  /// The edits a typo word counts for its hit's quality (``typoSpecific(edits:)``): its Damerau edits, and one more
  /// when it is the query's first word read as a title word that begins with another letter. A name is seldom
  /// mistyped at its first letter (the typo budget already allows no second edit there,
  /// ``RankingRules/typoBudget(_:sameFirstByte:)``): at equal popularity `dffroute` is diffroute with a letter
  /// dropped before ffroute with one typed in front.
  ///
  /// - Parameters:
  ///   - edits: The word's Damerau edits.
  ///   - changesFirstLetter: Whether its title word begins with another byte (``WordSigns/changesFirstLetter``).
  ///   - isFirstWord: Whether it is the query's first word: a later word's first letter is no name's first letter.
  /// - Returns: The edits to count.
  @inline(__always) static func scoredEdits(_ edits: Int, changesFirstLetter: Bool, isFirstWord: Bool) -> Int {
    changesFirstLetter && isFirstWord ? edits + 1 : edits
  }

  /// What a typo hit's quality loses for each of its edits that is no slip of a finger: a letter typed for one that
  /// is not its neighbour on the keyboard, or one typed in excess beside no letter it repeats or neighbours
  /// (``TypoLocator/edits(_:_:whole:budget:rows:)``). Most typos are slips (`reqeusts`, `rewuests`), so at
  /// equal popularity `paykent` is payment (k beside m) before paygent. Half an edit, enough to order names about
  /// twice as popular as each other: at a whole edit, the unranked one-edit typos that end a weak-band page
  /// (`anar` → anal, anas) fell below that page's substrings, and the scan scored tens of thousands more titles
  /// (twice the CPU for `anar` at limit 49; at half an edit, a quarter more).
  static let unlikelyEditCost = extraEditCost / 2

  /// What a typo hit's quality loses for each of its edits that hit a key beside the one meant: a letter typed for
  /// its neighbour, or typed in excess beside one (``TypoLocator/edits(_:_:whole:budget:rows:)``). Such a slip is
  /// one of the several keys around the meant one, while a letter dropped, doubled or swapped with the next has one
  /// way to happen, so at equal popularity the name reached by that edit is the likelier meaning: `sodm` gives sdom
  /// (two letters swapped) before sofm (f beside d), and `txpy` texpy (e dropped) before the shorter tdpy. Two
  /// points: it orders hits that tie, and names of about the same popularity; at ten, one-edit typos of a name
  /// meant with a neighbouring key fell below the hits of other names on the tuning seeds.
  static let neighbourKeyCost = 2

  /// The tier-specific quality of a hit from its words': the weakest word's, except that with typo words (`edits`
  /// not `nil`) it is their edits' (``typoSpecific(edits:)``, less ``unlikelyEditCost`` for each unlikely one and
  /// ``neighbourKeyCost`` for each on a neighbouring key) and the weakest of the other words but the word prefixes: a
  /// query with a typo is judged by its typos, and its last word is often a word still being typed ("tyoes-datep" →
  /// types-dateparser). The other words do lower it: in
  /// "djsngo-z", the z inside django-jazzmin is weaker than the z that starts django-zeal's last word, and in
  /// "bs-yener", two initials of bigquery-schema-generator are weaker than the word that starts bs-generator.
  ///
  /// - Parameters:
  ///   - strong: The lowest tier-specific quality of the words matched as word prefixes.
  ///   - loose: The lowest tier-specific quality of the acronym, substring, fuzzy and scattered words.
  ///   - edits: The edits of the typo and partial-typo words together, as each counts
  ///     (``scoredEdits(_:changesFirstLetter:isFirstWord:)``), or `nil` when there are none.
  ///   - unlikely: How many of those edits are no slip of a finger (``WordSigns/unlikelyEdits``).
  ///   - neighbourKeys: How many are a key beside the one meant (``WordSigns/neighbourKeyEdits``).
  /// - Returns: The tier-specific quality.
  @inline(__always) static func combinedSpecific(
    strong: Int,
    loose: Int,
    edits: Int?,
    unlikely: Int = 0,
    neighbourKeys: Int = 0
  ) -> Int {
    guard let edits else { return min(strong, loose) }
    return min(loose, typoSpecific(edits: edits) - unlikelyEditCost * unlikely - neighbourKeyCost * neighbourKeys)
  }

  /// The base score of a tier (``RankingRules``).
  @inline(__always) static func base(_ tier: MatchTier) -> Int { RankingRules.rule(tier).base }

  /// The best score a hit of `tier` can reach without its prior and boost (a scattered word may still take the
  /// first- and last-word signs from the other words of the query).
  static func ceiling(_ tier: MatchTier) -> Int {
    switch tier {
    case .exact: base(.exact) + specific
    case .subtitle, .keyword: Int.max / 4
    case .unranked: 0
    case .typo: base(tier) + maximumQuality + coversTitle
    default: base(tier) + maximumQuality
    }
  }

  /// The score of a hit without its prior and boost: the tier's base plus the quality, at most the tier's
  /// ceiling.
  @inline(__always) static func score(_ tier: MatchTier, quality: Int) -> Int {
    min(base(tier) + quality, ceiling(tier))
  }

  /// The score offset of each band in a hit's public score (``SearchHit/score``), so that one number orders hits.
  static let bandScale = 1_000_000

  /// The public score of a hit: its band's offset plus its score within the band (clamped below the offset).
  static func publicScore(band: MatchBand, score: Int) -> Int {
    let bandsBelow = max(0, MatchBand.keyword.rawValue - band.rawValue)
    return bandsBelow * bandScale + max(0, min(score, bandScale - 1))
  }

  /// Quality from the three signs.
  @inline(__always) static func quality(first isFirst: Bool, last isLast: Bool, specific points: Int) -> Int {
    (isFirst ? first : 0) + (isLast ? last : 0) + points
  }

  /// The tier-specific quality of a fuzzy or scattered alignment: 0…``specific`` by its score against the best
  /// possible alignment of the same characters (all consecutive from the title's first byte, at a word start).
  static func closeness(_ raw: Int, characters: Int) -> Int {
    let best = fuzzyMatch * characters + fuzzyFirstBoundary + fuzzyConsecutive * max(0, characters - 1)
    guard best > 0, raw > 0 else { return 0 }
    return min(specific, raw * specific / best)
  }

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
