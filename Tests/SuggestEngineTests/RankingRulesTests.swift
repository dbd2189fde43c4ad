import Testing

@testable import SuggestEngine

/// The rule table (``RankingRules``) and the ranking fixes of contract §5: each case is a query a user types and
/// the order they expect.
@Suite struct RankingRulesTests {
  /// Filler items with weights 1…`count`, so priors spread over the whole 0–96 range.
  static func catalog(_ titles: KeyValuePairs<String, Double>, filler count: Int = 200) -> Catalog {
    let filler = (1...count).map { CatalogItem(id: "filler\($0)", title: "zz filler \($0)", weight: Double($0)) }
    return Catalog(items: titles.map { CatalogItem(id: $0.key, title: $0.key, weight: $0.value) } + filler)
  }

  static func ids(_ catalog: Catalog, _ query: SearchQuery) async throws -> [String] {
    try await catalog.search(query).hits.map { catalog.id(at: $0.index) ?? "?" }
  }

  /// The first two hits of `text`, each as its id and tier ("crc32c typo").
  static func placed(_ catalog: Catalog, _ text: String) async throws -> [String] {
    try await catalog.search(SearchQuery(text: text, limit: 2)).hits.map {
      "\(catalog.id(at: $0.index) ?? "?") \($0.tier)"
    }
  }

  @Test(
    "(query, title) → tier, as the rule table orders them",
    arguments: [
      ("flask login", "Flask-Login", MatchTier.exact),
      ("typingext", "typing-extensions", .prefix),
      ("cloud stor", "google-cloud-storage", .wordPrefix),
      ("gcs", "google-cloud-storage", .acronym),
      ("mbp", "MacBook Pro", .acronym),
      ("pdu", "python-dateutil", .acronym),
      ("pd", "python-dateutil", .acronym),
      ("du", "python-dateutil", .scattered),
      ("util", "python-dateutil", .substring),
      ("otka", "opendr-toolkit-ambiguity-measure", .scattered),
      ("otkam", "opendr-toolkit-ambiguity-measure", .acronym),
      ("rtb", "requests-toolbelt", .acronym),
      ("drf", "django-rest-framework", .acronym),
      ("rf", "django-rest-framework", .scattered),
      ("mshmr", "iflow-mcp-sundayz-hunter-mcp-recon", .scattered),
      ("b3s", "boto3-stubs", .acronym),
      ("bs", "boto3-stubs", .acronym),
      // ASCII symbols are words an acronym passes over: the scope sign and slash of npm's scoped names, a plus.
      ("bcf", "@babel/code-frame", .acronym),
      ("tn", "@types/node", .acronym),
      ("adv", "AC/DC (Vinyl)", .acronym),
      ("cp", "C++ Primer", .acronym),
      ("cf", "@babel/code-frame", .scattered),
      ("babcodfra", "@babel/code-frame", .acronym),
      ("osbx", "odoo14-addon-ssi-base-import-xml", .scattered),
      ("gs", "google-cloud-storage", .scattered),
      ("soup", "beautifulsoup4", .substring),
      ("ntd nts", "streamlit-antd-components", .scattered),
      ("ntd nts", "noted-notes", .typo),
      ("reqeusts", "requests", .typo),
      ("srvr", "server", .typo),
      ("rqsts", "requests", .typo),
      ("zm ap hlpr", "zoom-api-helper", .typo),
      ("dpth", "dpath", .typo),
      ("dpth", "dnspython", .fuzzy),
      ("mtpltl", "matplotlib", .fuzzy),
      ("tpltlb", "matplotlib", .scattered),
      ("clddir", "clouddirectory", .fuzzy),
      ("ircoy", "clouddirectory", .scattered),
      ("reqeu", "requests", .partialTypo),
      ("gooclosto", "google-cloud-storage", .acronym),
      ("tendat", "tensorflow-datasets", .acronym),
      ("mermpy", "mermaid-py", .acronym),
      ("botstu", "boto3-stubs", .acronym),
      ("goostor", "google-cloud-storage", .scattered),
      ("pyctr", "pytest-json-ctrf", .scattered),
      ("cloudstor", "google-cloud-storage", .scattered),
      ("embdc", "career-emulator-bdci26", .scattered),
      ("googc", "google-cloud", .partialTypo),
      ("djanfo", "django-formtools", .typo),
      ("golcdstr", "google-cloud-storage", .scattered),
      ("gcstor", "google-cloud-storage", .scattered),
      ("httpx-ssr", "httpx-sse", .typo),
      ("pytest-p", "pytest", .scattered),
      ("pytest-p", "pytest-cov", .scattered),
      ("pytest-p", "pytest-cov-plus", .wordPrefix),
      ("p pytest", "pytest", .scattered),
      ("py pytest", "pytest-py", .wordPrefix),
      ("pat", "pydantic-ai-todo", .acronym),
      ("pyd pat", "pydantic-ai-todo", .scattered),
      ("vat api", "vectra-api-tools", .scattered),
      ("pyd pat", "pydantic-patch", .wordPrefix),
      ("code ft tools", "code-fmt-tools", .fuzzy),
      ("tabula oy", "tabula-py", .typo),
      ("zmap cs", "zmap-sc", .typo),
      ("py pt", "python-tools", .scattered),
      ("api vat", "api-vectra-api-tools", .acronym),
      ("cli gooclo", "google-cloud-cli", .acronym),
      ("goo gooclo", "google-cloud", .scattered),
      ("mee get", "mergepythonclient", .scattered),
      ("fstp mcp", "fastmcp", .scattered),
      ("scup py", "scipy", .scattered),
      ("fst api", "fastapi", .fuzzy),
      ("api fst", "fastapi", .fuzzy),
      ("tesnor flow", "tensorflow", .partialTypo),
      ("fstp mcp", "fastapi-mcp", .typo),
      ("connect databricks", "databricks-connect", .wordPrefix),
      ("たわー", "東京タワー", .wordPrefix),
      ("たわー", "タワー", .exact),
    ]
  )
  func tierOfQueryAndTitle(query: String, title: String, tier: MatchTier) async throws {
    let catalog = Catalog(items: [CatalogItem(id: "it", title: title)])
    let hits = try await catalog.search(SearchQuery(text: query, limit: 1)).hits
    #expect(hits.first?.tier == tier, "\(query) → \(title)")
  }

