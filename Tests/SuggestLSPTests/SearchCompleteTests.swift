import Foundation
import JSONKit
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// `search/complete`: the suggestion popup (recent section, suggestions, tokens, boosts, highlights).
@Suite(.scaledTimeLimit(minutes: 1)) struct SearchCompleteTests {
  private func complete(_ daemon: TestDaemon, _ params: JSONValue) async throws -> JSONValue {
    try await daemon.result("search/complete", params)
  }

  @Test("an empty query gives the recent section, newest first, items carrying the catalog item's icon")
  func recentSection() async throws {
    let daemon = try await TestDaemon()
    let before = try await complete(daemon, ["query": ""])
    #expect(before.sectionIDs == ["recent"])
    #expect(before.section("recent")?.isEmpty == true)

    _ = try await daemon.result("recents/add", ["text": "iPod touch", "id": "ipod-touch"])
    _ = try await daemon.result("recents/add", ["text": "headphones for running"])
    _ = try await daemon.result("recents/add", ["text": "MacBook Pro", "id": "macbook-pro"])
    for query in ["", " ", "   "] {
      let result = try await complete(daemon, ["query": .string(query)])
      #expect(result.sectionIDs == ["recent"], "query \"\(query)\"")
      let items = try #require(result.section("recent"))
      #expect(items.strings("label") == ["MacBook Pro", "headphones for running", "iPod touch"])
      #expect(items.strings("completion") == ["MacBook Pro", "headphones for running", "iPod touch"])
      #expect(items.allSatisfy { $0["kind"] == "recent" })
      #expect(items.map { $0["id"] } == ["macbook-pro", nil, "ipod-touch"])
      #expect(items.map { $0["icon"] } == ["laptopcomputer", nil, "ipodtouch"])
    }

    // Re-using an entry moves it to the front.
    _ = try await daemon.result("recents/add", ["text": "iPod touch", "id": "ipod-touch"])
    let again = try await complete(daemon, ["query": ""])
    #expect(again.section("recent")?.strings("label") == ["iPod touch", "MacBook Pro", "headphones for running"])
    await daemon.finish()
  }

  @Test("a recent of an item with a completion completes to it")
  func recentCompletion() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result(
      "catalog/load",
      ["items": [["id": "t1", "title": "Bohemian Rhapsody", "completion": "queen bohemian", "icon": "music.note"]]]
    )
    _ = try await daemon.result("recents/add", ["text": "Bohemian Rhapsody", "id": "t1"])
    let items = try #require(try await complete(daemon, ["query": ""]).section("recent"))
    #expect(items.count == 1)
    #expect(items.first?["completion"] == "queen bohemian")
    #expect(items.first?["icon"] == "music.note")
    await daemon.finish()
  }

  @Test("suggestions: at most 5 by default, the requested limit otherwise")
  func suggestionLimit() async throws {
    let daemon = try await TestDaemon()
    // "i" matches far more than 5 demo products.
    let total = try await daemon.result("search/filter", ["query": "i", "limit": 100])["total"]?.int ?? 0
    #expect(total > 10)
    let byDefault = try #require(try await complete(daemon, ["query": "i"]).section("suggestions"))
    #expect(byDefault.count == 5)
    for limit in [0, 1, 3, 8] {
      let result = try await complete(daemon, ["query": "i", "limit": .number(JSONNumber(limit))])
      #expect(result.section("suggestions")?.count == limit, "limit \(limit)")
    }
    let all = try await complete(daemon, ["query": "i", "limit": 1000])
    #expect(all.section("suggestions")?.count == total)
    await daemon.finish()
  }

  @Test("suggestion entries: label, completion (the item's completion or its title), kind, id, icon")
  func suggestionEntries() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result(
      "catalog/load",
      [
        "items": [
          ["id": "a", "title": "Swift Programming", "completion": "swift lang", "icon": "swift", "subtitle": "A book"],
          ["id": "b", "title": "Swift Playgrounds"],
        ]
      ]
    )
    let items = try #require(try await complete(daemon, ["query": "swift", "limit": 10]).section("suggestions"))
    let byID = Dictionary(uniqueKeysWithValues: items.map { ($0["id"]?.stringValue ?? "", $0) })
    #expect(byID.count == 2)
    #expect(byID["a"]?["label"] == "Swift Programming")
    #expect(byID["a"]?["completion"] == "swift lang")
    #expect(byID["a"]?["icon"] == "swift")
    #expect(byID["b"]?["label"] == "Swift Playgrounds")
    #expect(byID["b"]?["completion"] == "Swift Playgrounds")
    #expect(byID["b"]?["icon"] == nil)
    #expect(items.allSatisfy { $0["kind"] == "item" })
    #expect(items.allSatisfy { $0["matches"]?.ranges == [0..<5] })
    await daemon.finish()
  }

  @Test("an exact title comes first, and a typo still finds the product")
  func ranking() async throws {
    let daemon = try await TestDaemon()
    for title in ["iPod", "iPad", "MacBook", "Mac Pro", "AirPods", "HomePod mini", "Apple TV"] {
      let items = try await complete(daemon, ["query": .string(title.lowercased())]).section("suggestions")
      #expect(items?.first?["label"] == .string(title), "\(title)")
    }
    for (typo, title) in [
      ("macbok", "MacBook"), ("iphnoe", "iPhone"), ("homepdo", "HomePod"), ("keybaord", "Magic Keyboard"),
    ] {
      let labels = try await complete(daemon, ["query": .string(typo)]).section("suggestions")?.strings("label") ?? []
      #expect(labels.prefix(3).contains(title), "\(typo) → \(labels)")
    }
    await daemon.finish()
  }

  @Test("'#' starts a token word: a tokens section completing to the rest of the query, no suggestions for '#' alone")
  func hashTokenWord() async throws {
    let daemon = try await TestDaemon()
    let hashOnly = try await complete(daemon, ["query": "#", "limit": 50])
    #expect(hashOnly.sectionIDs == ["tokens"])
    let tokens = try #require(hashOnly.section("tokens"))
    #expect(tokens.strings("id") == DemoCatalog.tokens.map(\.id))
    #expect(tokens.allSatisfy { $0["kind"] == "token" && $0["completion"] == "" })
    #expect(tokens.map { $0["icon"] } == DemoCatalog.tokens.map { $0.icon.map(JSONValue.string) })
    let counts = Dictionary(DemoCatalog.items.flatMap(\.tokens).map { ($0, 1) }, uniquingKeysWith: +)
    #expect(tokens.map { $0["count"]?.int } == DemoCatalog.tokens.map { counts[$0.id] })

    let typed = try await complete(daemon, ["query": "pro #ma", "limit": 50])
    #expect(typed.sectionIDs == ["tokens", "suggestions"])
    let offered = try #require(typed.section("tokens"))
    #expect(offered.first?["id"] == "mac")
    #expect(offered.allSatisfy { $0["completion"] == "pro" })
    // The suggestions are for the rest of the query ("pro"), not for "#ma".
    let labels = typed.section("suggestions")?.strings("label") ?? []
    #expect(!labels.isEmpty)
    #expect(labels.allSatisfy { $0.localizedCaseInsensitiveContains("pro") })
    await daemon.finish()
  }

  @Test("a plain word naming a token (label or keyword) offers it; other words do not")
  func wordNamingToken() async throws {
    let daemon = try await TestDaemon()
    let cases: [(query: String, token: String?)] = [
      ("audio", "audio"), ("Audio", "audio"), ("watch", "watch"), ("headphones", "audio"), ("tablet", "ipad"),
      ("phone", "iphone"), ("mini ipod", nil), ("magic", nil), ("pencil", nil),
    ]
    for (query, token) in cases {
      let result = try await complete(daemon, ["query": .string(query), "limit": 50])
      if let token {
        #expect(result.section("tokens")?.strings("id").contains(token) == true, "\(query)")
        #expect(result.section("tokens")?.allSatisfy { $0["kind"] == "token" } == true)
      } else {
        #expect(result.section("tokens") == nil, "\(query): \(result.serializedString())")
      }
      #expect(result.section("suggestions") != nil, "\(query)")
    }
    // The word being typed is the last one; the completion keeps the words before it.
    let twoWords = try await complete(daemon, ["query": "pro wat"])
    #expect(twoWords.section("tokens")?.first?["id"] == "watch")
    #expect(twoWords.section("tokens")?.first?["completion"] == "pro")
    // A finished word (trailing space) is no longer being typed.
    let finished = try await complete(daemon, ["query": "audio "])
    #expect(finished.section("tokens") == nil)
    await daemon.finish()
  }

  @Test("selected tokens restrict suggestions and are not offered again; counts consider them")
  func selectedTokens() async throws {
    let daemon = try await TestDaemon()
    let result = try await complete(daemon, ["query": "pro", "tokens": ["mac"], "limit": 50])
    let labels = result.section("suggestions")?.strings("label") ?? []
    #expect(Set(labels) == ["iMac Pro", "Mac Pro", "MacBook Pro"])
    let tokens = try await complete(daemon, ["query": "#", "tokens": ["audio"], "limit": 50]).section("tokens") ?? []
    #expect(!tokens.strings("id").contains("audio"))
    #expect(tokens.count == DemoCatalog.tokens.count - 1)
    // Every demo product is in one category: with Audio selected no other category leaves anything.
    #expect(tokens.allSatisfy { $0["count"] == 0 })
    await daemon.finish()
  }

  /// Four titles that tie on every ranking signal for the query "alpha", plus the exact title.
  private static let tiedItems: JSONValue = [
    ["id": "one", "title": "Alpha one"], ["id": "two", "title": "Alpha two"], ["id": "six", "title": "Alpha six"],
    ["id": "ten", "title": "Alpha ten"], ["id": "exact", "title": "Alpha"],
  ]

  private func alphaOrder(_ daemon: TestDaemon) async throws -> [String] {
    try await complete(daemon, ["query": "alpha", "catalog": "tied", "limit": 10]).section("suggestions")?
      .strings("id") ?? []
  }

  @Test("a chosen item ranks first, even above the exact title; a more frequent choice above a less frequent one")
  func recentAndFrequentBoost() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("catalog/load", ["items": Self.tiedItems, "catalog": "tied"])
    let baseline = try await alphaOrder(daemon)
    #expect(baseline.first == "exact")
    #expect(Set(baseline) == ["exact", "one", "two", "six", "ten"])

    // The last of the equals, once chosen, comes first (contract §5: chosen items first among strong matches).
    let last = try #require(baseline.last)
    _ = try await daemon.result("recents/add", ["text": "whatever", "id": .string(last), "catalog": "tied"])
    let boosted = try await alphaOrder(daemon)
    #expect(boosted.prefix(2) == [last, "exact"])
    #expect(Array(boosted.dropFirst(2)) == Array(baseline.dropFirst().dropLast()))

    // Recents of another catalog boost nothing here.
    _ = try await daemon.result("recents/clear", ["catalog": "tied"])
    _ = try await daemon.result("recents/add", ["text": "x", "id": .string(last)])
    #expect(try await alphaOrder(daemon) == baseline)

    // Frecency: of two equals chosen once each, the later choice first; choosing the other again lifts it.
    let (x, y) = (baseline[3], baseline[4])
    _ = try await daemon.result("recents/add", ["text": "y", "id": .string(y), "catalog": "tied"])
    _ = try await daemon.result("recents/add", ["text": "x", "id": .string(x), "catalog": "tied"])
    let once = try await alphaOrder(daemon)
    #expect(once.prefix(3) == [x, y, "exact"])
    _ = try await daemon.result("recents/add", ["text": "y", "id": .string(y), "catalog": "tied"])
    let twice = try await alphaOrder(daemon)
    #expect(twice.prefix(3) == [y, x, "exact"])
    await daemon.finish()
  }

  @Test("on the demo catalog a viewed product comes first, then the exact title")
  func demoBoost() async throws {
    let daemon = try await TestDaemon()
    let baseline =
      try await complete(daemon, ["query": "ipod", "limit": 6]).section("suggestions")?.strings("id") ?? []
    #expect(baseline.first == "ipod")
    #expect(baseline.count == 6)
    let last = try #require(baseline.last)
    _ = try await daemon.result("recents/add", ["text": "the product", "id": .string(last)])
    let boosted = try await complete(daemon, ["query": "ipod", "limit": 6]).section("suggestions")?.strings("id") ?? []
    #expect(boosted.prefix(2) == [last, "ipod"])
    await daemon.finish()
  }

  /// Titles whose UTF-8, UTF-16 and UTF-32 offsets all differ, with the query and the part of the title it must
  /// highlight.
  static let highlightCases: [(title: String, query: String, highlighted: String)] = [
    ("🎉 Party time", "party", "Party"),
    ("Crème brûlée", "brulee", "brûlée"),
    ("東京タワー", "タワー", "タワー"),
    ("naïve café 😀", "cafe", "café"),
    ("Ｆｕｌｌ width", "full", "Ｆｕｌｌ"),
    ("Straße 👨‍👩‍👧 family", "family", "family"),
  ]

  /// The expected range of `part` in `title`, counted in `encoding`'s units.
  static func expectedRange(of part: String, in title: String, encoding: PositionEncoding) -> Range<Int>? {
    guard let range = title.range(of: part) else { return nil }
    func offset(_ index: String.Index) -> Int {
      switch encoding {
      case .utf8: title.utf8.distance(from: title.startIndex, to: index)
      case .utf16: title.utf16.distance(from: title.startIndex, to: index)
      case .utf32: title.unicodeScalars.distance(from: title.startIndex, to: index)
      }
    }
    return offset(range.lowerBound)..<offset(range.upperBound)
  }

  @Test(
    "highlights in the negotiated encoding: utf-16 by default, utf-8 or utf-32 after initialize",
    arguments: [nil, "utf-8", "utf-16", "utf-32"]
  )
  func highlightEncodings(offered: String?) async throws {
    let daemon = try await TestDaemon()
    if let offered {
      let result = try await daemon.result(
        "initialize",
        ["capabilities": ["general": ["positionEncodings": [.string(offered)]]]]
      )
      #expect(result["capabilities"]?["positionEncoding"] == .string(offered))
    }
    let encoding = try #require(PositionEncoding(rawValue: offered ?? "utf-16"))
    let items: [JSONValue] = Self.highlightCases.map { ["title": .string($0.title)] }
    _ = try await daemon.result("catalog/load", ["items": .array(items)])
    for (index, test) in Self.highlightCases.enumerated() {
      let result = try await complete(daemon, ["query": .string(test.query), "field": .string("f\(index)")])
      let entry = try #require(result.section("suggestions")?.first)
      #expect(entry["label"] == .string(test.title))
      let expected = try #require(Self.expectedRange(of: test.highlighted, in: test.title, encoding: encoding))
      #expect(entry["matches"]?.ranges == [expected], "\(test.title) in \(encoding)")
      // search/filter highlights the same way.
      let filtered = try await daemon.result("search/filter", ["query": .string(test.query)])
      #expect(filtered["items"]?[0]?["matches"]?.ranges == [expected], "\(test.title) in \(encoding)")
    }
    await daemon.finish()
  }

  @Test("--position-encoding sets the encoding when initialize negotiates none")
  func commandLineEncoding() async throws {
    let daemon = try await TestDaemon(["--position-encoding", "utf-8"])
    _ = try await daemon.result("catalog/load", ["items": [["title": "🎉 Party time"]]])
    let entry = try await complete(daemon, ["query": "party"]).section("suggestions")?.first
    #expect(entry?["matches"]?.ranges == [5..<10])
    await daemon.finish()
  }

  @Test("invalid params are -32602 naming the field")
  func invalidParams() async throws {
    let daemon = try await TestDaemon()
    let cases: [(params: JSONValue, field: String)] = [
      ([:], "params.query"),
      (["query": 1], "params.query"),
      (["query": "a", "limit": -1], "params.limit"),
      (["query": "a", "limit": 1001], "params.limit"),
      (["query": "a", "limit": "5"], "params.limit"),
      (["query": "a", "tokens": "mac"], "params.tokens"),
      (["query": "a", "tokens": [1]], "params.tokens[0]"),
      (["query": "a", "field": 3], "params.field"),
      (["query": "a", "debounceMs": -5], "params.debounceMs"),
      (["query": "a", "catalog": "nowhere"], "params.catalog"),
    ]
    for (params, field) in cases {
      let error = try await daemon.error("search/complete", params)
      #expect(error["code"] == -32602, "\(params.serializedString())")
      #expect(error["message"]?.stringValue?.hasPrefix(field + ":") == true, "\(error.serializedString())")
    }
    await daemon.finish()
  }
}
