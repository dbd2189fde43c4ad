import JSONKit
import Testing

@testable import SuggestEngine

/// `CatalogItem`/`CatalogToken` from JSON values, and `CatalogLoader.decode(items:tokens:)` for requests.
@Suite struct CatalogLoaderDecodingTests {
  private static func parse(_ text: String) throws -> JSONValue {
    try JSONParser().parse(text)
  }

  @Test(
    "an item's fields are checked with exact paths in errors",
    arguments: [
      (#"{"title": 5}"#, "items[3].title: expected a string, got a number"),
      (#"{"id": "a"}"#, "items[3].title: expected a string, got nothing"),
      (#"{"title": null}"#, "items[3].title: expected a string, got null"),
      (#"{"title": ""}"#, "items[3].title: expected a non-empty string, got an empty string"),
      (#"{"title": " \t\u3000"}"#, "items[3].title: expected a non-empty string, got a blank string"),
      (#"{"id": true, "title": "t"}"#, "items[3].id: expected a string or a number, got a Boolean"),
      (#"{"title": "t", "completion": 1}"#, "items[3].completion: expected a string, got a number"),
      (#"{"title": "t", "subtitle": {}}"#, "items[3].subtitle: expected a string, got an object"),
      (#"{"title": "t", "keywords": "a"}"#, "items[3].keywords: expected an array, got a string"),
      (#"{"title": "t", "keywords": ["a", null]}"#, "items[3].keywords[1]: expected a string, got null"),
      (#"{"title": "t", "tokens": [false]}"#, "items[3].tokens[0]: expected a string or a number, got a Boolean"),
      (#"{"title": "t", "icon": ["x"]}"#, "items[3].icon: expected a string, got an array"),
      (#"{"title": "t", "weight": "1"}"#, "items[3].weight: expected a number, got a string"),
      (#"{"title": "t", "weight": 1e400}"#, "items[3].weight: expected a number, got a number out of range"),
      (#"[1]"#, "items[3]: expected an object, got an array"),
      (#"{"title": "t", "odd key": 1, "keywords": 2}"#, "items[3].keywords: expected an array, got a number"),
    ]
  )
  func itemErrors(json: String, message: String) throws {
    let value = try Self.parse(json)
    #expect(throws: JSONDecodingError.self) { try CatalogItem(json: value, path: "items[3]") }
    do {
      _ = try CatalogItem(json: value, path: "items[3]")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("an item's optional fields default sensibly; number ids keep their text; unknown fields are ignored")
  func itemDefaults() throws {
    let full = try CatalogItem(
      json: Self.parse(
        #"{"id": 42, "title": " Padded ", "completion": "c", "subtitle": "s", "keywords": ["k"], "tokens": ["t", 7], "icon": "i", "weight": -2.5, "extra": [1]}"#
      ),
      path: "x"
    )
    #expect(
      full
        == CatalogItem(
          id: "42",
          title: " Padded ",
          completion: "c",
          subtitle: "s",
          keywords: ["k"],
          tokens: ["t", "7"],
          icon: "i",
          weight: -2.5
        )
    )
    let minimal = try CatalogItem(
      json: Self.parse(
        #"{"id": "", "title": "T", "completion": "", "subtitle": null, "keywords": null, "tokens": null, "icon": "", "weight": null}"#
      ),
      path: "x"
    )
    #expect(minimal == CatalogItem(id: "T", title: "T"))
    #expect(try CatalogItem(json: Self.parse(#"{"id": 1e3, "title": "T"}"#), path: "").id == "1e3")
    #expect(try CatalogItem(json: Self.parse(#"{"id": -0, "title": "T"}"#), path: "").id == "-0")
  }

  @Test(
    "a token's fields are checked with exact paths; the label defaults to the id",
    arguments: [
      (#"{"label": "x"}"#, "tokens[1].id: expected a string or a number, got nothing"),
      (#"{"id": ""}"#, "tokens[1].id: expected a non-empty string, got an empty string"),
      (#"{"id": [], "label": "x"}"#, "tokens[1].id: expected a string or a number, got an array"),
      (#"{"id": "a", "label": 3}"#, "tokens[1].label: expected a string, got a number"),
      (#"{"id": "a", "icon": false}"#, "tokens[1].icon: expected a string, got a Boolean"),
      (#"{"id": "a", "keywords": [1]}"#, "tokens[1].keywords[0]: expected a string, got a number"),
      (#""movies""#, "tokens[1]: expected an object, got a string"),
    ]
  )
  func tokenErrors(json: String, message: String) throws {
    let value = try Self.parse(json)
    do {
      _ = try CatalogToken(json: value, path: "tokens[1]")
      Issue.record("expected an error for \(json)")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("a token with only an id takes the id as label")
  func tokenDefaults() throws {
    #expect(
      try CatalogToken(json: Self.parse(#"{"id": "movies"}"#), path: "") == CatalogToken(id: "movies", label: "movies")
    )
    #expect(
      try CatalogToken(json: Self.parse(#"{"id": 7, "label": "", "icon": "star", "keywords": ["a"]}"#), path: "")
        == CatalogToken(id: "7", label: "7", icon: "star", keywords: ["a"])
    )
  }

  @Test("strict decoding of a request's items stops at the first bad one, with its path")
  func strictArray() throws {
    let params = try JSONFields(
      Self.parse(#"{"items": [{"title": "a"}, {"title": 1}, {"title": []}]}"#),
      path: "params"
    )
    #expect(throws: JSONDecodingError(path: "params.items[1].title", expected: "a string", found: "a number")) {
      _ = try params.required("items", as: [CatalogItem].self)
    }
  }

  @Test("lenient decoding of a request's items and tokens skips bad entries and reports their paths")
  func lenientDecode() throws {
    let params = try Self.parse(
      #"{"items": [{"title": "a", "tokens": ["t", "u"]}, {"title": 1}, {"id": "a", "title": "A again"}], "tokens": [{"id": "t"}, {"id": 2, "label": {}}]}"#
    )
    let catalog = try CatalogLoader.decode(
      items: #require(params["items"]),
      tokens: params["tokens"],
      itemsPath: "params.items",
      tokensPath: "params.tokens"
    )
    #expect(catalog.items == [CatalogItem(id: "a", title: "A again")])
    #expect(catalog.tokens == [CatalogToken(id: "t", label: "t")])
    #expect(
      catalog.report.skipped == [
        LoadIssue(index: 1, message: "params.items[1].title: expected a string, got a number"),
        LoadIssue(index: 1, message: "params.tokens[1].label: expected a string, got an object"),
      ]
    )
    #expect(
      catalog.report.warnings == [
        LoadIssue(index: 2, message: "duplicate id \"a\": replaces the one from params.items[0]")
      ]
    )
    #expect(catalog.report.itemCount == 1 && catalog.report.tokenCount == 1)
  }

  @Test("lenient decoding needs arrays; null or absent tokens are none")
  func lenientDecodeShapes() throws {
    #expect(throws: JSONDecodingError(path: "params.items", expected: "an array", found: "an object")) {
      _ = try CatalogLoader.decode(items: Self.parse("{}"), itemsPath: "params.items")
    }
    #expect(throws: JSONDecodingError(path: "tokens", expected: "an array", found: "a string")) {
      _ = try CatalogLoader.decode(items: Self.parse("[]"), tokens: "x")
    }
    let catalog = try CatalogLoader.decode(items: Self.parse(#"[{"title": "x", "tokens": ["new"]}]"#), tokens: .null)
    #expect(catalog.tokens == [CatalogToken(id: "new", label: "new")])
    #expect(
      catalog.report.warnings == [
        LoadIssue(index: 0, message: "item \"x\" refers to undeclared token \"new\": created with label \"new\"")
      ]
    )
  }

  @Test("in a request's items an empty token id is dropped with a warning naming the item; a declared one is skipped")
  func lenientDecodeEmptyTokenIDs() throws {
    let catalog = try CatalogLoader.decode(
      items: Self.parse(#"[{"title": "x", "tokens": ["t", ""]}, {"id": "y", "title": "Y", "tokens": [""]}]"#),
      tokens: Self.parse(#"[{"id": "t", "label": "T"}, {"id": "", "label": "Nothing"}]"#),
      itemsPath: "params.items",
      tokensPath: "params.tokens"
    )
    #expect(catalog.items.map(\.tokens) == [["t"], []])
    #expect(catalog.tokens == [CatalogToken(id: "t", label: "T")])
    #expect(
      catalog.report.warnings == [
        LoadIssue(index: 0, message: "item \"x\" refers to an empty token id: ignored"),
        LoadIssue(index: 1, message: "item \"y\" refers to an empty token id: ignored"),
      ]
    )
    #expect(
      catalog.report.skipped == [
        LoadIssue(index: 1, message: "params.tokens[1].id: expected a non-empty string, got an empty string")
      ]
    )
  }

  @Test("items decoded for a catalog they are added to refer to the tokens it defines without declaring them")
  func lenientDecodeAddingToCatalog() throws {
    let catalog = Catalog(
      items: [CatalogItem(id: "a", title: "A", tokens: ["red", "mentioned"])],
      tokens: [CatalogToken(id: "red", label: "Red", icon: "circle")]
    )
    let loaded = try CatalogLoader.decode(
      items: Self.parse(#"[{"id": "b", "title": "B", "tokens": ["red", "mentioned", "new"]}]"#),
      addingTo: catalog
    )
    // An id the catalog's items only mention is not a token it defines.
    #expect(
      loaded.tokens == [CatalogToken(id: "mentioned", label: "mentioned"), CatalogToken(id: "new", label: "new")]
    )
    #expect(
      loaded.report.warnings.map(\.message) == [
        "item \"b\" refers to undeclared token \"mentioned\": created with label \"mentioned\"",
        "item \"b\" refers to undeclared token \"new\": created with label \"new\"",
      ]
    )
    #expect(catalog.adding(loaded.items, tokens: loaded.tokens).tokens.first == catalog.tokens.first)
  }
}
