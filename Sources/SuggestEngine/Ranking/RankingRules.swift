/// The ranking of smart search in one table (contract §5): the band and base score of every tier, the typo budget,
/// and the recency rules. The scanner (``ItemEvaluator``, ``ScoreBar``), the highlighter and the test oracle all
/// read it; the match-quality points and alignment weights are in ``MatchScoring``, the "did you mean" margins in
/// ``CorrectionRule``, the exact-match placement in ``ExactPlacement``.
///
/// A hit's score is `base(tier) + quality (0…40, 50 for a typo of the whole title; less for two initials, several
/// typos, a typo that is no slip of a finger or hits a neighbouring key, or a misplaced separator) + popularity prior
/// (0…96; half for scattered hits) + boost`, compared within its band:
///
/// | tier         | band   | base | example                                 |
/// |--------------|--------|------|-----------------------------------------|
/// | exact        | strong | 90   | `flask login` → Flask-Login             |
/// | prefix       | strong | 45   | `typingext` → typing-extensions         |
/// | word prefix  | strong | 35   | `cloud stor` → google-cloud-storage     |
/// | acronym      | strong | 30   | `gcs`, `gooclosto` → google-cloud-storage |
/// | substring    | weak   | 30   | `soup` → beautifulsoup4                 |
/// | typo         | weak   | 30   | `reqeusts`, `rqsts` → requests          |
/// | fuzzy        | weak   | 20   | `mtplotlib` → matplotlib                |
/// | partial typo | weak   | 10   | `reqeu` → requests                      |
/// | scattered    | weak   | 0    | `golcdstr` → google-cloud-storage       |
/// | subtitle     | subtitle | 0  | a word of the subtitle                  |
/// | keyword      | keyword  | 0  | a keyword                               |
///
/// In the word-prefix tier each query word starts a title word of its own: typing `pytest-p`, the user has left
/// pytest for a new word, so pytest, whose one word both query words begin, is only a scattered match. So with an
/// acronym: its initials avoid a title word another query word begins and could begin nowhere else (`pyd-pat` on
/// pydantic-ai-todo, whose only p starts pydantic, is scattered), and it starts at the title's first word unless
/// another query word does (`rf` on django-rest-framework is scattered; `api vat` on api-vectra-api-tools an
/// acronym). A word of ASCII punctuation or symbols is passed over: `bcf` on @babel/code-frame is an acronym, its
/// first word babel (``TitleView/firstStart``, ``TitleView/isMinorStart(_:)``). Initials may stand inside a
/// compound word (``CompoundWords``) when they run from the title's first word to its last: `pdu` on
/// python-date|util is an acronym, `otka` on opendr-tool|kit-ambiguity-measure scattered.
/// And in the weak band, words in a title of fewer parts than words must spell it run together
/// (``WordsRunTogether``): `tensr flow` is tensorflow with letters left out, but `mee get` in mergepythonclient is
/// letters, both words on its one part, and only scattered.
///
/// A word-prefix hit whose words are the title's parts, each typed whole, in another order (``ReorderedWords``) earns
/// every sign, as the exact match in the title's order would: `connect databricks` gives databricks-connect before
/// databricks-sql-connector.
///
/// Every hit of a better band ranks above every hit of a worse one; the one exception is a typo hit of a far more
/// popular item lifted first as a correction. At equal popularity and match quality the tier order holds (an
/// acronym's base is below the word prefix's); a better-covered name or a more popular one may pass a better tier of
/// its band (bounded: the bases are spaced so that it takes a real difference). Ties in score go to the item chosen
/// most recently, then to the shorter title, then to catalog order.
enum RankingRules {
  /// The version of these rules as far as stored answers are concerned: an answers file (``ShortAnswersFile``)
  /// made by another version is not used. Bump it with any change that can change the answer to a query of one to
  /// five characters (``ShortQueryAnswers/maximumCharacters``: a base, a sign, a margin, a tier's test, a typo
  /// budget).
  static let version: UInt64 = 29

