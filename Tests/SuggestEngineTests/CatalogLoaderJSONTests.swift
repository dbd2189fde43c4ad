import Testing

@testable import SuggestEngine

@Suite struct CatalogLoaderJSONTests {
  @Test("the {items, tokens} shape: tokens declared, a bad item skipped with index and line, a token created")
  func objectShape() async throws {
    let catalog = try await CatalogLoader.load(path: try LoaderTestSupport.fixturePath("catalog.json"))
    #expect(
      catalog.items == [
        CatalogItem(id: "m1", title: "Pokémon: The First Movie", tokens: ["movies"], weight: 3.5),
        CatalogItem(id: "a1", title: "Abbey Road", subtitle: "The Beatles", keywords: ["rock"], tokens: ["music"]),
        CatalogItem(
          id: "Podcast Hour",
          title: "Podcast Hour",
          completion: "podcast hour",
          tokens: ["podcasts"],
          icon: "mic"
        ),
      ]
    )
    #expect(
      catalog.tokens == [
        CatalogToken(id: "movies", label: "Movies", icon: "film"),
        CatalogToken(id: "music", label: "Music", keywords: ["songs", "albums"]),
        CatalogToken(id: "podcasts", label: "podcasts"),
      ]
    )
    #expect(
      catalog.report.skipped == [
        LoadIssue(line: 9, index: 2, message: "items[2].title: expected a string, got a number")
      ]
    )
    #expect(
      LoaderTestSupport.warnings(catalog) == [
        "line 10: item \"Podcast Hour\" refers to undeclared token \"podcasts\": created with label \"podcasts\""
      ]
    )
    #expect(catalog.report.summary == "loaded 3 items and 3 tokens; skipped 1 row; 1 warning")
  }

  @Test("an array of items with bad ones among good ones: each bad one skipped with its index and line")
  func arrayWithBadItems() async throws {
    let text = """
      [
        {"id": 1, "title": "One"},
        {"id": 2},
        {"id": 3, "title": "Three", "keywords": ["a", 5]},
        "not an object",
        {"id": 5, "title": "Five", "weight": "heavy"}, {"id": 6, "title": "Six", "weight": 1e3}
      ]
      """
    let catalog = try await LoaderTestSupport.load(text, .json)
    #expect(catalog.items == [CatalogItem(id: "1", title: "One"), CatalogItem(id: "6", title: "Six", weight: 1000)])
    #expect(
      catalog.report.skipped == [
        LoadIssue(line: 3, index: 1, message: "items[1].title: expected a string, got nothing"),
        LoadIssue(line: 4, index: 2, message: "items[2].keywords[1]: expected a string, got a number"),
        LoadIssue(line: 5, index: 3, message: "items[3]: expected an object, got a string"),
        LoadIssue(line: 6, index: 4, message: "items[4].weight: expected a number, got a string"),
      ]
    )
  }

  @Test(
    "text that is not valid JSON is an error with the line and column of the problem",
    arguments: [
      ("", CatalogLoadError.invalidJSON(line: 1, column: 1, reason: "unexpected end of input")),
      ("[{\"title\": \"a\"},, {}]", .invalidJSON(line: 1, column: 17, reason: "unexpected character ','")),
      (
        "[\n  {\"title\": \"a\"}\n  {\"title\": \"b\"}\n]",
        .invalidJSON(line: 3, column: 3, reason: "unexpected character '{'")
      ),
      ("[\n {\"title\": \"é\", \"x\": tru}\n]", .invalidJSON(line: 2, column: 25, reason: "unexpected character '}'")),
      ("[{\"title\": \"a\"}] []", .invalidJSON(line: 1, column: 18, reason: "unexpected content after the JSON value")),
      ("[{\"title\": \"a\"]", .invalidJSON(line: 1, column: 15, reason: "unexpected character ']'")),
      ("[{\"title\": \"a\\q\"}]", .invalidJSON(line: 1, column: 14, reason: "invalid escape sequence in a string")),
      ("{\"items\": [], \"x\": [1,]}", .invalidJSON(line: 1, column: 23, reason: "unexpected character ']'")),
      ("{\"items\" []}", .invalidJSON(line: 1, column: 10, reason: "unexpected character '['")),
      ("{\"items\": [] \"tokens\": []}", .invalidJSON(line: 1, column: 14, reason: "unexpected character '\"'")),
      ("[\"unterminated]", .invalidJSON(line: 1, column: 16, reason: "unexpected end of input")),
      ("nul", .invalidJSON(line: 1, column: 4, reason: "unexpected end of input")),
    ]
  )
  func invalidJSON(text: String, error: CatalogLoadError) async throws {
    await #expect(throws: error) { try await LoaderTestSupport.load(text, .json) }
  }

  @Test(
    "valid JSON of the wrong shape is a wrong-shape error",
    arguments: [
      (
        "\"a string\"",
        "wrong shape of JSON catalog: expected an array of items or an object with an \"items\" array, got a string"
      ),
      (
        "42",
        "wrong shape of JSON catalog: expected an array of items or an object with an \"items\" array, got a number"
      ),
      ("{}", "wrong shape of JSON catalog: the object has no \"items\" array"),
      ("{\"tokens\": []}", "wrong shape of JSON catalog: the object has no \"items\" array"),
      ("{\"items\": {}}", "wrong shape of JSON catalog: \"items\" must be an array, not an object"),
      ("{\"items\": [], \"tokens\": \"x\"}", "wrong shape of JSON catalog: \"tokens\" must be an array, not a string"),
    ]
  )
  func wrongShape(text: String, message: String) async throws {
    await #expect(throws: CatalogLoadError.wrongShape(message)) { try await LoaderTestSupport.load(text, .json) }
  }

  @Test("null tokens are no tokens; other members are ignored; the last of repeated members counts")
  func objectMembers() async throws {
    let text =
      #"{"items": [{"title": "old"}], "meta": {"a": [1, {"b": null}]}, "tokens": null, "items": [{"title": "new"}]}"#
    let catalog = try await LoaderTestSupport.load(text, .json)
    #expect(catalog.items.map(\.title) == ["new"])
    #expect(catalog.tokens.isEmpty)
  }

  @Test("an item with invalid UTF-8 in a string, or nested too deep, is skipped; the rest loads")
  func badItemsInsideValidStructure() async throws {
    var bytes = Array("[\n{\"title\": \"a\"},\n{\"title\": \"b".utf8) + [0xFF] + Array("\"},\n".utf8)
    bytes += Array(
      "{\"title\": \"c\", \"deep\": \(String(repeating: "[", count: 600))\(String(repeating: "]", count: 600))},\n".utf8
    )
    bytes += Array("{\"title\": \"d\"}\n]".utf8)
    let catalog = try await CatalogLoader.load(bytes: bytes, format: .json)
    #expect(catalog.items.map(\.title) == ["a", "d"])
    #expect(
      catalog.report.skipped == [
        LoadIssue(line: 3, index: 1, message: "items[1]: invalid UTF-8 in a string"),
        LoadIssue(line: 4, index: 2, message: "items[2]: arrays and objects nested deeper than 511 levels"),
      ]
    )
  }

  @Test("bad tokens are skipped with their index and line; duplicate tokens are merged with a warning")
  func badAndDuplicateTokens() async throws {
    let text = """
      {"items": [{"title": "x", "tokens": ["t"]}],
       "tokens": [
         {"id": "t", "label": "First"},
         {"label": "no id"},
         {"id": "t", "label": "Second"},
         {"id": "", "label": "empty"},
         {"id": "u", "label": ["not", "a", "string"]}
       ]}
      """
    let catalog = try await LoaderTestSupport.load(text, .json)
    #expect(catalog.tokens == [CatalogToken(id: "t", label: "Second")])
    #expect(
      LoaderTestSupport.skipped(catalog) == [
        "line 4: tokens[1].id: expected a string or a number, got nothing",
        "line 6: tokens[3].id: expected a non-empty string, got an empty string",
        "line 7: tokens[4].label: expected a string, got an array",
      ]
    )
    #expect(LoaderTestSupport.warnings(catalog) == ["line 5: duplicate token id \"t\": replaces the one from line 3"])
  }

  @Test("a byte order mark is skipped; an empty array is an empty catalog")
  func byteOrderMarkAndEmpty() async throws {
    let catalog = try await LoaderTestSupport.load("\u{FEFF}[{\"title\": \"a\"}]", .json)
    #expect(catalog.items.map(\.title) == ["a"])
    let empty = try await LoaderTestSupport.load(" [ ] ", .json)
    #expect(empty.items.isEmpty && empty.report == CatalogLoadReport())
  }

  @Test("a large array (decoded in parallel parts) keeps every index and line exact")
  func largeArray() async throws {
    var text = "[\n"
    var expectedSkipped: [LoadIssue] = []
    let count = 60_000
    for index in 0..<count {
      let separator = index == count - 1 ? "\n" : ",\n"
      if index % 7_919 == 0 {
        text += #"{"id": "i\#(index)", "title": null}"# + separator
        expectedSkipped.append(
          LoadIssue(line: index + 2, index: index, message: "items[\(index)].title: expected a string, got null")
        )
      } else {
        text += #"{"id": "i\#(index)", "title": "Item number \#(index) with some padding text", "weight": \#(index)}"#
        text += separator
      }
    }
    text += "]\n"
    #expect(text.utf8.count > 2 * ParallelParts.minimumPartBytes)
    let catalog = try await LoaderTestSupport.load(text, .json)
    #expect(catalog.items.count == count - expectedSkipped.count)
    #expect(catalog.report.skipped == expectedSkipped)
    #expect(
      catalog.items.last == CatalogItem(id: "i59999", title: "Item number 59999 with some padding text", weight: 59_999)
    )
    #expect(zip(catalog.items, catalog.items.dropFirst()).allSatisfy { $0.weight < $1.weight })
  }

  @Test("a syntax error in the second half of a large array is reported at its line")
  func largeArraySyntaxError() async throws {
    var lines = (0..<50_000).map { #"{"title": "Item number \#($0) with some padding text"},"# }
    lines[40_000] = #"{"title": "broken" "x"},"#
    let text = "[\n" + lines.joined(separator: "\n") + "\n{\"title\": \"last\"}]"
    await #expect(throws: CatalogLoadError.invalidJSON(line: 40_002, column: 20, reason: "unexpected character '\"'")) {
      try await LoaderTestSupport.load(text, .json)
    }
  }
}
