import TestSupport
import Testing

@testable import SuggestEngine

/// The "did you mean" rule (``CorrectionRule``): a typo match of a much more popular item comes first, one place
/// above the strong-band hits, unless a name typed in full is popular enough to be meant.
@Suite(.ownThreads) struct CorrectionRuleTests {
  /// Filler items with weights 1…`count`, so priors spread over the whole 0–96 range.
  static func filler(_ count: Int) -> [CatalogItem] {
    (1...count).map { CatalogItem(id: "filler\($0)", title: "zz filler \($0)", weight: Double($0)) }
  }

  /// A catalog of `titles` (each its own id, with a weight) and 200 weighted filler items.
  static func catalog(_ titles: KeyValuePairs<String, Double>, filler count: Int = 200) -> Catalog {
    Catalog(items: titles.map { CatalogItem(id: $0.key, title: $0.key, weight: $0.value) } + filler(count))
  }

  static func ids(_ catalog: Catalog, _ query: SearchQuery) async throws -> [String] {
    try await catalog.search(query).hits.map { catalog.id(at: $0.index) ?? "?" }
  }

  /// The first `limit` hits of `text`, each as its id and tier ("numpy typo").
  static func placed(_ catalog: Catalog, _ text: String, limit: Int = 2) async throws -> [String] {
    try await catalog.search(SearchQuery(text: text, limit: limit)).hits.map {
      "\(catalog.id(at: $0.index) ?? "?") \($0.tier)"
    }
  }

  @Test("a popular item one typo away comes first, the prefix matches typed follow it in their order")
  func popularTypoComesFirst() async throws {
    let catalog = Self.catalog(["numynal": 0, "numy-py": 0, "numpy": 1000])
    #expect(try await Self.ids(catalog, SearchQuery(text: "numy", limit: 3)) == ["numpy", "numynal", "numy-py"])
    let hits = try await catalog.search(SearchQuery(text: "numy", limit: 3)).hits
    #expect(hits.map(\.tier) == [.typo, .prefix, .prefix])
    // Scores never increase down the list: the lifted hit reports the score of the hit it passed.
    #expect(hits[0].score == hits[1].score)
  }

  @Test("an obscure exact match is passed; it stays second")
  func obscureExactIsPassed() async throws {
    let catalog = Self.catalog(["pandaa": 0, "pandas": 1000])
    #expect(try await Self.ids(catalog, SearchQuery(text: "pandaa", limit: 2)) == ["pandas", "pandaa"])
  }

  @Test("an exact match of a name with any popularity is never passed")
  func rankedExactStays() async throws {
    // "fire" ranks about 100th of 202 weighted items: a small prior, more than the exact margin below "file"'s.
    let catalog = Self.catalog(["fire": 100, "file": 1000])
    let priors = (catalog.prior(forWeight: 100), catalog.prior(forWeight: 1000))
    #expect(priors.0 > 0)
    #expect(priors.1 - priors.0 >= CorrectionRule.exactMargin)
    #expect(try await Self.ids(catalog, SearchQuery(text: "fire", limit: 2)) == ["fire", "file"])
  }

  @Test("a name typed in full is passed by a whole-word typo or letters left out, never by a partial typo")
  func exactIsNotPassedByPartialTypo() async throws {
    // "noramlis" is two edits from "normaliz", the beginning of "normalizer": a prefix of another name, mistyped,
    // is not what someone who typed a whole name meant.
    let partial = Self.catalog(["noramlis": 0, "normalizer": 1000])
    #expect(try await Self.ids(partial, SearchQuery(text: "noramlis", limit: 2)) == ["noramlis", "normalizer"])
    // Without the exact match the same partial typo corrects.
    let prefix = Self.catalog(["noramliss": 0, "normalizer": 1000])
    #expect(try await Self.ids(prefix, SearchQuery(text: "noramlis", limit: 2)) == ["normalizer", "noramliss"])
    // A whole-word typo and letters left out still pass an obscure exact match.
    let typo = Self.catalog(["pandaa": 0, "pandas": 1000])
    #expect(try await Self.ids(typo, SearchQuery(text: "pandaa", limit: 2)) == ["pandas", "pandaa"])
    let leftOut = Self.catalog(["pnds": 0, "pandas": 1000])
    #expect(try await Self.ids(leftOut, SearchQuery(text: "pnds", limit: 2)) == ["pandas", "pnds"])
  }