  /// The band and base score of a tier.
  @inline(__always) static func rule(_ tier: MatchTier) -> (band: MatchBand, base: Int) {
    switch tier {
    case .exact: (.strong, 90)
    case .prefix: (.strong, 45)
    case .wordPrefix: (.strong, 35)
    case .acronym: (.strong, 30)
    case .substring: (.weak, 30)
    case .typo: (.weak, 30)
    case .fuzzy: (.weak, 20)
    case .partialTypo: (.weak, 10)
    case .scattered: (.weak, 0)
    case .subtitle: (.subtitle, 0)
    case .keyword: (.keyword, 0)
    case .unranked: (.unranked, 0)
    }
  }

  /// The fewest characters a word needs for a typo budget of its own; a shorter one with a budget from the rest of
  /// the query matches whole title words only (no partial typos: `pro` is one edit from the start of `pods`).
  static let ownTypoBudgetCharacters = 4

  /// The popularity prior a hit of `tier` counts: all of it, except a scattered hit (letters in order across
  /// words) counts half, so a long popular name whose letters merely occur in order does not pass a near-exact
  /// (typo, fuzzy) hit of a less popular one.
  @inline(__always) static func prior(_ prior: Int, tier: MatchTier) -> Int {
    tier == .scattered ? prior >> 1 : prior
  }

  /// The typo budget of a query word: Damerau edits allowed, one from 4 characters and two from 8, counted over
  /// the query as typed (so `httpx-ssr` leaves its short last word one edit), but never more than one for a word
  /// under 8 characters and none for a word of one. A word of two characters has its edit only for a whole title
  /// word of two letters, its own swapped or one of them on a neighbouring key (``TwoLetterTypo``): a two-letter
  /// word one edit away in general matches nearly anything. The second edit is only for a title word with the same
  /// first byte (``typoBudget(_:sameFirstByte:)``).
  ///
  /// - Parameters:
  ///   - wordCharacters: The characters of the word.
  ///   - queryCharacters: The characters of every word of the query.
  /// - Returns: The number of edits.
  static func typoBudget(wordCharacters: Int, queryCharacters: Int) -> Int {
    let overQuery = queryCharacters >= 8 ? 2 : queryCharacters >= 4 ? 1 : 0
    let wordCap = wordCharacters >= 8 ? 2 : wordCharacters >= 2 ? 1 : 0
    return min(overQuery, wordCap)
  }

  /// The typo budget of a query word against a title word that does (`sameFirstByte`) or does not begin with the
  /// word's first byte: one edit less from two when it does not. A name is seldom mistyped twice with its first
  /// letter among the errors (Meilisearch and Typesense count a typo there as costlier), and a second edit anywhere
  /// made the eighth letter of a word walk most of the vocabulary.
  ///
  /// - Parameters:
  ///   - budget: The word's budget (``typoBudget(wordCharacters:queryCharacters:)``).
  ///   - sameFirstByte: Whether the title word begins with the query word's first byte.
  /// - Returns: The number of edits.
  @inline(__always) static func typoBudget(_ budget: Int, sameFirstByte: Bool) -> Int {
    budget >= 2 && !sameFirstByte ? budget - 1 : budget
  }

  /// Frecency (0…1) to score points in `search/complete`: up to about four doublings of popularity (the prior
  /// gains 5.8 points per halving of an item's popularity rank on PyPI), so a recent choice passes its equals and
  /// somewhat more popular matches.
  static let recentBoostScale = 24.0

  /// The score, within the strong band and before its prior, of a chosen item (``SearchQuery/recents``) that
  /// matches in it: above every other strong hit, the most recent choice first (steps wider than any prior).
  static func chosenScore(recency: Int) -> Int {
    MatchScoring.bandScale / 2 - (PopularityPrior.maximum + 1) * min(max(0, recency), recencySlots)
  }

  /// How many recent items break ties by recency (``RankKey``): later ones count as not recent.
  static let recencySlots = 64
}