  @Test("the symbols an acronym passes over are the 32 ASCII punctuation characters, as the reference lists them")
  func asciiSymbols() {
    for byte in UInt8.min...UInt8.max {
      #expect(WordClass.isASCIISymbol(byte) == ReferenceSearch.isASCIISymbol(byte), "byte \(byte)")
    }
    #expect((UInt8.min...UInt8.max).filter(WordClass.isASCIISymbol).count == 32)
  }

  @Test("the tier table: bands never interleave, and bases fall with the tier inside each band")
  func tableIsOrdered() {
    let tiers = MatchTier.allCases
    #expect(tiers.map(\.band) == tiers.map(\.band).sorted())
    let strong = tiers.filter { $0.band == .strong }
    #expect(strong == [.exact, .prefix, .wordPrefix, .acronym])
    #expect(strong.map(MatchScoring.base) == strong.map(MatchScoring.base).sorted(by: >))
  }

  @Test("word prefixes typed without separators are strong: a popular name passes an unranked prefix match")
  func joinedPrefixesAreStrong() async throws {
    // "grpctoo" is a prefix of grpc-tools (separators aside) and starts both words of grpcio-tools.
    let catalog = Self.catalog(["grpc-tools": 0, "grpcio-tools": 1000])
    let hits = try await catalog.search(SearchQuery(text: "grpctoo", limit: 2)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["grpcio-tools", "grpc-tools"])
    #expect(hits.map(\.tier) == [.acronym, .prefix])
  }

  @Test("each query word starts a title word of its own: after `pytest-`, a p starts the next word, not pytest again")
  func wordsStartTitleWordsOfTheirOwn() async throws {
    // pytest and pytest-cov have no word for `p` but pytest itself; pytest-plugins (unranked) starts with the query.
    let catalog = Self.catalog(["pytest": 200, "pytest-cov": 190, "pytest-plugins": 0, "types-toml": 150])
    let hits = try await catalog.search(SearchQuery(text: "pytest-p", limit: 3)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["pytest-plugins", "pytest", "pytest-cov"])
    #expect(hits.map(\.tier) == [.prefix, .scattered, .scattered])
    // Words that do not nest never share a start.
    #expect(try await catalog.search(SearchQuery(text: "toml types", limit: 1)).hits.first?.tier == .wordPrefix)
  }

  @Test("an acronym's initials are title words of its own: in `pyd-pat`, pat is not pydantic-ai-todo's initials")
  func initialsAreTitleWordsOfTheirOwn() async throws {
    // pydantic-ai-todo's only p starts pydantic, which `pyd` needs: `pat` is letters there, not initials.
    let catalog = Self.catalog(["pydantic-ai-todo": 120, "pydantic-patch": 0, "vectra-api-tools": 120, "vatsim-api": 0])
    let hits = try await catalog.search(SearchQuery(text: "pyd-pat", limit: 2)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["pydantic-patch", "pydantic-ai-todo"])
    #expect(hits.map(\.tier) == [.wordPrefix, .scattered])
    #expect(try await Self.ids(catalog, SearchQuery(text: "vat-api", limit: 1)) == ["vatsim-api"])
    // Alone, the same letters are initials.
    #expect(try await catalog.search(SearchQuery(text: "pat", limit: 1)).hits.first?.tier == .acronym)
  }

  @Test("initials on a claimed title word may still be a fuzzy match in a title word of their own: `ft` in fmt")
  func claimedInitialsReadAsFuzzy() async throws {
    // In `code-ft-tools`, f… t… on fmt-tools would need tools, which `tools` claims; `ft` is in fmt, tightly.
    // A more popular name whose letters merely occur in order comes after it.
    let catalog = Self.catalog(["code-fmt-tools": 0, "stactools-met-office-deterministic": 150])
    let hits = try await catalog.search(SearchQuery(text: "code-ft-tools", limit: 2)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["code-fmt-tools", "stactools-met-office-deterministic"])
    #expect(hits.map(\.tier) == [.fuzzy, .scattered])
  }