  @Test("a name typed in full that goes on past a popular name's word is not passed by that name")
  func exactGoingOnPastAWordStays() async throws {
    // "dockerdb" is two edits from the whole word "docker" (two letters typed after it): a name of its own.
    let past = Self.catalog(["dockerdb": 0, "docker": 1000])
    #expect(try await Self.ids(past, SearchQuery(text: "dockerdb", limit: 2)) == ["dockerdb", "docker"])
    // The word may be any of the title's words: "pythonic" goes on past the "python" of python-dateutil.
    let word = Self.catalog(["pythonic": 0, "python-dateutil": 1000])
    #expect(try await Self.ids(word, SearchQuery(text: "pythonic", limit: 2)) == ["pythonic", "python-dateutil"])
    // Without the exact match, the same query still corrects to the popular name.
    let prefix = Self.catalog(["dockerdbx": 0, "docker": 1000])
    #expect(try await Self.ids(prefix, SearchQuery(text: "dockerdb", limit: 2)) == ["docker", "dockerdbx"])
    // One letter past the word is a typo like any other ("numpyy": a key pressed twice).
    let oneLetter = Self.catalog(["numpyy": 0, "numpy": 1000])
    #expect(try await Self.ids(oneLetter, SearchQuery(text: "numpyy", limit: 2)) == ["numpy", "numpyy"])
  }

  @Test("a query word goes on past a title word when it starts with it and has two bytes more")
  func extendsAWord() {
    func extends(_ titleWord: String, _ queryWord: String) -> Bool {
      CorrectionRule.extends(Array(titleWord.utf8), by: Array(queryWord.utf8))
    }
    #expect(extends("docker", "dockerdb"))
    #expect(extends("python", "pythonic"))
    #expect(extends("python", "pythonista"))
    #expect(!extends("python", "pythonx"), "one letter past is a typo")
    #expect(!extends("python", "python"))
    #expect(!extends("python", "pyhtonic"), "the word itself mistyped")
    #expect(!extends("py", "pyxyz"), "too short a word to go on past")
  }

  @Test("a partial typo of a word under five characters corrects nothing")
  func shortPartialTypo() async throws {
    // "pcak" is one edit from "pack", the beginning of "packaging", but four characters are too few to tell.
    let catalog = Self.catalog(["pcakxx": 0, "packaging": 1000])
    #expect(try await Self.ids(catalog, SearchQuery(text: "pcak", limit: 2)) == ["pcakxx", "packaging"])
    #expect(try await Self.ids(catalog, SearchQuery(text: "pcaka", limit: 2)) == ["packaging", "pcakxx"])
  }

  @Test("a partial typo needs a larger margin than a whole-word typo")
  func partialTypoNeedsMore() async throws {
    // "reqeu" is a partial typo of "requests" (the word is still being typed). Against an unranked prefix match
    // it wins; against a prefix match only about 30 prior points less popular it does not.
    let unranked = Self.catalog(["reqeuse": 0, "requests": 1000])
    #expect(try await Self.ids(unranked, SearchQuery(text: "reqeu", limit: 2)) == ["requests", "reqeuse"])
    let ranked = Self.catalog(["reqeuse": 196, "requests": 1000])
    let priors = (ranked.prior(forWeight: 196), ranked.prior(forWeight: 1000))
    #expect(priors.1 - priors.0 >= CorrectionRule.typoMargin)
    #expect(priors.1 - priors.0 < CorrectionRule.partialTypoMargin)
    #expect(try await Self.ids(ranked, SearchQuery(text: "reqeu", limit: 2)) == ["reqeuse", "requests"])
  }

