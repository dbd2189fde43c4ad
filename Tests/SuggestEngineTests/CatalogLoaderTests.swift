import Foundation
import JSONKit
import Testing

@testable import SuggestEngine

/// Helpers shared by the catalog loader tests (module-unique names: other suites have their own helpers).
enum LoaderTestSupport {
  /// Loads `text` as a catalog of `format`.
  static func load(
    _ text: String,
    _ format: CatalogFormat,
    columns: TSVColumnMapping = .default
  ) async throws -> LoadedCatalog {
    try await CatalogLoader.load(bytes: Array(text.utf8), format: format, columns: columns)
  }

  /// The path of a shipped fixture under `Fixtures/Loading`.
  static func fixturePath(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: name)
    let found = Bundle.module.url(
      forResource: url.deletingPathExtension().lastPathComponent,
      withExtension: url.pathExtension,
      subdirectory: "Fixtures/Loading"
    )
    return try #require(found, "fixture \(name) is missing").path
  }

  /// The messages of the skipped rows, as `line: message` (or just the message when the line is unknown).
  static func skipped(_ catalog: LoadedCatalog) -> [String] {
    catalog.report.skipped.map(\.description)
  }

  /// The messages of the warnings, as `line: message`.
  static func warnings(_ catalog: LoadedCatalog) -> [String] {
    catalog.report.warnings.map(\.description)
  }
}

/// A fresh directory under the system's temporary directory, removed with its content on `deinit`.
final class LoaderScratchDirectory {
  /// The directory's path.
  let path: String

  init() throws {
    path =
      URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("suggest-loaders-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `bytes` to `name` and returns the file's path.
  @discardableResult
  func write(_ bytes: [UInt8], to name: String) throws -> String {
    let file = path + "/" + name
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return file
  }

  /// Writes `text` to `name` and returns the file's path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    try write(Array(text.utf8), to: name)
  }
}

/// The report and the shared rules every format follows.
@Suite struct CatalogLoaderTests {
  @Test("the stored issue list is capped at 100, the count is exact, and lines() says how many were left out")
  func issueCap() async throws {
    var text = "title\tweight\n"
    for index in 0..<250 { text += "item \(index)\tnot-a-number\n" }
    text += "good\t1\n"
    let catalog = try await LoaderTestSupport.load(text, .tsv)
    #expect(catalog.items.map(\.title) == ["good"])
    #expect(catalog.report.skippedCount == 250)
    #expect(catalog.report.skipped.count == CatalogLoadReport.storedIssueLimit)
    #expect(catalog.report.skipped.first?.line == 2)
    #expect(catalog.report.skipped.last?.line == 101)
    let lines = catalog.report.lines
    #expect(lines.first == "loaded 1 item and 0 tokens; skipped 250 rows")
    #expect(lines.contains("... and 150 more skipped rows"))
    #expect(lines.contains("skipped line 2: not a number in column \"weight\": \"not-a-number\""))
  }

  @Test("a later duplicate id replaces the earlier item, at its own position, with a warning naming both lines")
  func duplicateIDs() async throws {
    let text = "id\ttitle\nb\tBee\na\tFirst A\nc\tSea\na\tSecond A\na\tThird A\n"
    let catalog = try await LoaderTestSupport.load(text, .tsv)
    #expect(catalog.items.map(\.id) == ["b", "c", "a"])
    #expect(catalog.items.map(\.title) == ["Bee", "Sea", "Third A"])
    #expect(
      LoaderTestSupport.warnings(catalog) == [
        "line 5: duplicate id \"a\": replaces the one from line 3",
        "line 6: duplicate id \"a\": replaces the one from line 5",
      ]
    )
    #expect(catalog.report.summary == "loaded 3 items and 0 tokens; 2 warnings")
  }

  @Test("ids are compared by their UTF-8 bytes: precomposed and decomposed é are different ids")
  func idsCompareByBytes() async throws {
    let catalog = try await LoaderTestSupport.load("Pok\u{E9}mon\nPoke\u{301}mon\nPok\u{E9}mon\n", .txt)
    #expect(catalog.items.count == 2)
    #expect(catalog.items.map { Array($0.id.utf8) } == [Array("Poke\u{301}mon".utf8), Array("Pok\u{E9}mon".utf8)])
    #expect(LoaderTestSupport.warnings(catalog) == ["line 3: duplicate id \"Pokémon\": replaces the one from line 1"])
  }

  @Test("an item naming an undeclared token gets one created with the id as label, once, with a warning")
  func undeclaredTokens() async throws {
    let text = "title\ttokens\nA\tmusic, movies\nB\tmovies,,music\nC\t\n"
    let catalog = try await LoaderTestSupport.load(text, .tsv)
    #expect(catalog.items.map(\.tokens) == [["music", "movies"], ["movies", "music"], []])
    #expect(catalog.tokens == [CatalogToken(id: "music", label: "music"), CatalogToken(id: "movies", label: "movies")])
    #expect(catalog.report.tokenCount == 2)
    #expect(
      LoaderTestSupport.warnings(catalog) == [
        "line 2: item \"A\" refers to undeclared token \"music\": created with label \"music\"",
        "line 2: item \"A\" refers to undeclared token \"movies\": created with label \"movies\"",
      ]
    )
  }

  @Test(
    "an empty token id names no token: dropped from its item with a warning, loaded or built in parts",
    arguments: [CatalogFormat.json, .jsonl]
  )
  func emptyTokenID(format: CatalogFormat) async throws {
    let lines = [
      #"{"id": "a", "title": "A", "tokens": ["", "x", ""]}"#,
      #"{"title": "B", "tokens": [""]}"#,
      #"{"id": "c", "title": "C", "tokens": ["x"]}"#,
    ]
    let text = format == .json ? "[" + lines.joined(separator: ",\n") + "]" : lines.joined(separator: "\n")
    let expectedWarnings = [
      "line 1: item \"a\" refers to an empty token id: ignored",
      "line 1: item \"a\" refers to undeclared token \"x\": created with label \"x\"",
      "line 2: item \"B\" refers to an empty token id: ignored",
    ]
    let loaded = try await LoaderTestSupport.load(text, format)
    #expect(loaded.items.map(\.tokens) == [["x"], [], ["x"]])
    #expect(loaded.tokens == [CatalogToken(id: "x", label: "x")])
    #expect(LoaderTestSupport.warnings(loaded) == expectedWarnings)
    #expect(loaded.report.tokenCount == 1 && loaded.report.skippedCount == 0)
    for partBytes in [8, 1 << 20] {
      let built = try await CatalogLoader.build(bytes: Array(text.utf8), format: format, partBytes: partBytes)
      #expect(built.catalog.tokenTable.ids == ["x"], "parts of \(partBytes) bytes")
      #expect(built.catalog.tokens == loaded.tokens)
      #expect(built.report == loaded.report, "parts of \(partBytes) bytes")
    }
  }

  @Test("a token named twice by one item is kept once")
  func repeatedTokenInItem() async throws {
    let catalog = try await LoaderTestSupport.load(#"{"title": "A", "tokens": ["x", "y", "x", 7, "7"]}"#, .jsonl)
    #expect(catalog.items.first?.tokens == ["x", "y", "7"])
  }

  @Test("LoadIssue describes itself with its line, or as its message alone")
  func issueDescription() {
    #expect(LoadIssue(line: 12, message: "bad").description == "line 12: bad")
    #expect(LoadIssue(index: 3, message: "items[3]: bad").description == "items[3]: bad")
    #expect(CatalogLoadReport(itemCount: 1, tokenCount: 1).summary == "loaded 1 item and 1 token")
  }
}
