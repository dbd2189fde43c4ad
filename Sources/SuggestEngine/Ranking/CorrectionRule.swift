/// The "did you mean" rule: a typo match of a much more popular item may take first place above strong-band hits,
/// so "numy" puts numpy first although "numynal" starts with the letters typed; the strong hits move down one place
/// only, so an exact or prefix match is never buried.
///
/// It applies when the best hit is in the strong band (exact, prefix, word prefix, acronym) and no exact match has
/// any popularity (a name typed in full that people use is meant, however close a more popular one is); over an
/// exact match of no popularity, only a whole-word typo or letters left out (a name typed in full is not the
/// mistyped start of another: "noramlis" is two edits from the start of "normalizer"), and only by a name none of
/// whose words the query goes on past (``extends(_:by:)``: "dockerdb" typed in full is that name, not docker with
/// two letters too many). The
/// correction is the best-ranked hit of tier ``MatchTier/typo``, or, for a query of at least ``partialTypoLetters``
/// characters, of ``MatchTier/partialTypo`` or of ``MatchTier/fuzzy`` with a typo match too ("botcor" is both letters
/// of botocore in order and one edit from its beginning), or, from ``fuzzyLetters`` characters, of
/// ``MatchTier/fuzzy`` alone (letters left out: "crtfi" → certifi) with a wider margin; whose name begins with the
/// query's first character (a name is seldom mistyped or typed without its first letter: "flas-tra" keeps
/// flask-tracy, not elastic-transport, and "schmtc" is no letters-left-out form of PySchematics, though its letters
/// start at a word start); whose popularity prior is far
/// enough above the best hit's and the best exact match's
/// (``requiredPrior(_:best:bestExact:queryCharacters:typoMatched:)``), and that the query's first word begins, with
/// no word of two letters read as a typo (``admits(touchesFirst:startsAlike:twoLetterWordsAsTyped:)``). At most one
/// hit is lifted; it counts as one of the two hits allowed ahead of an exact match (``ExactPlacement``).
enum CorrectionRule {
  /// How far a whole-word typo match's prior must exceed the best hit's: 21 points, about 12 times the popularity
  /// (5.8 points per halving of the rank on PyPI, ``PopularityPrior``).
  static let typoMargin = 21
  /// How far a partial typo match's prior must exceed the best hit's: 34 points, about 55 times the popularity
  /// (the word is still being typed, so a prefix of it is likelier what is meant than a typo).
  static let partialTypoMargin = 34
  /// How far the prior must exceed an unranked exact match's (prior 0): 53 points (about PyPI's 160 most popular
  /// packages).
  static let exactMargin = 53
  /// The fewest query characters for a partial-typo correction: shorter words being typed are one edit from the
  /// beginnings of too many names.
  static let partialTypoLetters = 5
  /// How far a fuzzy match's prior must exceed the best hit's when no query word is a typo of it (letters left out:
  /// "crtfi" → certifi): 45 points, about 200 times the popularity.
  static let fuzzyMargin = 45
  /// The fewest query characters for a fuzzy correction without a typo: three letters in order are in too many
  /// names.
  static let fuzzyLetters = 4
  /// The smallest prior a correction may have (about PyPI's 4,600 most popular packages): a name that few use is
  /// seldom what a mistyped query meant, one among the few thousand most used often is ("pvers" → pyvers over the
  /// unranked pversion).
  static let minimumPrior = 25

  /// The fewest bytes of a title word that a query word can go on past (``extends(_:by:)``): many names begin with
  /// a word of one or two letters (`py`, `ai`), which says nothing of the name typed after it.
  static let extendedWordMinimum = 3

