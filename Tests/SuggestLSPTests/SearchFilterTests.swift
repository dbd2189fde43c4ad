import Foundation
import JSONKit
import TestSupport
import Testing

@testable import suggest_lsp

/// `search/filter`: the live result list (paging, modes, tokens and scope, examples, invalid params).
@Suite(.scaledTimeLimit(minutes: 1)) struct SearchFilterTests {
  private func filter(_ daemon: TestDaemon, _ params: JSONValue) async throws -> JSONValue {
    try await daemon.result("search/filter", params)
  }

  private func titles(_ result: JSONValue) -> [String] {
    result["items"]?.strings("title") ?? []
  }

  @Test("an empty query lists every item in catalog order, paged by offset and limit")
  func emptyQuery() async throws {
    let daemon = try await TestDaemon()
    let all = try await filter(daemon, ["query": ""])
    #expect(all["total"]?.int == 34)
    #expect(titles(all) == DemoCatalogTests.products)
    #expect(all["items"]?.arrayValue?.allSatisfy { $0["matches"] == [] } == true)
    let page = try await filter(daemon, ["query": "", "offset": 30, "limit": 10])
    #expect(page["total"]?.int == 34)
    #expect(titles(page) == Array(DemoCatalogTests.products[30...]))
    let defaultLimit = try await daemon.result(
      "catalog/load",
      ["items": .array((0..<120).map { ["title": .string("n\($0)")] })]
    )
    #expect(defaultLimit["items"]?.int == 120)
    let fifty = try await filter(daemon, ["query": ""])
    #expect(fifty["total"]?.int == 120)
    #expect(titles(fifty) == (0..<50).map { "n\($0)" })
    await daemon.finish()
  }

  @Test("pages of a ranked result put together give the whole result; total is the same on every page")
  func paging() async throws {
    let daemon = try await TestDaemon()
    for query in ["i", "pro", "mac", "o"] {
      let whole = try await filter(daemon, ["query": .string(query), "limit": 100])
      let total = try #require(whole["total"]?.int)
      #expect(whole["items"]?.arrayValue?.count == total)
      var pieces: [String] = []
      for offset in stride(from: 0, to: total + 3, by: 3) {
        let page = try await filter(
          daemon,
          ["query": .string(query), "limit": 3, "offset": .number(JSONNumber(offset))]
        )
        #expect(page["total"]?.int == total, "\(query) offset \(offset)")
        pieces += page["items"]?.strings("id") ?? []
      }
      #expect(pieces == whole["items"]?.strings("id"), "\(query)")
      let none = try await filter(daemon, ["query": .string(query), "limit": 0])
      #expect(none["total"]?.int == total)
      #expect(none["items"] == [])
      let beyond = try await filter(daemon, ["query": .string(query), "offset": .number(JSONNumber(total))])
      #expect(beyond["items"] == [])
      #expect(beyond["total"]?.int == total)
    }
    await daemon.finish()
  }

  @Test("ranked hits come best first: scores never increase down the list")
  func scoresOrdered() async throws {
    let daemon = try await TestDaemon()
    for query in ["i", "pro", "mac", "ipda", "pod", "air", "mbp", "magic k"] {
      let result = try await filter(daemon, ["query": .string(query), "limit": 100])
      let scores = (result["items"]?.arrayValue ?? []).compactMap { $0["score"]?.int }
      #expect(scores.count == result["items"]?.arrayValue?.count)
      #expect(zip(scores, scores.dropFirst()).allSatisfy { $0 >= $1 }, "\(query): \(scores)")
    }
    await daemon.finish()
  }

  @Test("smart mode on the demo: acronyms, typos, several words in any order, case")
  func smartExamples() async throws {
    let daemon = try await TestDaemon()
    let firsts: [(query: String, title: String)] = [
      ("mbp", "MacBook Pro"), ("macbok", "MacBook"), ("airpod pro", "AirPods Pro"), ("pro airpods", "AirPods Pro"),
      ("IPHONE PRO MAX", "iPhone Pro Max"), ("max pro iphone", "iPhone Pro Max"), ("studio", "Studio Display"),
      ("vision", "Vision Pro"), ("macintosh", "Macintosh"), ("homepod", "HomePod"),
    ]
    for (query, title) in firsts {
      let result = try await filter(daemon, ["query": .string(query)])
      #expect(titles(result).first == title, "\(query) → \(titles(result))")
    }
    // A typo or an acronym finds the product among the first few.
    for (query, title) in [
      ("magic kyeboard", "Magic Keyboard"), ("trakpad", "Magic Trackpad"), ("ipd mn", "iPad mini"),
    ] {
      let result = try await filter(daemon, ["query": .string(query)])
      #expect(titles(result).prefix(3).contains(title), "\(query) → \(titles(result))")
    }
    // Every query word must match.
    let both = try await filter(daemon, ["query": "mini ipad", "limit": 100])
    #expect(titles(both).first == "iPad mini")
    #expect(!titles(both).contains("Mac mini"))
    let nothing = try await filter(daemon, ["query": "zzzz qqqq"])
    #expect(nothing["total"] == 0)
    await daemon.finish()
  }

  @Test("mode prefix keeps only exact, prefix and word-prefix hits of smart mode")
  func prefixMode() async throws {
    let daemon = try await TestDaemon()
    for query in ["mac", "pro", "ip", "air", "ipda", "mbp", "mini pod"] {
      let smart = try await filter(daemon, ["query": .string(query), "limit": 100])
      let prefix = try await filter(daemon, ["query": .string(query), "limit": 100, "mode": "prefix"])
      let prefixTiers: Set<JSONValue> = ["exact", "prefix", "wordPrefix"]
      let expected = Set(
        (smart["items"]?.arrayValue ?? []).filter { prefixTiers.contains($0["tier"] ?? .null) }.strings("id")
      )
      #expect(Set(prefix["items"]?.strings("id") ?? []) == expected, "\(query)")
      #expect(prefix["total"]?.int == expected.count)
    }
    let mac = try await filter(daemon, ["query": "mac", "mode": "prefix"])
    #expect(
      Set(titles(mac)).isSuperset(of: ["Mac mini", "Mac Pro", "MacBook", "MacBook Air", "MacBook Pro", "Macintosh"])
    )
    #expect(!titles(mac).contains("Magic Mouse"))
    #expect(try await filter(daemon, ["query": "mbp", "mode": "prefix"])["total"] == 0)
    await daemon.finish()
  }

  @Test("mode fuzzy is smart mode without typo tolerance")
  func fuzzyMode() async throws {
    let daemon = try await TestDaemon()
    for query in ["ipda", "macbok", "ipd", "mbp", "pro", "trakpad", "homepdo"] {
      let smart = try await filter(daemon, ["query": .string(query), "limit": 100])
      let fuzzy = try await filter(daemon, ["query": .string(query), "limit": 100, "mode": "fuzzy"])
      let fuzzyItems = fuzzy["items"]?.arrayValue ?? []
      #expect(!fuzzyItems.contains { $0["tier"] == "typo" }, "\(query)")
      let fuzzyTiers = Dictionary(uniqueKeysWithValues: fuzzyItems.map { ($0["id"] ?? .null, $0["tier"] ?? .null) })
      for item in smart["items"]?.arrayValue ?? [] where item["tier"] != "typo" {
        #expect(fuzzyTiers[item["id"] ?? .null] == item["tier"], "\(query): \(item.serializedString())")
      }
      #expect(Set(fuzzyTiers.keys).isSubset(of: Set((smart["items"]?.arrayValue ?? []).compactMap { $0["id"] })))
    }
    // A swapped-letter typo is found by smart mode only.
    let smart = try await filter(daemon, ["query": "homepdo"])
    #expect(titles(smart).first == "HomePod")
    let fuzzy = try await filter(daemon, ["query": "homepdo", "mode": "fuzzy"])
    #expect(!titles(fuzzy).contains("HomePod"))
    await daemon.finish()
  }

  /// Items carrying several tokens, for the "all of them" rule.
  private static let taggedItems: JSONValue = [
    ["id": "a", "title": "Item a", "tokens": ["red", "big"]],
    ["id": "b", "title": "Item b", "tokens": ["red"]],
    ["id": "c", "title": "Item c", "tokens": ["big"]],
    ["id": "d", "title": "Item d"],
    ["id": "e", "title": "Item e", "tokens": ["big", "red", "old"]],
  ]

  @Test("tokens keep items carrying all of them; scope one more; both with an empty or a real query")
  func tokensAndScope() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("catalog/load", ["items": Self.taggedItems])
    let cases: [(tokens: [String], scope: String?, ids: [String])] = [
      ([], nil, ["a", "b", "c", "d", "e"]),
      (["red"], nil, ["a", "b", "e"]),
      (["red", "big"], nil, ["a", "e"]),
      (["big", "red", "old"], nil, ["e"]),
      ([], "big", ["a", "c", "e"]),
      (["red"], "big", ["a", "e"]),
      (["old"], "red", ["e"]),
      (["unknown"], nil, []),
      ([], "unknown", []),
    ]
    for (tokens, scope, ids) in cases {
      var params: JSONValue = ["query": "", "tokens": tokens.json]
      var ranked: JSONValue = ["query": "item", "tokens": tokens.json]
      if let scope {
        params = ["query": "", "tokens": tokens.json, "scope": .string(scope)]
        ranked = ["query": "item", "tokens": tokens.json, "scope": .string(scope)]
      }
      let listed = try await filter(daemon, params)
      #expect(listed["items"]?.strings("id") == ids, "\(tokens) \(scope ?? "-")")
      #expect(listed["total"]?.int == ids.count)
      let matched = try await filter(daemon, ranked)
      #expect(Set(matched["items"]?.strings("id") ?? []) == Set(ids), "\(tokens) \(scope ?? "-")")
    }
    // On the demo catalog.
    let demo = try await TestDaemon()
    let pro = try await filter(demo, ["query": "pro", "tokens": ["mac"]])
    #expect(Set(titles(pro)) == ["iMac Pro", "Mac Pro", "MacBook Pro"])
    let audio = try await filter(demo, ["query": "", "scope": "audio"])
    #expect(titles(audio) == DemoCatalogTests.products.filter { $0.hasPrefix("AirPods") || $0.hasPrefix("iPod") })
    let contains = try await filter(demo, ["query": "o", "mode": "contains", "scope": "tv-home"])
    #expect(titles(contains) == ["HomePod", "HomePod mini"])
    await demo.finish()
    await daemon.finish()
  }

  @Test("invalid params are -32602 naming the field and what was expected")
  func invalidParams() async throws {
    let daemon = try await TestDaemon()
    let cases: [(params: JSONValue, message: String)] = [
      ([:], "params.query: expected a string, got nothing"),
      (["query": 42], "params.query: expected a string, got a number"),
      (["query": nil], "params.query: expected a string"),
      (["query": "a", "limit": -1], "params.limit: expected an integer from 0 to 10000, got -1"),
      (["query": "a", "limit": 10001], "params.limit: expected an integer from 0 to 10000, got 10001"),
      (["query": "a", "limit": 2.5], "params.limit: expected an integer"),
      (["query": "a", "offset": -1], "params.offset: expected an integer from 0"),
      (["query": "a", "mode": "regex"], "params.mode: expected one of \"smart\""),
      (["query": "a", "mode": 1], "params.mode: expected a string"),
      (["query": "a", "tokens": "mac"], "params.tokens: expected an array, got a string"),
      (["query": "a", "tokens": ["mac", 1]], "params.tokens[1]: expected a string, got a number"),
      (["query": "a", "scope": ["mac"]], "params.scope: expected a string"),
      (["query": "a", "catalog": "nope"], "params.catalog: no catalog named \"nope\""),
      (["query": "a", "catalog": ""], "params.catalog: expected a non-empty string"),
      (["query": "a", "debounceMs": 60001], "params.debounceMs: expected an integer from 0 to 60000"),
    ]
    for (params, message) in cases {
      let error = try await daemon.error("search/filter", params)
      #expect(error["code"] == -32602, "\(params.serializedString())")
      let text = error["message"]?.stringValue ?? ""
      #expect(text.hasPrefix(message), "\(params.serializedString()) → \(text)")
    }
    // Null params are absent params; positional params are not accepted; a non-structured value is not a request.
    for params: JSONValue in [nil, [1, 2], ["ipad"]] {
      let error = try await daemon.error("search/filter", params)
      #expect(error["code"] == -32602, "\(params.serializedString())")
    }
    #expect(try await daemon.error("search/filter", "query")["code"] == -32600)
    // The connection is still fine afterwards.
    #expect(try await filter(daemon, ["query": "ipad"])["total"] != 0)
    await daemon.finish()
  }

  @Test("typing in one field (refining the previous query) gives exactly what a fresh field gives")
  func refinementMatchesFreshSearch() async throws {
    let daemon = try await TestDaemon()
    // Prefixes as typed, with a backspace, a retyped word and a second word.
    let session = [
      "m", "ma", "mac", "macb", "macbo", "macb", "macbook", "macbook ", "macbook p", "macbook pr", "i", "ip", "ipo",
      "ipod", "ipod t", "ipo", "a", "ai", "air", "airp", "airpods", "airpods m", "x", "",
    ]
    for mode in ["smart", "prefix", "fuzzy", "contains"] {
      for (index, query) in session.enumerated() {
        let params: (String) -> JSONValue = { field in
          ["query": .string(query), "mode": .string(mode), "limit": 100, "field": .string(field)]
        }
        let typed = try await filter(daemon, params("typing-\(mode)"))
        let fresh = try await filter(daemon, params("fresh-\(mode)-\(index)"))
        #expect(typed == fresh, "\(mode) \"\(query)\"")
      }
    }
    await daemon.finish()
  }
}