  @Test("words in fewer title parts than words spell the title run together: `mee-get` is not in mergepythonclient")
  func wordsInFewerPartsSpellTheTitle() async throws {
    // `mee` and `get` both need mergepythonclient's second e; meme-get has a part for each.
    let catalog = Self.catalog([
      "mergepythonclient": 150, "meme-get": 0, "scipy": 200, "scup-python": 0, "tensorflow": 200,
      "tensorflow-text": 120,
    ])
    let hits = try await catalog.search(SearchQuery(text: "mee-get", limit: 2)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["meme-get", "mergepythonclient"])
    #expect(hits.map(\.tier) == [.typo, .scattered])
    // scipy's one part is both the typo of `scup` and the `py` after it: no correction to lift above scup-python.
    #expect(try await Self.ids(catalog, SearchQuery(text: "scup-py", limit: 1)) == ["scup-python"])
    // Run together, the words spell tensorflow with letters left out, or begin it with a typo.
    for text in ["tensr flow", "flow tensr", "tesnor flow"] {
      let first = try await catalog.search(SearchQuery(text: text, limit: 1)).hits.first
      #expect(first.map { catalog.id(at: $0.index) } == "tensorflow", "\(text)")
      #expect(first?.tier != .scattered, "\(text)")
    }
  }

  @Test("with a typo, only word prefixes leave the typo's quality alone: `djsngo-z` → django-zeal, `bs-yener`")
  func wordsBesideATypoCountByTheirSigns() async throws {
    // Both are one edit from django; the z starts django-zeal's last word but is only inside django-jazzmin's.
    let catalog = Self.catalog([
      "django-jazzmin": 120, "django-zeal": 100, "bigquery-schema-generator": 100, "bs-generator": 0,
    ])
    let hits = try await catalog.search(SearchQuery(text: "djsngo-z", limit: 2)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["django-zeal", "django-jazzmin"])
    // The z inside jazzmin is no substring either: the title has a part for each word typed.
    #expect(hits.map(\.tier) == [.typo, .scattered])
    // `bs` starts bs-generator's first word, but is only two initials of bigquery-schema-generator.
    let initials = try await catalog.search(SearchQuery(text: "bs-yener", limit: 2)).hits
    #expect(initials.map { catalog.id(at: $0.index) } == ["bs-generator", "bigquery-schema-generator"])
    #expect(initials.map(\.tier) == [.partialTypo, .partialTypo])
  }

  @Test("a separator typed inside a title word costs a prefix match: `py-t` is py-tree as typed, pytest run together")
  func separatorInsideATitleWord() async throws {
    // Without the cost, pytest (more popular, and one word: the query touches its last word) would come first.
    let catalog = Self.catalog(["pytest": 120, "py-tree": 40, "pyt": 0, "macbook": 5, "MacBooks": 5])
    let hits = try await catalog.search(SearchQuery(text: "py-t", limit: 3)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["py-tree", "pyt", "pytest"])
    #expect(hits.map(\.tier) == [.prefix, .exact, .prefix])
    // A separator where the title has a word start (a camel hump) is in its place; the shorter title would win the
    // tie.
    let camel = try await catalog.search(SearchQuery(text: "mac b", limit: 2)).hits
    #expect(camel.map { catalog.id(at: $0.index) } == ["MacBooks", "macbook"])
  }

  @Test("at equal popularity a word prefix ranks above an acronym")
  func wordPrefixAboveAcronym() async throws {
    // "gc" starts a word of the first, and is the initials of every word of the second.
    let catalog = Self.catalog(["google-cloud": 100, "tools-gcloud": 100])
    #expect(try await Self.ids(catalog, SearchQuery(text: "gc", limit: 2)) == ["tools-gcloud", "google-cloud"])
    #expect(MatchScoring.base(.acronym) < MatchScoring.base(.wordPrefix))
    #expect(MatchScoring.ceiling(.acronym) < MatchScoring.ceiling(.wordPrefix))
  }

  @Test("initials skip no word between them: letters picked from a long name are scattered, below a swapped name")
  func initialsSkipNoWord() async throws {
    // o-s-b-x begin words of the first title, in order, but with "addon" and "import" skipped between them.
    let catalog = Self.catalog(["odoo14-addon-ssi-base-import-xml": 200, "obsx": 1])
    let hits = try await catalog.search(SearchQuery(text: "osbx", limit: 2)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["obsx", "odoo14-addon-ssi-base-import-xml"])
    #expect(hits.map(\.tier) == [.typo, .scattered])
  }