  @Test("a fuzzy hit that is also a typo of the name's beginning corrects like a partial typo; scattered hits never")
  func fuzzyWithTypoCorrects() async throws {
    // "botcor" has botocore's letters in order (fuzzy, a better tier than the partial typo it also is: one edit
    // from "botocor"); with five characters or more it corrects like a partial typo.
    let catalog = Self.catalog(["botcore": 0, "botocore": 1000])
    #expect(try await Self.placed(catalog, "botcor") == ["botocore fuzzy", "botcore prefix"])
    // Letters in order across words (scattered) never correct.
    let scattered = Self.catalog(["gclstx": 0, "google-cloud-storage": 1000])
    #expect(try await Self.placed(scattered, "gclst") == ["gclstx prefix", "google-cloud-storage scattered"])
    // The typo's narrower margin needs five characters, as a partial typo's does: against a prefix match less
    // popular by more than it and less than the fuzzy margin, "botco" corrects and "botc" does not.
    let short = Self.catalog(["botcox": 188, "botocore": 1000])
    let priors = (short.prior(forWeight: 188), short.prior(forWeight: 1000))
    #expect(priors.1 - priors.0 >= CorrectionRule.partialTypoMargin)
    #expect(priors.1 - priors.0 < CorrectionRule.fuzzyMargin)
    #expect(try await Self.ids(short, SearchQuery(text: "botco", limit: 2)) == ["botocore", "botcox"])
    #expect(try await Self.ids(short, SearchQuery(text: "botc", limit: 2)) == ["botcox", "botocore"])
  }

  @Test("letters left out of a far more popular name correct from four characters, with a wider margin")
  func fuzzyAloneCorrects() async throws {
    // "crtf" is certifi without its vowels (a typo hit) and has no typo match (two edits from "cert"): it corrects
    // as letters left out do, and so does "crtfi", certifi's letters in order and close together (fuzzy).
    let catalog = Self.catalog(["crtfiles": 0, "certifi": 1000])
    #expect(try await Self.placed(catalog, "crtf") == ["certifi typo", "crtfiles prefix"])
    #expect(try await Self.placed(catalog, "crtfi") == ["certifi fuzzy", "crtfiles prefix"])
    // Three characters are too few.
    #expect(try await Self.ids(catalog, SearchQuery(text: "crt", limit: 2)) == ["crtfiles", "certifi"])
    // A prefix match of a name somewhat less popular (more than a partial typo's margin, less than a fuzzy
    // hit's) stays first over letters left out, but not over the name without its vowels, which needs a typo's
    // margin.
    let ranked = Self.catalog(["crtfiles": 188, "certifi": 1000])
    let priors = (ranked.prior(forWeight: 188), ranked.prior(forWeight: 1000))
    #expect(priors.1 - priors.0 >= CorrectionRule.partialTypoMargin)
    #expect(priors.1 - priors.0 < CorrectionRule.fuzzyMargin)
    #expect(try await Self.ids(ranked, SearchQuery(text: "crtfi", limit: 2)) == ["crtfiles", "certifi"])
    #expect(try await Self.ids(ranked, SearchQuery(text: "crtf", limit: 2)) == ["certifi", "crtfiles"])
  }

  @Test("only a name that begins with the query's first letter corrects: a typo there lifts nothing")
  func correctionKeepsTheFirstLetter() async throws {
    // "hpack" is one edit from "pack", the beginning of packaging, and "bumpy" one from numpy (b beside n); but a
    // name is seldom mistyped at its first letter: the names typed stay first, the popular ones follow.
    let partial = Self.catalog(["hpackx": 0, "packaging": 1000])
    #expect(try await Self.placed(partial, "hpack") == ["hpackx prefix", "packaging partialTypo"])
    let typo = Self.catalog(["bumpyx": 0, "nimpyx": 0, "numpy": 1000])
    #expect(try await Self.placed(typo, "bumpy") == ["bumpyx prefix", "numpy typo"])
    // A partial typo of the first word and a prefix of the second: "flas" is one edit from "elas".
    let words = Self.catalog(["flask-tracy": 0, "elastic-transport": 1000])
    #expect(try await Self.ids(words, SearchQuery(text: "flas-tra", limit: 2)) == ["flask-tracy", "elastic-transport"])
    // The same typos after the first letter correct.
    #expect(try await Self.ids(typo, SearchQuery(text: "nimpy", limit: 2)) == ["numpy", "nimpyx"])
  }

