import Foundation
import JSONKit
import TestSupport
import Testing

@testable import suggest_lsp

/// `catalog/load`, `catalog/add`, `catalog/remove`, `catalog/stats`, named catalogs, and request ordering.
@Suite(.scaledTimeLimit(minutes: 1)) struct CatalogMethodsTests {
  private func listing(_ daemon: TestDaemon, catalog: String = "default") async throws -> [String] {
    try await daemon.result("search/filter", ["query": "", "catalog": .string(catalog), "limit": 1000])["items"]?
      .strings("title") ?? []
  }

  @Test("catalog/load with items replaces the catalog and answers with its counts")
  func loadInline() async throws {
    let daemon = try await TestDaemon()
    let counts = try await daemon.result(
      "catalog/load",
      [
        "items": [
          ["id": "1", "title": "Kiwi", "tokens": ["fruit"], "subtitle": "green", "icon": "leaf", "weight": 3],
          ["id": "2", "title": "Leek", "tokens": ["veg"], "keywords": ["onion"]],
          ["title": "Mango", "completion": "mango (ripe)"],
        ],
        "tokens": [["id": "fruit", "label": "Fruit", "icon": "apple"], ["id": "veg", "label": "Vegetables"]],
      ]
    )
    #expect(counts["catalog"] == "default")
    #expect(counts["items"] == 3)
    #expect(counts["tokens"] == 2)
    #expect(counts["skipped"] == 0)
    #expect(counts["issues"] == [])
    #expect(counts["catalogs"] == ["default"])
    #expect(try await listing(daemon) == ["Kiwi", "Leek", "Mango"])
    // The old catalog is gone.
    #expect(try await daemon.result("search/filter", ["query": "ipad"])["total"] == 0)
    let kiwi = try await daemon.result("search/filter", ["query": "kiwi"])["items"]?[0]
    #expect(kiwi?["id"] == "1")
    #expect(kiwi?["subtitle"] == "green")
    #expect(kiwi?["icon"] == "leaf")
    // An item without an id is known by its title.
    #expect(try await daemon.result("search/filter", ["query": "mango"])["items"]?[0]?["id"] == "Mango")
    // Keywords are searched, tokens restrict.
    #expect(try await daemon.result("search/filter", ["query": "onion"])["items"]?.strings("id") == ["2"])
    #expect(
      try await daemon.result("search/filter", ["query": "", "tokens": ["fruit"]])["items"]?.strings("id") == ["1"]
    )
    let stats = try await daemon.result("catalog/stats")
    #expect(stats["items"] == 3)
    #expect(stats["tokens"] == 2)
    await daemon.finish()
  }

  @Test("bad rows are skipped and reported: the count and a reason naming each row")
  func skippedRows() async throws {
    let daemon = try await TestDaemon()
    let counts = try await daemon.result(
      "catalog/load",
      ["items": [["title": "Good"], ["id": "no-title"], ["title": ""], 42, ["title": ["not", "a", "string"]]]]
    )
    #expect(counts["items"] == 1)
    #expect(counts["skipped"] == 4)
    let issues = counts["issues"]?.strings() ?? []
    #expect(issues.count == 4)
    for (issue, index) in zip(issues, 1...4) {
      #expect(issue.hasPrefix("params.items[\(index)]"), "\(issue)")
    }
    #expect(try await listing(daemon) == ["Good"])
    await daemon.finish()
  }

  @Test("catalog/load from a file of each format, by extension or by an explicit format")
  func loadFiles() async throws {
    let directory = try TemporaryDirectory()
    let json = try directory.write(
      "music.json",
      #"{"items":[{"id":"x","title":"Xylophone","tokens":["music"]},{"id":"y","title":"Yodel"}],"#
        + #""tokens":[{"id":"music","label":"Music"}]}"#
    )
    let array = try directory.write("array.json", #"[{"id":"a","title":"Accordion"}]"#)
    let lines = try directory.write("lines.jsonl", #"{"id":"j1","title":"Jazz"}"# + "\n" + #"{"title":"Blues"}"# + "\n")
    let ndjson = try directory.write("lines.ndjson", #"{"title":"Polka"}"# + "\n")
    let tsv = try directory.write(
      "table.tsv",
      "id\ttitle\tsubtitle\ttokens\ticon\tweight\nr1\tRed Apple\tA fruit\tfruit\tapple.icon\t3\nr2\tGreen Pear\t\tfruit\t\t1\n"
    )
    let text = try directory.write("titles.txt", "Alpha\nBeta\n\nGamma\n")
    let noExtension = try directory.write("titles", "One\nTwo\n")
    let cases: [(params: JSONValue, titles: [String], tokens: Int)] = [
      (["path": .string(json)], ["Xylophone", "Yodel"], 1),
      (["path": .string(array)], ["Accordion"], 0),
      (["path": .string(lines)], ["Jazz", "Blues"], 0),
      (["path": .string(ndjson)], ["Polka"], 0),
      (["path": .string(tsv)], ["Red Apple", "Green Pear"], 1),
      (["path": .string(text)], ["Alpha", "Beta", "Gamma"], 0),
      (["path": .string(noExtension), "format": "txt"], ["One", "Two"], 0),
      (["path": .string(text), "format": "TSV"], [], 0),
    ]
    let daemon = try await TestDaemon()
    for (index, test) in cases.enumerated() {
      var params = test.params
      if case .object(var object) = params {
        object.append(key: "catalog", value: .string("c\(index)"))
        params = .object(object)
      }
      let reply = try await daemon.call("catalog/load", params)
      if test.titles.isEmpty {
        // "Alpha" read as a TSV header has no title column: the file is not a catalog.
        #expect(reply["error"]?["code"] == -32602, "\(reply.serializedString())")
        continue
      }
      #expect(reply["result"]?["items"]?.int == test.titles.count, "\(reply.serializedString())")
      #expect(reply["result"]?["tokens"]?.int == test.tokens, "\(reply.serializedString())")
      #expect(try await listing(daemon, catalog: "c\(index)") == test.titles)
    }
    let apple = try await daemon.result("search/filter", ["query": "apple", "catalog": "c4"])["items"]?[0]
    #expect(apple?["subtitle"] == "A fruit")
    #expect(apple?["icon"] == "apple.icon")
    #expect(apple?["id"] == "r1")
    await daemon.finish()
  }

  @Test("a file with bad rows loads the good ones and reports the others with their line numbers")
  func fileReport() async throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(
      "mixed.jsonl",
      #"{"id":"1","title":"One"}"# + "\nnot json\n" + #"{"id":"3"}"# + "\n" + #"{"id":"4","title":"Four"}"# + "\n"
    )
    let daemon = try await TestDaemon()
    let counts = try await daemon.result("catalog/load", ["path": .string(path)])
    #expect(counts["items"] == 2)
    #expect(counts["skipped"] == 2)
    let issues = counts["issues"]?.strings() ?? []
    #expect(issues.count == 2)
    #expect(issues.first?.hasPrefix("line 2") == true, "\(issues)")
    #expect(issues.last?.hasPrefix("line 3") == true, "\(issues)")
    #expect(try await listing(daemon) == ["One", "Four"])
    await daemon.finish()
  }

  @Test("catalog/load errors: -32602 naming the problem, the catalog unchanged")
  func loadErrors() async throws {
    let directory = try TemporaryDirectory()
    let csv = try directory.write("table.csv", "a,b\n")
    let broken = try directory.write("broken.json", #"[{"title":"x"},"#)
    let daemon = try await TestDaemon()
    let cases: [(params: JSONValue, message: String)] = [
      (["path": .string(directory.file("missing.json"))], "params.path: catalog file not found: "),
      (["path": .string(csv)], "params.path: unsupported catalog format \".csv\""),
      (["path": .string(directory.path), "format": "json"], "params.path: catalog path is not a regular file"),
      (["path": .string(broken)], "params.path: invalid JSON at line 1"),
      (["path": .string(csv), "format": "xml"], "params.format: expected one of"),
      (["path": .string(csv), "items": []], "params: expected either \"path\" or \"items\", got both"),
      ([:], "params: expected \"path\" (a catalog file) or \"items\" (an array), got neither"),
      (nil, "params: expected \"path\" (a catalog file) or \"items\" (an array), got neither"),
      (["items": "x"], "params.items: expected an array, got a string"),
      (["path": 3], "params.path: expected a string, got a number"),
      (["items": [], "tokens": 5], "params.tokens: expected an array"),
      (["items": [], "catalog": ""], "params.catalog: expected a non-empty string"),
    ]
    for (params, message) in cases {
      let error = try await daemon.error("catalog/load", params)
      #expect(error["code"] == -32602, "\(params.serializedString())")
      let text = error["message"]?.stringValue ?? ""
      #expect(text.hasPrefix(message), "\(params.serializedString()) → \(text)")
    }
    let missing = try await daemon.error("catalog/load", ["path": .string(directory.file("missing.json"))])
    #expect(missing["message"]?.stringValue?.contains(directory.file("missing.json")) == true)
    #expect(try await listing(daemon) == DemoCatalogTests.products)
    await daemon.finish()
  }

  @Test("catalog/add adds items and replaces those with the same id; catalog/remove removes by id")
  func addAndRemove() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result(
      "catalog/load",
      ["items": [["id": "a", "title": "Apple"], ["id": "b", "title": "Banana"]]]
    )
    let added = try await daemon.result(
      "catalog/add",
      ["items": [["id": "b", "title": "Blueberry"], ["id": "c", "title": "Cherry", "tokens": ["red"]]]]
    )
    #expect(added["items"] == 3)
    #expect(added["tokens"] == 1)
    #expect(Set(try await listing(daemon)) == ["Apple", "Blueberry", "Cherry"])
    #expect(try await daemon.result("search/filter", ["query": "banana"])["total"] == 0)
    let blueberry = try await daemon.result("search/filter", ["query": "blueberry"])["items"]?[0]
    #expect(blueberry?["id"] == "b")
    #expect(
      try await daemon.result("search/filter", ["query": "", "tokens": ["red"]])["items"]?.strings("id") == ["c"]
    )

    let removed = try await daemon.result("catalog/remove", ["ids": ["a", "zzz", "c"]])
    #expect(removed["removed"] == 2)
    #expect(removed["items"] == 1)
    #expect(try await listing(daemon) == ["Blueberry"])
    #expect(try await daemon.result("search/filter", ["query": "apple"])["total"] == 0)
    let again = try await daemon.result("catalog/remove", ["ids": ["a"]])
    #expect(again["removed"] == 0)
    #expect(again["items"] == 1)

    // A removed id can be added back.
    _ = try await daemon.result("catalog/add", ["items": [["id": "a", "title": "Avocado"]]])
    #expect(Set(try await listing(daemon)) == ["Avocado", "Blueberry"])
    #expect(try await daemon.result("catalog/stats")["items"] == 2)
    await daemon.finish()
  }

  @Test("an empty token id in catalog/load or catalog/add items is dropped with a warning; a declared one is skipped")
  func emptyTokenIDs() async throws {
    let daemon = try await TestDaemon()
    let loaded = try await daemon.result(
      "catalog/load",
      [
        "items": [["id": "a", "title": "Apple", "tokens": ["", "red"]]],
        "tokens": [["id": "red", "label": "Red"], ["id": "", "label": "Nothing"]],
      ]
    )
    #expect(loaded["tokens"] == 1)
    #expect(loaded["skipped"] == 1)
    #expect(
      loaded["issues"] == [
        "params.tokens[1].id: expected a non-empty string, got an empty string",
        "item \"a\" refers to an empty token id: ignored",
      ]
    )
    let added = try await daemon.result("catalog/add", ["items": [["id": "b", "title": "Banana", "tokens": [""]]]])
    #expect(added["tokens"] == 1)
    #expect(added["issues"] == ["item \"b\" refers to an empty token id: ignored"])
    #expect(try await daemon.result("search/tokens", ["query": ""])["tokens"]?.strings("id") == ["red"])
    #expect(try await listing(daemon) == ["Apple", "Banana"])
    await daemon.finish()
  }

  @Test("catalog/add of an item naming a token the catalog declares uses it: its label is kept, with no warning")
  func addNamingDeclaredToken() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result(
      "catalog/load",
      [
        "items": [["id": "a", "title": "Apple", "tokens": ["red"]]],
        "tokens": [["id": "red", "label": "Red fruit", "icon": "circle"]],
      ]
    )
    let added = try await daemon.result(
      "catalog/add",
      ["items": [["id": "c", "title": "Cherry", "tokens": ["red", "small"]]]]
    )
    #expect(added["tokens"] == 2)
    #expect(added["issues"] == ["item \"c\" refers to undeclared token \"small\": created with label \"small\""])
    let red = try await daemon.result("search/tokens", ["query": "red"])["tokens"]?[0]
    #expect(red?["id"] == "red")
    #expect(red?["label"] == "Red fruit")
    #expect(red?["icon"] == "circle")
    #expect(red?["count"] == 2)
    // A token an earlier catalog/add created is the catalog's now too.
    let again = try await daemon.result("catalog/add", ["items": [["id": "d", "title": "Date", "tokens": ["small"]]]])
    #expect(again["issues"] == [])
    // A request that declares a token itself still replaces the definition.
    _ = try await daemon.result("catalog/add", ["items": [], "tokens": [["id": "red", "label": "Rouge"]]])
    #expect(try await daemon.result("search/tokens", ["query": "rouge"])["tokens"]?[0]?["label"] == "Rouge")
    await daemon.finish()
  }

  @Test("catalog/add and catalog/remove errors")
  func addRemoveErrors() async throws {
    let daemon = try await TestDaemon()
    let cases: [(method: String, params: JSONValue, message: String)] = [
      ("catalog/add", [:], "params.items: expected an array, got nothing"),
      ("catalog/add", ["items": ["id": "x"]], "params.items: expected an array, got an object"),
      ("catalog/remove", [:], "params.ids: expected an array"),
      ("catalog/remove", ["ids": "ipad"], "params.ids: expected an array, got a string"),
      ("catalog/remove", ["ids": [1]], "params.ids[0]: expected a string"),
      ("catalog/remove", ["ids": ["ipad"], "catalog": "nowhere"], "params.catalog: no catalog named \"nowhere\""),
      ("catalog/stats", ["catalog": "nowhere"], "params.catalog: no catalog named \"nowhere\""),
    ]
    for (method, params, message) in cases {
      let error = try await daemon.error(method, params)
      #expect(error["code"] == -32602, "\(method) \(params.serializedString())")
      let text = error["message"]?.stringValue ?? ""
      #expect(text.hasPrefix(message), "\(method) \(params.serializedString()) → \(text)")
    }
    #expect(try await daemon.result("catalog/stats")["items"] == 34)
    await daemon.finish()
  }

  @Test("named catalogs live side by side; every method takes a catalog name")
  func namedCatalogs() async throws {
    let daemon = try await TestDaemon()
    let music = try await daemon.result(
      "catalog/load",
      [
        "catalog": "music",
        "items": [["id": "m1", "title": "Blue in Green", "tokens": ["jazz"]], ["id": "m2", "title": "Blue Monday"]],
        "tokens": [["id": "jazz", "label": "Jazz"]],
      ]
    )
    #expect(music["catalog"] == "music")
    #expect(music["catalogs"] == ["default", "music"])
    // The default catalog is untouched.
    #expect(try await daemon.result("catalog/stats")["items"] == 34)
    #expect(try await daemon.result("catalog/stats", ["catalog": "music"])["items"] == 2)
    let filtered = try await daemon.result("search/filter", ["query": "blue", "catalog": "music"])
    #expect(Set(filtered["items"]?.strings("id") ?? []) == ["m1", "m2"])
    #expect(try await daemon.result("search/filter", ["query": "blue"])["total"] == 0)
    let completed = try await daemon.result("search/complete", ["query": "blue", "catalog": "music"])
    #expect(Set(completed.section("suggestions")?.strings("id") ?? []) == ["m1", "m2"])
    let tokens = try await daemon.result("search/tokens", ["query": "", "catalog": "music"])
    #expect(tokens["tokens"]?.strings("id") == ["jazz"])
    // catalog/add creates a catalog that does not exist yet.
    let created = try await daemon.result("catalog/add", ["catalog": "new", "items": [["title": "Fresh"]]])
    #expect(created["items"] == 1)
    #expect(created["catalogs"] == ["default", "music", "new"])
    _ = try await daemon.result("catalog/remove", ["catalog": "music", "ids": ["m2"]])
    #expect(try await listing(daemon, catalog: "music") == ["Blue in Green"])
    #expect(try await daemon.result("catalog/stats")["items"] == 34)
    await daemon.finish()
  }

  @Test(
    "requests written together take effect in order: a search sees the changes before it, never those after it",
    arguments: 0..<10
  )
  func orderingInOnePipe(round: Int) async throws {
    let daemon = try await TestDaemon()
    // One write: change, search, change, search, … in separate fields so no search supersedes another.
    var text = ""
    text += TestDaemon.line(1, "catalog/load", ["items": [["id": "z1", "title": "Zebra"]]])
    text += TestDaemon.line(2, "search/filter", ["query": "", "field": "a"])
    text += TestDaemon.line(3, "catalog/add", ["items": [["id": "z2", "title": "Zoo"]]])
    text += TestDaemon.line(4, "search/complete", ["query": "z", "field": "b", "limit": 10])
    text += TestDaemon.line(5, "catalog/remove", ["ids": ["z1"]])
    text += TestDaemon.line(6, "search/filter", ["query": "", "field": "c"])
    text += TestDaemon.line(7, "catalog/stats")
    text += TestDaemon.line(8, "catalog/load", ["catalog": "other", "items": [["title": "Other"]]])
    text += TestDaemon.line(9, "search/tokens", ["query": "", "catalog": "other"])
    text += TestDaemon.line(10, "search/filter", ["query": "", "catalog": "other", "field": "d"])
    daemon.write(text)
    let replies = await daemon.waitForReplies(count: 10)
    func reply(_ id: Int) -> JSONValue? { replies.first { $0["id"] == .number(JSONNumber(id)) } }
    #expect(reply(2)?["result"]?["items"]?.strings("id") == ["z1"])
    #expect(Set(reply(4)?["result"]?.section("suggestions")?.strings("id") ?? []) == ["z1", "z2"])
    #expect(reply(6)?["result"]?["items"]?.strings("id") == ["z2"])
    #expect(reply(7)?["result"]?["items"] == 1)
    #expect(reply(9)?["result"]?["tokens"] == [])
    #expect(reply(10)?["result"]?["items"]?.strings("title") == ["Other"])
    let (status, all) = await daemon.finish()
    #expect(status == 0)
    #expect(all.count == 10)
  }

  @Test("a search still waiting out its debounce answers from the catalog as it was when it arrived")
  func debouncedSearchBeforeChange() async throws {
    let daemon = try await TestDaemon()
    daemon.write(
      TestDaemon.line(1, "search/filter", ["query": "", "debounceMs": 200, "limit": 100])
        + TestDaemon.line(2, "catalog/add", ["items": [["id": "late", "title": "Late arrival"]]])
        + TestDaemon.line(3, "search/filter", ["query": "", "field": "after", "limit": 100])
    )
    let replies = await daemon.waitForReplies(count: 3)
    func reply(_ id: Int) -> JSONValue? { replies.first { $0["id"] == .number(JSONNumber(id)) }?["result"] }
    #expect(reply(1)?["items"]?.strings("title") == DemoCatalogTests.products)
    #expect(reply(2)?["items"] == 35)
    #expect(reply(3)?["items"]?.strings("id").contains("late") == true)
    await daemon.finish()
  }

  @Test("a field's refinement never serves the catalog as it was before a change")
  func refinementAfterChange() async throws {
    let daemon = try await TestDaemon()
    func ids(_ query: String) async throws -> Set<String> {
      Set(
        try await daemon.result("search/filter", ["query": .string(query), "field": "typing", "limit": 100])["items"]?
          .strings("id") ?? []
      )
    }
    let before = try await ids("ma")
    #expect(!before.isEmpty)
    _ = try await daemon.result("catalog/add", ["items": [["id": "mazda", "title": "Mazda"]]])
    #expect(try await ids("maz").contains("mazda"))
    _ = try await daemon.result("catalog/remove", ["ids": ["mazda", "mac-mini"]])
    let after = try await ids("ma")
    #expect(!after.contains("mazda"))
    #expect(!after.contains("mac-mini"))
    #expect(try await ids("mac").isDisjoint(with: ["mac-mini", "mazda"]))
    _ = try await daemon.result("catalog/load", ["items": [["id": "m1", "title": "Macaroni"]]])
    #expect(try await ids("maca") == ["m1"])
    await daemon.finish()
  }
}