  @Test("the query starts where the name starts: its first word at the title's first word earns the first-word sign")
  func firstWordAtFirstWord() async throws {
    // Both titles have a word starting with each query word, and touch their first and last words; only the first
    // has them in the query's order. Otherwise the shorter title would win the tie.
    let catalog = Self.catalog(["click-repl": 100, "rep-cli": 100])
    #expect(try await Self.ids(catalog, SearchQuery(text: "cl rep", limit: 2)) == ["click-repl", "rep-cli"])
    #expect(try await Self.ids(catalog, SearchQuery(text: "rep cl", limit: 2)) == ["rep-cli", "click-repl"])
  }

  @Test("a name typed without its vowels is a typo hit, whatever its number of words")
  func vowelsLeftOut() async throws {
    // Letters in order alone: schemachange and mcp-scholarly, twice as popular, have the letters of "mch sh" in
    // order too; only mocha-sh is its words without their vowels.
    let catalog = Self.catalog(["schemachange": 20, "mcp-scholarly": 20, "mocha-sh": 10])
    #expect(try await Self.ids(catalog, SearchQuery(text: "mch sh", limit: 1)) == ["mocha-sh"])
    let many = Self.catalog(["mseep-mcp-server-docy": 10, "mcp-server-docs": 40, "simple-mcp-server-docker": 40])
    #expect(try await Self.ids(many, SearchQuery(text: "msp-mcp-srvr-dcy", limit: 1)) == ["mseep-mcp-server-docy"])
    // A vowel kept is no longer vowels left out (a typo of one edit is the typo tier's own business).
    let kept = Catalog(items: [CatalogItem(id: "it", title: "mocha-sh")])
    #expect(try await kept.search(SearchQuery(text: "mcah", limit: 1)).hits.first?.tier != .typo)
  }

  @Test("an acronym highlights the initials it matched: a chain that skips no word, the earliest such")
  func acronymHighlights() async throws {
    for (query, title, highlights) in [
      // The earliest chain g-c-s skips "git" and "cmd" between "cola" and "sync"; the one that skips nothing is
      // later. (`cmd` begins the title's first word: initials from the middle of a name need a word there.)
      ("cmd gcs", "cmd-git-cola-git-cmd-sync", [0..<3, 13..<14, 17..<18, 21..<22]),
      ("django rf", "django-rest-framework", [0..<6, 7..<8, 12..<13]),
      ("b3s", "boto3-stubs", [0..<1, 4..<5, 6..<7]),
      ("bcf", "@babel/code-frame", [1..<2, 7..<8, 12..<13]),
    ] {
      let catalog = Catalog(items: [CatalogItem(id: "it", title: title)])
      let hit = try await catalog.search(SearchQuery(text: query, limit: 1)).hits.first
      #expect(hit?.tier == .acronym, "\(query) → \(title)")
      #expect(hit?.titleHighlights == highlights, "\(query) → \(title)")
    }
  }

  @Test("a word of two letters is mistyped only as a swap or a neighbouring key, and corrects nothing")
  func twoLetterTypos() async throws {
    // `oy` is `py` with p hit on its neighbour o; `cs` is `sc` swapped. Each is a whole title word.
    let catalog = Self.catalog([
      "tabula-py": 50, "zmap-sc": 0, "eth-utils": 60, "eth-stdlib": 10, "et-xmlfile": 180, "uv-tools": 0,
    ])
    #expect(try await Self.ids(catalog, SearchQuery(text: "tabula-oy", limit: 1)) == ["tabula-py"])
    #expect(try await Self.ids(catalog, SearchQuery(text: "zmap-cs", limit: 1)) == ["zmap-sc"])
    // `ut` is one edit from `et` but neither its letters swapped nor a neighbouring key: et-xmlfile does not match.
    #expect(try await !Self.ids(catalog, SearchQuery(text: "eth-ut", limit: 50)).contains("et-xmlfile"))
    // `st` with s on its neighbour e reads et-xmlfile, a far more popular name, but two letters mistyped do not
    // lift it over eth-stdlib, whose start was typed.
    let hits = try await catalog.search(SearchQuery(text: "eth-st", limit: 2)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["eth-stdlib", "et-xmlfile"])
    #expect(hits.map(\.tier) == [.prefix, .typo])
    // Typed on in one field, the word of three letters finds its own typos, not only those of its first two.
    var session = SearchSession()
    let typed = Self.catalog(["tabula-pty": 0, "tabula-py": 50])
    for text in ["tabula-p", "tabula-py", "tabula-pyt"] {
      let together = try await typed.search(SearchQuery(text: text, limit: 5), session: &session).hits
      let alone = try await typed.search(SearchQuery(text: text, limit: 5)).hits
      #expect(together.map(\.index) == alone.map(\.index), "\(text)")
    }
    #expect(try await Self.ids(typed, SearchQuery(text: "tabula-pyt", limit: 5)).contains("tabula-pty"))
  }