  @Test("letters left out correct only a name that begins with the query's first letter")
  func fuzzyAloneKeepsTheFirstLetter() async throws {
    // "schmtc" has the letters of PySchematics in order from a word start (its second hump), but no one leaves
    // out the "Py": the exact match stays first.
    let exact = Self.catalog(["schmtc": 0, "PySchematics": 1000])
    #expect(try await Self.placed(exact, "schmtc") == ["schmtc exact", "PySchematics fuzzy"])
    // "osem" has jsonschema's o, s, e and m in order, from inside its word: only scattered, never a correction.
    let inside = Self.catalog(["osem": 0, "jsonschema": 1000])
    #expect(try await Self.placed(inside, "osem") == ["osem exact", "jsonschema scattered"])
    // Nor over a prefix match: "crtf" corrects to certifi (``fuzzyAloneCorrects()``), "ertf" does not.
    let prefix = Self.catalog(["ertfiles": 0, "crtfiles": 0, "certifi": 1000])
    #expect(try await Self.ids(prefix, SearchQuery(text: "ertf", limit: 2)) == ["ertfiles", "certifi"])
    #expect(try await Self.ids(prefix, SearchQuery(text: "crtf", limit: 2)) == ["certifi", "crtfiles"])
  }

  @Test("a query of several words is corrected only by a name its first word begins")
  func severalWordsCorrectFromTheFirstWord() async throws {
    // "aut" is fuzzy in the middle of the popular python-dateutil: no correction over the name both words begin.
    let fuzzy = Self.catalog(["auth0-python": 0, "python-dateutil": 1000])
    #expect(try await Self.ids(fuzzy, SearchQuery(text: "aut-pytho", limit: 2)) == ["auth0-python", "python-dateutil"])
    // "tam" is one edit from the third word of the popular grpc-google-iam-v1 ("le" is in "google").
    let typo = Self.catalog(["tamil-lemmatizer": 0, "grpc-google-iam-v1": 1000])
    #expect(
      try await Self.ids(typo, SearchQuery(text: "tam-le", limit: 2)) == ["tamil-lemmatizer", "grpc-google-iam-v1"]
    )
    // A popular name the first word begins still corrects: "sk" is "sdk" with a letter left out.
    let begun = Self.catalog(["opentelemetry-skywalking": 0, "opentelemetry-sdk": 1000])
    #expect(
      try await Self.ids(begun, SearchQuery(text: "opentelemetry-sk", limit: 2))
        == ["opentelemetry-sdk", "opentelemetry-skywalking"]
    )
  }

  @Test("a query of one word is corrected only by a name it begins too")
  func oneWordCorrectsFromTheFirstWord() async throws {
    // "socketc" is one edit from the start of socketio, the second word of the popular python-socketio.
    let partial = Self.catalog(["socketcc": 0, "python-socketio": 1000])
    #expect(try await Self.ids(partial, SearchQuery(text: "socketc", limit: 2)) == ["socketcc", "python-socketio"])
    // "rtdt" is one edit from the word rtd in the middle of the popular sphinx-rtd-theme.
    let typo = Self.catalog(["recognizers-text-date-time": 0, "sphinx-rtd-theme": 1000])
    let expected = ["recognizers-text-date-time", "sphinx-rtd-theme"]
    #expect(try await Self.ids(typo, SearchQuery(text: "rtdt", limit: 2)) == expected)
    // A popular name the word begins still corrects it.
    let begun = Self.catalog(["socketcc": 0, "socketio": 1000])
    #expect(try await Self.ids(begun, SearchQuery(text: "socketc", limit: 2)) == ["socketio", "socketcc"])
  }

  @Test("a name written without its vowels corrects like a typo, even when too short for a typo budget")
  func vowelsLeftOutCorrect() async throws {
    let catalog = Self.catalog(["jtr2hashcat": 0, "jiter": 1000])
    #expect(try await Self.placed(catalog, "jtr") == ["jiter typo", "jtr2hashcat prefix"])
    // Not over a name about as popular.
    let near = Self.catalog(["jtr2hashcat": 900, "jiter": 1000])
    #expect(try await Self.ids(near, SearchQuery(text: "jtr", limit: 2)) == ["jtr2hashcat", "jiter"])
  }

  @Test("a name among the few thousand most used corrects; one that few use does not")
  func moderatelyPopularCorrects() async throws {
    // Priors between the smallest a correction may have and the 36 it once needed (PyPI's 1,300 most popular).
    let used = Self.catalog(["pversion": 0, "pyvers": 125])
    let prior = used.prior(forWeight: 125)
    #expect(prior >= CorrectionRule.minimumPrior && prior < 36)
    #expect(try await Self.ids(used, SearchQuery(text: "pvers", limit: 2)) == ["pyvers", "pversion"])
    let rare = Self.catalog(["pversion": 0, "pyvers": 20])
    #expect(rare.prior(forWeight: 20) < CorrectionRule.minimumPrior)
    #expect(try await Self.ids(rare, SearchQuery(text: "pvers", limit: 2)) == ["pversion", "pyvers"])
  }

  @Test("only smart mode corrects: prefix and fuzzy modes have no typo matches", arguments: [MatchMode.fuzzy, .prefix])
  func onlySmartCorrects(mode: MatchMode) async throws {
    let catalog = Self.catalog(["numynal": 0, "numpy": 1000])
    #expect(try await Self.ids(catalog, SearchQuery(text: "numy", mode: mode, limit: 1)) == ["numynal"])
  }

  @Test("the correction counts as one of the two hits allowed ahead of an exact match")
  func exactStaysThird() async throws {
    let catalog = Self.catalog(["numy": 0, "numyx": 4981, "numyy": 4980, "numpy": 100_000], filler: 5000)
    // Without the rule the two popular prefix matches could both precede the unranked exact match; with it, the
    // correction takes one of the two places.
    let ids = try await Self.ids(catalog, SearchQuery(text: "numy", limit: 4))
    #expect(ids.first == "numpy")
    #expect(ids.firstIndex(of: "numy") == 2)
  }

  @Test(
    "typo queries of popular titles, with unranked names starting with the typo, agree with the reference",
    arguments: [81, 82, 83] as [UInt64]
  )
  func agreesWithReference(seed: UInt64) async throws {
    var generator = RandomCatalog(seed: seed)
    var items = generator.items(count: 300, spreadWeights: true)
    // Each popular title with two neighbouring letters swapped, and unranked names that start with that typo.
    var typos: [String] = []
    for item in items where item.weight > 10_000 {
      var letters = Array(item.title.lowercased().filter(\.isLetter))
      guard letters.count >= 5 else { continue }
      let at = Int.random(in: 0..<(letters.count - 1), using: &generator.random)
      guard letters[at] != letters[at + 1] else { continue }
      letters.swapAt(at, at + 1)
      typos.append(String(letters))
    }
    for (number, typo) in typos.enumerated() {
      items.append(CatalogItem(id: "squat\(number)", title: typo + "x"))
      items.append(CatalogItem(id: "squat\(number)b", title: typo + " " + generator.word()))
    }
    let catalog = Catalog(items: items)
    let reference = ReferenceSearch(catalog: catalog)
    var corrected = 0
    for typo in typos {
      for text in [String(typo.dropLast()), typo] {
        for limit in [1, 2, 5, 20] {
          var session = SearchSession()
          let query = SearchQuery(text: text, limit: limit)
          try await SearchOracleTests.check(catalog, reference, query, session: &session)
          let hits = try await catalog.search(query).hits
          if limit == 5, let first = hits.first, first.tier == .typo || first.tier == .partialTypo,
            hits.dropFirst().contains(where: { $0.tier.band == .strong })
          {
            corrected += 1
          }
        }
      }
    }
    #expect(corrected > 0, "no query exercised the rule")
  }
}