  /// Whether `queryWord` is `titleWord`, of ``extendedWordMinimum`` bytes or more, with two or more bytes typed after
  /// it: "dockerdb" after docker, "pythonic" after the "python" of python-dateutil. Two edits from a whole title
  /// word, but a word that goes on, not one mistyped: a name typed in full that does so is passed by no name with
  /// that word (``requiredPrior(_:best:bestExact:queryCharacters:typoMatched:extendsWord:)``).
  static func extends(_ titleWord: some Collection<UInt8>, by queryWord: some Collection<UInt8>) -> Bool {
    titleWord.count >= extendedWordMinimum && queryWord.count >= titleWord.count + 2
      && queryWord.starts(with: titleWord)
  }

  /// Whether a hit may correct the query: only one that the query's first word begins (its first-word sign). A
  /// popular name that the query matches from its middle is not what a query that starts another name in full
  /// mistyped: "aut-pytho" (`aut` in the middle of python-dateutil) keeps auth0-python, "socketc" keeps socketcc
  /// (not python-socketio) and "rtdt" the acronym of recognizers-text-date-time (not sphinx-rtd-theme); while
  /// "opentelemetry-sk" still gives opentelemetry-sdk and "numy" numpy.
  ///
  /// Nor may a hit correct whose name does not begin with the query's first character (`startsAlike`): a name is
  /// seldom mistyped at its first letter, and "flas-tra" is flask-tracy rather than elastic-transport.
  ///
  /// Nor may a hit correct that reads a query word of two characters as a typo (``TwoLetterTypo``): two letters
  /// mistyped say too little to lift a popular name over what was typed, so each such word must have its letters in
  /// order in the name (`eth-st` keeps eth-stdlib first, not et-xmlfile with `st` read as `et`).
  static func admits(touchesFirst: Bool, startsAlike: Bool, twoLetterWordsAsTyped: Bool) -> Bool {
    touchesFirst && startsAlike && twoLetterWordsAsTyped
  }

  /// Whether a name may correct the query at all, before its match is known: ``admits(touchesFirst:startsAlike:
  /// twoLetterWordsAsTyped:)`` with the first-word sign granted (a walk over popular names tests this first, with
  /// bytes, and evaluates only the names that pass).
  static func mayAdmit(startsAlike: Bool, twoLetterWordsAsTyped: Bool) -> Bool {
    admits(touchesFirst: true, startsAlike: startsAlike, twoLetterWordsAsTyped: twoLetterWordsAsTyped)
  }

  /// The smallest prior a correction of `tier` needs, or `nil` when the tier cannot correct.
  ///
  /// - Parameters:
  ///   - tier: The correction's tier.
  ///   - best: The prior of the best hit.
  ///   - bestExact: The prior of the best exact match, if any.
  ///   - queryCharacters: The number of characters of the query's words.
  ///   - typoMatched: Whether some query word is within its typo budget of the beginning of a title word (of a
  ///     whole one for a word whose budget comes from the rest of the query), or is a title part without its
  ///     vowels ("jtr" → jiter, whatever the budget).
  ///   - extendsWord: Whether some query word goes on past a word of the hit's title (``extends(_:by:)``).
  /// - Returns: The smallest prior, or `nil` when no hit of `tier` may be lifted (always for a partial typo when there
  ///   is an exact match, and for a hit whose word the query goes on past).
  static func requiredPrior(
    _ tier: MatchTier,
    best: Int,
    bestExact: Int?,
    queryCharacters: Int,
    typoMatched: Bool,
    extendsWord: Bool = false
  ) -> Int? {
    if let bestExact, bestExact > 0 || tier == .partialTypo || extendsWord { return nil }
    let margin: Int
    switch tier {
    case .typo: margin = typoMargin
    case .partialTypo where queryCharacters >= partialTypoLetters: margin = partialTypoMargin
    case .fuzzy where queryCharacters >= partialTypoLetters && typoMatched: margin = partialTypoMargin
    case .fuzzy where queryCharacters >= fuzzyLetters: margin = fuzzyMargin
    default: return nil
    }
    return max(minimumPrior, best + margin, bestExact.map { $0 + exactMargin } ?? 0)
  }
}
