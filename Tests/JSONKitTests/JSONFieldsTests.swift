import JSONKit
import Testing

@Suite struct JSONFieldsTests {
  private func params(_ text: String) throws -> JSONValue {
    try JSONParser().parse(text)
  }

  /// The message of the decoding error `body` throws.
  private func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as JSONDecodingError {
      return error.description
    } catch {
      return "unexpected error: \(error)"
    }
  }

  @Test func absentOrNullParamsHaveNoFields() throws {
    let absent = try JSONFields(nil, path: "params")
    #expect(absent.object.isEmpty)
    let null = try JSONFields(.null, path: "params")
    #expect(try null.optional("limit", as: Int.self) == nil)
    #expect(message { _ = try JSONFields(.string("x"), path: "params") } == "params: expected an object, got a string")
    #expect(message { _ = try JSONFields([1], path: "params") } == "params: expected an object, got an array")
    let emptyArray = try JSONFields([], path: "params")  // Neovim's vim.json encodes an empty Lua table as []
    #expect(emptyArray.object.isEmpty)
    #expect(message { _ = try JSONFields(object: .null, path: "item") } == "item: expected an object, got null")
  }

  @Test func readsRequiredAndOptionalFields() throws {
    let fields = try JSONFields(
      params(#"{"query":"ip","limit":5,"exact":true,"score":0.5,"tokens":["a","b"],"mode":null}"#),
      path: "params"
    )
    #expect(try fields.required("query", as: String.self) == "ip")
    #expect(try fields.required("limit", as: Int.self) == 5)
    #expect(try fields.required("exact", as: Bool.self))
    #expect(try fields.required("score", as: Double.self) == 0.5)
    #expect(try fields.required("tokens", as: [String].self) == ["a", "b"])
    #expect(try fields.optional("mode", as: String.self) == nil)
    #expect(try fields.optional("missing", as: String.self) == nil)
    #expect(try fields.optional("mode", default: "smart") == "smart")
    #expect(try fields.optional("limit", default: 50) == 5)
    #expect(try fields.required("mode", as: JSONValue.self) == .null)
    let limit: Int = try fields.required("limit")
    #expect(limit == 5)
  }

  @Test func reportsMissingAndMistypedFieldsWithTheirPath() throws {
    let fields = try JSONFields(
      params(#"{"query":3,"limit":"5","tokens":["a","b",7],"scope":{},"flag":"yes","ratio":"x"}"#),
      path: "params"
    )
    #expect(
      message { _ = try fields.required("missing", as: String.self) }
        == "params.missing: expected a string, got nothing"
    )
    #expect(
      message { _ = try fields.required("missing", as: [Int].self) } == "params.missing: expected an array, got nothing"
    )
    #expect(
      message { _ = try fields.required("query", as: String.self) } == "params.query: expected a string, got a number"
    )
    #expect(
      message { _ = try fields.optional("limit", as: Int.self) } == "params.limit: expected an integer, got a string"
    )
    #expect(
      message { _ = try fields.required("tokens", as: [String].self) }
        == "params.tokens[2]: expected a string, got a number"
    )
    #expect(
      message { _ = try fields.required("scope", as: String.self) } == "params.scope: expected a string, got an object"
    )
    #expect(
      message { _ = try fields.required("flag", as: Bool.self) } == "params.flag: expected a Boolean, got a string"
    )
    #expect(
      message { _ = try fields.required("ratio", as: Double.self) } == "params.ratio: expected a number, got a string"
    )
  }

  @Test func integersMustBeIntegralAndInRange() throws {
    let fields = try JSONFields(
      params(#"{"a":5.0,"b":1e2,"c":1.5,"d":1e30,"e":-0,"f":9223372036854775808}"#),
      path: "params"
    )
    #expect(try fields.required("a", as: Int.self) == 5)
    #expect(try fields.required("b", as: Int.self) == 100)
    #expect(try fields.required("e", as: Int.self) == 0)
    #expect(
      message { _ = try fields.required("c", as: Int.self) }
        == "params.c: expected an integer, got a fractional number (1.5)"
    )
    #expect(
      message { _ = try fields.required("d", as: Int.self) }
        == "params.d: expected an integer, got an integer out of range (1e30)"
    )
    #expect(
      message { _ = try fields.required("f", as: Int64.self) }
        == "params.f: expected an integer, got an integer out of range (9223372036854775808)"
    )
  }

  @Test func doublesMustBeFinite() throws {
    let fields = try JSONFields(params(#"{"big":1e400,"tiny":1e-400}"#), path: "")
    #expect(
      message { _ = try fields.required("big", as: Double.self) } == "big: expected a number, got a number out of range"
    )
    #expect(try fields.required("tiny", as: Double.self) == 0)
  }

  private struct Item: JSONDecodable, Equatable {
    var id: String
    var title: String
    var weight: Double?

    init(id: String, title: String, weight: Double? = nil) {
      self.id = id
      self.title = title
      self.weight = weight
    }

    init(json: JSONValue, path: String) throws(JSONDecodingError) {
      let fields = try JSONFields(object: json, path: path)
      id = try fields.required("id")
      title = try fields.required("title")
      weight = try fields.optional("weight")
    }
  }

  @Test func nestedDecodablesReportFullPaths() throws {
    let fields = try JSONFields(
      params(#"{"items":[{"id":"a","title":"A"},{"id":"b","weight":2}],"one":{"id":"c","title":"C","weight":0.5}}"#),
      path: "params"
    )
    #expect(try fields.required("one", as: Item.self) == Item(id: "c", title: "C", weight: 0.5))
    #expect(
      message { _ = try fields.required("items", as: [Item].self) }
        == "params.items[1].title: expected a string, got nothing"
    )
    #expect(message { _ = try fields.required("none", as: Item.self) } == "params.none: expected a value, got nothing")
  }

  @Test func nestedObjectsKeepTheirPath() throws {
    let fields = try JSONFields(params(#"{"options":{"debounce":"fast"},"odd key":{"x":1},"n":null}"#), path: "params")
    let options = try fields.requiredObject("options")
    #expect(options.path == "params.options")
    #expect(
      message { _ = try options.required("debounce", as: Int.self) }
        == "params.options.debounce: expected an integer, got a string"
    )
    let odd = try fields.optionalObject("odd key")
    #expect(
      message { _ = try odd.required("x", as: String.self) } == #"params["odd key"].x: expected a string, got a number"#
    )
    #expect(try fields.optionalObject("n").object.isEmpty)
    #expect(try fields.optionalObject("absent").object.isEmpty)
    #expect(message { _ = try fields.requiredObject("absent") } == "params.absent: expected an object, got nothing")
    #expect(message { _ = try fields.requiredObject("n") } == "params.n: expected an object, got null")
  }

  @Test func buildsPaths() {
    #expect(JSONPath.member("", "a") == "a")
    #expect(JSONPath.member("params", "query") == "params.query")
    #expect(JSONPath.member("params", "a.b") == #"params["a.b"]"#)
    #expect(JSONPath.member("params", "1st") == #"params["1st"]"#)
    #expect(JSONPath.member("params", "q\"x") == #"params["q\"x"]"#)
    #expect(JSONPath.member("params", "") == #"params[""]"#)
    #expect(JSONPath.element("params.tokens", 2) == "params.tokens[2]")
    #expect(
      JSONDecodingError(path: "", expected: "a string", found: "null").description
        == "value: expected a string, got null"
    )
  }

  @Test func listsUnknownKeys() throws {
    let fields = try JSONFields(params(#"{"query":"x","limt":5,"field":"f"}"#), path: "params")
    #expect(fields.unknownKeys(["query", "field", "limit"]) == ["limt"])
  }

  @Test func lastDuplicateWins() throws {
    let fields = try JSONFields(params(#"{"limit":1,"limit":2}"#), path: "params")
    #expect(try fields.required("limit", as: Int.self) == 2)
  }
}