  @Test("a typo at the name's first letter counts one edit more, so at equal popularity the name that keeps it leads")
  func firstLetterTypos() async throws {
    // `dffroute` is diffroute with its i dropped, or ffroute with a d typed in front; `qfica` is qtica with t on its
    // neighbour f, or fica with a q typed in front. Shorter, ffroute and fica would win the tie.
    let catalog = Self.catalog(["ffroute": 0, "diffroute": 0, "fica": 0, "qtica": 0, "agent-ter": 0, "agent-eta": 0])
    #expect(try await Self.ids(catalog, SearchQuery(text: "dffroute", limit: 2)) == ["diffroute", "ffroute"])
    #expect(try await Self.ids(catalog, SearchQuery(text: "qfica", limit: 2)) == ["qtica", "fica"])
    // A later word's first letter is no name's first letter: `etr` is ter with its first two letters swapped, or eta
    // with one on a wrong key, one edit each, and the earlier item wins the tie.
    #expect(try await Self.ids(catalog, SearchQuery(text: "agent-etr", limit: 2)) == ["agent-ter", "agent-eta"])
    // Of title words as close, one that keeps the first letter counts: both names read `qfica` as qtica.
    let both = Self.catalog(["fica-qtica": 0, "qtica-fica": 0])
    let scores = try await both.search(SearchQuery(text: "qfica", limit: 2)).hits.map(\.score)
    #expect(scores.count == 2 && scores.first == scores.last)
  }

  @Test("an edit that is no slip of a finger costs half an edit more, so at equal popularity the likelier typo leads")
  func unlikelyEdits() async throws {
    // `paykent` has k for m in payment (neighbours), for g in paygent (not). `tabluex` is tabulex with two letters
    // swapped, or tablex with a u typed in excess beside b and l, near neither. `fixiei` is fixieai with its a
    // dropped, or fixie with an i typed in excess after e. The unlikely readings would win the ties.
    let catalog = Self.catalog(["paygent": 0, "payment": 0, "tablex": 0, "tabulex": 0, "fixie": 0, "fixieai": 0])
    #expect(try await Self.ids(catalog, SearchQuery(text: "paykent", limit: 2)) == ["payment", "paygent"])
    #expect(try await Self.ids(catalog, SearchQuery(text: "tabluex", limit: 2)) == ["tabulex", "tablex"])
    #expect(try await Self.ids(catalog, SearchQuery(text: "fixiei", limit: 2)) == ["fixieai", "fixie"])
  }

  @Test(
    "a key beside the one meant costs a little: at equal popularity a swapped or dropped letter leads"
  )
  func neighbourKeyEdits() async throws {
    // `sodm` is sdom with two letters swapped, or sofm, sorm and spdm with a neighbouring key; `txpy` is texpy with
    // its e dropped, or the shorter tdpy and tspy with a neighbouring key. Each likelier name comes last in catalog
    // order, so ties would put it last.
    let catalog = Self.catalog(["sofm": 0, "sorm": 0, "spdm": 0, "sdom": 0, "tdpy": 0, "tspy": 0, "texpy": 0])
    #expect(try await Self.ids(catalog, SearchQuery(text: "sodm", limit: 4)) == ["sdom", "sofm", "sorm", "spdm"])
    #expect(try await Self.ids(catalog, SearchQuery(text: "txpy", limit: 3)) == ["texpy", "tdpy", "tspy"])
    // Two points: a name ranked twice as high by popularity still passes (51st against 101st of the weights).
    let popular = Self.catalog(["sdom": 100.5, "sofm": 150.5])
    #expect(try await Self.ids(popular, SearchQuery(text: "sodm", limit: 2)) == ["sofm", "sdom"])
  }

  @Test(
    "slips of a finger: a neighbouring key, a letter doubled or typed beside a neighbour, one dropped, two swapped",
    arguments: [
      ("paykent", "payment", 1, 0, 1), ("paykent", "paygent", 1, 1, 0), ("tabluex", "tabulex", 1, 0, 0),
      ("tabluex", "tablex", 1, 1, 0), ("fixiei", "fixieai", 1, 0, 0), ("fixiei", "fixie", 1, 1, 0),
      ("requessts", "requests", 1, 0, 0), ("requesats", "requests", 1, 0, 1), ("requexts", "requests", 1, 0, 1),
      ("requeqts", "requests", 1, 1, 0), ("reqeusts", "requests", 1, 0, 0), ("rqeuests", "requests", 1, 0, 0),
      ("qeqeusts", "requests", 2, 1, 0), ("requests", "requests", 0, 0, 0), ("sodm", "sdom", 1, 0, 0),
      ("sodm", "sofm", 1, 0, 1), ("txpy", "texpy", 1, 0, 0), ("txpy", "tdpy", 1, 0, 1),
    ]
  )
  func slips(typed: String, meant: String, edits: Int, unlikely: Int, neighbourKeys: Int) {
    var cells: [Int] = []
    let found = Array(typed.utf8).withUnsafeBufferPointer { typed in
      Array(meant.utf8).withUnsafeBufferPointer { meant in
        TypoLocator.edits(typed, meant, whole: true, budget: 64, rows: &cells)
      }
    }
    #expect(found == (edits, unlikely, neighbourKeys), "\(typed) → \(meant): \(found)")
    #expect(ReferenceSearch.slips(Array(typed.utf8), Array(meant.utf8)) == (edits, unlikely, neighbourKeys))
  }

