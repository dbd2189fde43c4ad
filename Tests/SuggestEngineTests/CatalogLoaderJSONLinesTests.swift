import Testing

@testable import SuggestEngine

@Suite struct CatalogLoaderJSONLinesTests {
  @Test("one item per line; bad lines skipped with their numbers; blank lines ignored")
  func fixture() async throws {
    let catalog = try await CatalogLoader.load(path: try LoaderTestSupport.fixturePath("items.jsonl"))
    #expect(
      catalog.items == [
        CatalogItem(id: "1", title: "MacBook Pro", tokens: ["mac"]),
        CatalogItem(id: "2", title: "iPhone", weight: 10),
        CatalogItem(id: "4", title: "iPad Air"),
      ]
    )
    #expect(
      LoaderTestSupport.skipped(catalog) == [
        "line 4: invalid JSON at column 2: unexpected character 'o'",
        "line 5: title: expected a string, got nothing",
      ]
    )
    #expect(
      LoaderTestSupport.warnings(catalog) == [
        "line 1: item \"1\" refers to undeclared token \"mac\": created with label \"mac\""
      ]
    )
  }

  @Test(".ndjson is the same format")
  func ndjsonExtension() async throws {
    let directory = try LoaderScratchDirectory()
    let path = try directory.write(#"{"title": "a"}"# + "\n", to: "c.NDJSON")
    #expect(try await CatalogLoader.load(path: path).items == [CatalogItem(id: "a", title: "a")])
  }

  @Test("lines that are not item objects are skipped with what they are")
  func notObjects() async throws {
    let text = "[1, 2]\n\"text\"\n{\"title\": \"ok\"}\n{\"title\": \"two\"} {}\n{\"title\": \"x\", \"weight\": true}\n"
    let catalog = try await LoaderTestSupport.load(text, .jsonl)
    #expect(catalog.items.map(\.title) == ["ok"])
    #expect(
      LoaderTestSupport.skipped(catalog) == [
        "line 1: expected an object, got an array",
        "line 2: expected an object, got a string",
        "line 4: invalid JSON at column 18: unexpected content after the JSON value",
        "line 5: weight: expected a number, got a Boolean",
      ]
    )
  }

  @Test("CRLF, white-space lines, a byte order mark, invalid UTF-8 and a last line without newline")
  func lineEdges() async throws {
    var bytes = Array("\u{FEFF}{\"title\": \"a\"}\r\n  \t \r\n".utf8)
    bytes += Array("{\"title\": \"".utf8) + [0xC0, 0xAF] + Array("\"}\r\n".utf8)  // an overlong '/'
    bytes += Array("{\"title\": \"é\"}".utf8)
    let catalog = try await CatalogLoader.load(bytes: bytes, format: .jsonl)
    #expect(catalog.items.map(\.title) == ["a", "é"])
    #expect(LoaderTestSupport.skipped(catalog) == ["line 3: invalid JSON at column 12: invalid UTF-8 in a string"])
  }

  @Test("an empty file is an empty catalog")
  func empty() async throws {
    let catalog = try await LoaderTestSupport.load("", .jsonl)
    #expect(catalog.items.isEmpty && catalog.report == CatalogLoadReport())
  }
}
