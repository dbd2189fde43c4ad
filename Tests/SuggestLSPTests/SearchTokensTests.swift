import JSONKit
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// `search/tokens`: token suggestions (SwiftUI's `suggestedTokens`) with the count of items each would leave.
@Suite(.scaledTimeLimit(minutes: 1)) struct SearchTokensTests {
  /// Items carrying several tokens, and the tokens (one that no item carries).
  private static let catalog: JSONValue = [
    "items": [
      ["id": "a", "title": "Item a", "tokens": ["red", "big"]],
      ["id": "b", "title": "Item b", "tokens": ["red"]],
      ["id": "c", "title": "Item c", "tokens": ["big"]],
      ["id": "d", "title": "Item d"],
      ["id": "e", "title": "Item e", "tokens": ["big", "red", "old"]],
    ],
    "tokens": [
      ["id": "red", "label": "Red", "icon": "circle.fill", "keywords": ["crimson", "scarlet"]],
      ["id": "big", "label": "Big", "keywords": ["large", "huge"]],
      ["id": "old", "label": "Old"],
      ["id": "blue", "label": "Blue"],
    ],
  ]

  private func tokens(_ daemon: TestDaemon, _ params: JSONValue) async throws -> [JSONValue] {
    try #require(try await daemon.result("search/tokens", params)["tokens"]?.arrayValue)
  }

  private func loaded() async throws -> TestDaemon {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("catalog/load", Self.catalog)
    return daemon
  }

  @Test("an empty query lists every token not selected, in definition order, with counts that consider the selection")
  func emptyQuery() async throws {
    let daemon = try await loaded()
    let cases: [(selected: [String], expected: [(String, Int)])] = [
      ([], [("red", 3), ("big", 3), ("old", 1), ("blue", 0)]),
      (["red"], [("big", 2), ("old", 1), ("blue", 0)]),
      (["big"], [("red", 2), ("old", 1), ("blue", 0)]),
      (["red", "big"], [("old", 1), ("blue", 0)]),
      (["old"], [("red", 1), ("big", 1), ("blue", 0)]),
      (["blue"], [("red", 0), ("big", 0), ("old", 0)]),
      (["red", "big", "old", "blue"], []),
    ]
    for (selected, expected) in cases {
      for query in ["", "#", "  ", "# "] {
        let result = try await tokens(daemon, ["query": .string(query), "tokens": selected.json])
        #expect(result.strings("id") == expected.map(\.0), "\(selected) \"\(query)\"")
        #expect(result.map { $0["count"]?.int } == expected.map(\.1), "\(selected) \"\(query)\"")
      }
    }
    // Labels and icons come from the token definitions.
    let all = try await tokens(daemon, ["query": ""])
    #expect(all.strings("label") == ["Red", "Big", "Old", "Blue"])
    #expect(all.map { $0["icon"] } == ["circle.fill", nil, nil, nil])
    await daemon.finish()
  }

  @Test("a query matches labels and keywords, best first; a leading '#' is ignored")
  func matching() async throws {
    let daemon = try await loaded()
    let cases: [(query: String, first: String?, all: Set<String>?)] = [
      ("red", "red", nil), ("#red", "red", nil), ("Re", "red", nil), ("#re", "red", nil), ("crim", "red", ["red"]),
      ("#scarlet", "red", ["red"]), ("large", "big", ["big"]), ("big", "big", nil), ("old", "old", nil),
      ("blue", "blue", nil), ("zzz", nil, []), ("#zzz", nil, []),
    ]
    for (query, first, all) in cases {
      let result = try await tokens(daemon, ["query": .string(query)])
      #expect(result.first?["id"]?.stringValue == first, "\(query) → \(result.strings("id"))")
      if let all { #expect(Set(result.strings("id")) == all, "\(query)") }
    }
    // A selected token is never suggested, even when it matches best.
    let selected = try await tokens(daemon, ["query": "red", "tokens": ["red"]])
    #expect(!selected.strings("id").contains("red"))
    // "b" starts two labels; both are offered.
    let b = try await tokens(daemon, ["query": "b"])
    #expect(Set(b.strings("id")).isSuperset(of: ["big", "blue"]))
    await daemon.finish()
  }

  @Test("limit caps the list")
  func limit() async throws {
    let daemon = try await loaded()
    #expect(try await tokens(daemon, ["query": "", "limit": 2]).strings("id") == ["red", "big"])
    #expect(try await tokens(daemon, ["query": "", "limit": 0]).isEmpty)
    #expect(try await tokens(daemon, ["query": "", "limit": 100]).count == 4)
    await daemon.finish()
  }

  @Test("the demo categories with their product counts")
  func demo() async throws {
    let daemon = try await TestDaemon()
    let all = try await tokens(daemon, ["query": ""])
    #expect(all.strings("id") == DemoCatalog.tokens.map(\.id))
    let counts = Dictionary(DemoCatalog.items.flatMap(\.tokens).map { ($0, 1) }, uniquingKeysWith: +)
    #expect(all.map { $0["count"]?.int } == DemoCatalog.tokens.map { counts[$0.id] })
    #expect(try await tokens(daemon, ["query": "#mus"]).first?["id"] == "audio")
    #expect(try await tokens(daemon, ["query": "ipho"]).first?["id"] == "iphone")
    #expect(try await tokens(daemon, ["query": "tv"]).first?["id"] == "tv-home")
    await daemon.finish()
  }

  @Test("invalid params are -32602 naming the field")
  func invalidParams() async throws {
    let daemon = try await TestDaemon()
    let cases: [(params: JSONValue, field: String)] = [
      (["query": 1], "params.query"),
      (["query": "", "tokens": "mac"], "params.tokens"),
      (["query": "", "tokens": [["id": "mac"]]], "params.tokens[0]"),
      (["query": "", "limit": -1], "params.limit"),
      (["query": "", "limit": "all"], "params.limit"),
      (["query": "", "catalog": "missing"], "params.catalog"),
    ]
    for (params, field) in cases {
      let error = try await daemon.error("search/tokens", params)
      #expect(error["code"] == -32602, "\(params.serializedString())")
      #expect(error["message"]?.stringValue?.hasPrefix(field + ":") == true, "\(error.serializedString())")
    }
    await daemon.finish()
  }
}