  @Test("QWERTY neighbours: the same row, and the two nearest keys above and below")
  func keyboardNeighbours() {
    #expect(KeyboardNeighbours.areAdjacent(UInt8(ascii: "o"), UInt8(ascii: "p")))
    #expect(KeyboardNeighbours.areAdjacent(UInt8(ascii: "i"), UInt8(ascii: "u")))
    #expect(KeyboardNeighbours.areAdjacent(UInt8(ascii: "q"), UInt8(ascii: "a")))
    #expect(KeyboardNeighbours.areAdjacent(UInt8(ascii: "j"), UInt8(ascii: "m")))
    #expect(!KeyboardNeighbours.areAdjacent(UInt8(ascii: "u"), UInt8(ascii: "e")))
    #expect(!KeyboardNeighbours.areAdjacent(UInt8(ascii: "q"), UInt8(ascii: "z")))
    #expect(!KeyboardNeighbours.areAdjacent(UInt8(ascii: "-"), UInt8(ascii: "a")))
    let keys = Array("qwertyuiopasdfghjklzxcvbnm1234567890".utf8)
    for a in keys {
      for b in keys {
        #expect(KeyboardNeighbours.areAdjacent(a, b) == KeyboardNeighbours.areAdjacent(b, a))
      }
    }
  }

  @Test("the typo budget is counted over the query as typed: a short last word gets one")
  func typoBudgetOverQuery() async throws {
    #expect(RankingRules.typoBudget(wordCharacters: 3, queryCharacters: 8) == 1)
    #expect(RankingRules.typoBudget(wordCharacters: 3, queryCharacters: 3) == 0)
    #expect(RankingRules.typoBudget(wordCharacters: 2, queryCharacters: 12) == 1)
    #expect(RankingRules.typoBudget(wordCharacters: 2, queryCharacters: 3) == 0)
    #expect(RankingRules.typoBudget(wordCharacters: 1, queryCharacters: 12) == 0)
    #expect(RankingRules.typoBudget(wordCharacters: 8, queryCharacters: 8) == 2)
    #expect(RankingRules.typoBudget(wordCharacters: 5, queryCharacters: 12) == 1)
    let catalog = Self.catalog(["httpx-sse": 10, "httpx": 500, "httpx-auth": 100])
    #expect(try await Self.ids(catalog, SearchQuery(text: "httpx-ssr", limit: 1)) == ["httpx-sse"])
    // Whole words only: `ssr` is one edit from the start of `ssox`, two from the word (its letters still occur in
    // order: a scattered hit).
    let noisy = Self.catalog(["httpx-sse": 10, "httpx-ssox-guard": 10])
    let hits = try await noisy.search(SearchQuery(text: "httpx-ssr", limit: 2)).hits
    #expect(hits.first.flatMap { noisy.id(at: $0.index) } == "httpx-sse")
    #expect(hits.dropFirst().allSatisfy { $0.tier == .scattered }, "\(hits.map(\.tier))")
  }

  @Test("a second typo is only for a title word with the query word's first letter")
  func secondTypoKeepsTheFirstLetter() async throws {
    #expect(RankingRules.typoBudget(2, sameFirstByte: true) == 2)
    #expect(RankingRules.typoBudget(2, sameFirstByte: false) == 1)
    #expect(RankingRules.typoBudget(1, sameFirstByte: false) == 1)
    // `pydantie` (eight letters, two edits): one edit from pydantic and from xydantie, two from pydantxx and from
    // xydantic, whose first letter differs.
    let titles = ["pydantic", "xydantie", "pydantxx", "xydantic"]
    let catalog = Catalog(items: titles.map { CatalogItem(id: $0, title: $0) })
    let result = try await catalog.search(SearchQuery(text: "pydantie", limit: 10))
    #expect(Set(result.hits.map { catalog.id(at: $0.index) }) == ["pydantic", "xydantie", "pydantxx"])
    #expect(result.hits.allSatisfy { $0.tier == .typo }, "\(result.hits.map(\.tier))")
    // Whole words and word beginnings alike: two edits from the start of `xydanticore` too.
    let longer = Catalog(items: [
      CatalogItem(id: "x", title: "xydanticore"), CatalogItem(id: "p", title: "pydanticore"),
    ])
    let found = try await longer.search(SearchQuery(text: "pydantie", limit: 10))
    #expect(found.hits.map { longer.id(at: $0.index) } == ["p"])
  }

  @Test("a chosen item ranks first among strong matches; after choosing iPod touch, `ip` shows it first")
  func chosenItemFirst() async throws {
    let titles = ["iPad", "iPod", "iPhone", "iPad Air", "iPod touch", "MacBook Pro"]
    let catalog = Catalog(items: titles.map { CatalogItem(id: $0, title: $0) })
    #expect(try await Self.ids(catalog, SearchQuery(text: "ip", limit: 3)).first != "iPod touch")
    let chosen = SearchQuery(text: "ip", limit: 3, recents: ["iPod touch"])
    #expect(try await Self.ids(catalog, chosen).first == "iPod touch")
    // The most recent of two choices first; a choice that does not match strongly is not lifted.
    let two = SearchQuery(text: "ip", limit: 3, recents: ["iPhone", "iPod touch", "MacBook Pro"])
    #expect(try await Self.ids(catalog, two).prefix(2) == ["iPhone", "iPod touch"])
    // Boosts (the popup's frecency) do not change the rule.
    let boosted = SearchQuery(text: "ip", limit: 3, boosts: ["iPad": 50], recents: ["iPod touch"])
    #expect(try await Self.ids(catalog, boosted).first == "iPod touch")
  }

  @Test("recency breaks ties: of two equal hits, the chosen one first, however long its title")
  func recencyBreaksTies() async throws {
    let catalog = Catalog(items: [
      CatalogItem(id: "a", title: "blue zeta"), CatalogItem(id: "b", title: "blue zetas"),
    ])
    // "lue" is a substring of both (weak band), with the same signs; the shorter title wins without a choice.
    #expect(try await Self.ids(catalog, SearchQuery(text: "lue", limit: 2)) == ["a", "b"])
    #expect(try await Self.ids(catalog, SearchQuery(text: "lue", limit: 2, recents: ["b"])) == ["b", "a"])
  }

  @Test("letters of a long, far more popular name merely in order do not beat a near-exact typo hit")
  func scatteredBelowNearExact() async throws {
    let catalog = Self.catalog(["flask": 150, "fl-auto-kit-sync": 15_000])
    let hits = try await catalog.search(SearchQuery(text: "flaks", limit: 2)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["flask", "fl-auto-kit-sync"])
    #expect(hits.map(\.tier) == [.typo, .scattered])
    #expect(RankingRules.prior(96, tier: .scattered) == 48 && RankingRules.prior(96, tier: .fuzzy) == 96)
  }

  @Test("fewer typos first: a one-edit hit passes a two-edit one unless that is about eight times more popular")
  func fewerTyposFirst() async throws {
    // `pytieparse2` is one edit from pytimeparse2, two from pytimeparse.
    let close = Self.catalog(["pytimeparse2": 100, "pytimeparse": 150])
    #expect(try await Self.ids(close, SearchQuery(text: "pytieparse2", limit: 2)) == ["pytimeparse2", "pytimeparse"])
    let far = Self.catalog(["pytimeparse2": 100, "pytimeparse": 15_000])
    #expect(try await Self.ids(far, SearchQuery(text: "pytieparse2", limit: 2)) == ["pytimeparse", "pytimeparse2"])
    #expect(MatchScoring.typoSpecific(edits: 1) - MatchScoring.typoSpecific(edits: 2) == 20)
  }

  @Test("a typo of the whole name passes a name that has it as one word unless that is about ten times as popular")
  func typoCoversTitle() async throws {
    // `crc32d` is crc32c with its last letter on a neighbouring key, and one word of google-crc32c. Among the 200
    // fillers (weights 1…200), google-crc32c's prior is 15 points above crc32c's at 170.5, 40 at 195.5; the first-word
    // sign (10) and the whole title (10) make 20.
    let close = Self.catalog(["crc32c": 120.5, "google-crc32c": 170.5])
    let hits = try await close.search(SearchQuery(text: "crc32d", limit: 2)).hits
    #expect(hits.map { close.id(at: $0.index) } == ["crc32c", "google-crc32c"])
    #expect(hits.map(\.tier) == [.typo, .typo])
    let far = Self.catalog(["crc32c": 120.5, "google-crc32c": 195.5])
    #expect(try await Self.ids(far, SearchQuery(text: "crc32d", limit: 2)) == ["google-crc32c", "crc32c"])
    // Two words, each on a title part of its own: databricks-connect is the whole name with a letter dropped.
    let words = Self.catalog(["databricks-connect": 120.5, "marimo-databricks-connect": 170.5])
    #expect(
      try await Self.ids(words, SearchQuery(text: "databricks-connet", limit: 2)) == [
        "databricks-connect", "marimo-databricks-connect",
      ]
    )
    // A separator typed after the last word says the name goes on: the hit covers no whole title.
    #expect(try await Self.ids(close, SearchQuery(text: "crc32d-", limit: 2)) == ["google-crc32c", "crc32c"])
  }

  @Test("the title's words typed whole in another order earn every sign: `connect databricks` → databricks-connect")
  func reorderedWords() async throws {
    // Among the 200 fillers, databricks-sql-connector's prior is 15 points above databricks-connect's at 170.5, 40
    // at 195.5. Neither match touches the title's first word with the query's first word, and "connect" is a whole
    // word of databricks-connect only; typed in another order, its words earn the first-word sign (10) too.
    let query = "connect databricks"
    let close = Self.catalog(["databricks-connect": 120.5, "databricks-sql-connector": 170.5])
    #expect(
      try await Self.placed(close, query) == ["databricks-connect wordPrefix", "databricks-sql-connector wordPrefix"]
    )
    let far = Self.catalog(["databricks-connect": 120.5, "databricks-sql-connector": 195.5])
    #expect(
      try await Self.placed(far, query) == ["databricks-sql-connector wordPrefix", "databricks-connect wordPrefix"]
    )
    // A word typed in part is not the title's word, nor are the words of a title with a part more.
    #expect(try await Self.placed(close, "connec databricks").first == "databricks-sql-connector wordPrefix")
    let longer = Self.catalog(["databricks-connect-x": 120.5, "databricks-sql-connector": 170.5])
    #expect(try await Self.placed(longer, query).first == "databricks-sql-connector wordPrefix")
  }

  @Test("typos count over all the words of a query, and a word still being typed does not cost a typo hit")
  func typosCountOverWords() async throws {
    // One edit (`tyoes`) and a word being typed (`datep`) against two edits (`tyoes`, `datep` → `dateu`).
    let catalog = Self.catalog(["types-dateparser": 100, "types-python-dateutil": 150])
    let hits = try await catalog.search(SearchQuery(text: "tyoes-datep", limit: 2)).hits
    #expect(hits.map { catalog.id(at: $0.index) } == ["types-dateparser", "types-python-dateutil"])
    #expect(hits.map(\.tier) == [.typo, .partialTypo])
    #expect(MatchScoring.combinedSpecific(strong: 0, loose: MatchScoring.specific, edits: 1) == MatchScoring.specific)
    #expect(MatchScoring.combinedSpecific(strong: 0, loose: 4, edits: 1) == 4)
    #expect(MatchScoring.combinedSpecific(strong: 0, loose: MatchScoring.specific, edits: nil) == 0)
  }

  @Test("a separator typed after the last word says the name goes on: names that do rank above those that end there")
  func trailingSeparatorMeansMore() async throws {
    // kubernetes is a little more popular than kubernetes-asyncio: less than the last-word sign's worth.
    let catalog = Self.catalog(["kubernetes": 150, "kubernetes-asyncio": 140])
    let priors = (catalog.prior(forWeight: 150), catalog.prior(forWeight: 140))
    #expect(priors.0 > priors.1 && priors.0 - priors.1 < MatchScoring.last - MatchScoring.specific)
    // A typo of the first word: without the separator the name that ends there comes first, with it the other.
    let plain = try await catalog.search(SearchQuery(text: "kbernetes", limit: 2)).hits
    #expect(plain.map { catalog.id(at: $0.index) } == ["kubernetes", "kubernetes-asyncio"])
    let goingOn = try await catalog.search(SearchQuery(text: "kbernetes-", limit: 2)).hits
    #expect(goingOn.map { catalog.id(at: $0.index) } == ["kubernetes-asyncio", "kubernetes"])
    #expect(goingOn.map(\.tier) == [.typo, .typo])
    // Typed in full: an exact match first; with the separator, the name that ends there is only a prefix match.
    let full = try await catalog.search(SearchQuery(text: "kubernetes", limit: 2)).hits
    #expect(full.map { catalog.id(at: $0.index) } == ["kubernetes", "kubernetes-asyncio"])
    #expect(full.map(\.tier) == [.exact, .prefix])
    let more = try await catalog.search(SearchQuery(text: "kubernetes-", limit: 2)).hits
    #expect(more.map { catalog.id(at: $0.index) } == ["kubernetes-asyncio", "kubernetes"])
    #expect(more.map(\.tier) == [.prefix, .prefix])
    // Short queries are answered apart: "ab-" is not "ab".
    let short = Self.catalog(["ab": 150, "ab-cd": 140])
    #expect(try await Self.ids(short, SearchQuery(text: "ab", limit: 2)) == ["ab", "ab-cd"])
    #expect(try await Self.ids(short, SearchQuery(text: "ab-", limit: 2)) == ["ab-cd", "ab"])
    #expect(try await Self.ids(short, SearchQuery(text: "ab", limit: 2)) == ["ab", "ab-cd"])
  }

  @Test("any weight is worth the prior's floor: a little-used name passes an unknown one of the same match")
  func weightedAboveUnweighted() async throws {
    let prior = PopularityPrior(weights: [1, 2, 3, 1000])
    #expect(prior.prior(0) == 0)
    #expect(Int(prior.prior(1)) >= PopularityPrior.floor)
    #expect(Int(prior.prior(1000)) == PopularityPrior.maximum)
    // The same prefix match; without the floor the least weight would count as none, and the shorter title win.
    let catalog = Self.catalog(["abcq-xy": 0, "abcq-xyz": 1])
    #expect(try await Self.ids(catalog, SearchQuery(text: "abcq", limit: 2)) == ["abcq-xyz", "abcq-xy"])
  }

  @Test("hiragana finds katakana: kana fold to one script")
  func kanaFolding() async throws {
    #expect(TextFolder.fold("たわー").bytes == TextFolder.fold("タワー").bytes)
    #expect(TextFolder.fold("が").bytes == TextFolder.fold("ガ").bytes)
    let catalog = Catalog(items: [CatalogItem(id: "tower", title: "東京タワー"), CatalogItem(id: "x", title: "ハワイ")])
    #expect(try await Self.ids(catalog, SearchQuery(text: "たわー", limit: 2)) == ["tower"])
  }
}
