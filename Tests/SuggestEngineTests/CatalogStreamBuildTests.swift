import JSONKit
import TestSupport
import Testing

@testable import SuggestEngine

/// Building a catalog straight from a file's decoded parts (`CatalogLoader.build`) gives the catalog and report of
/// loading the file into items and building the catalog from them, whatever the size of the parts: repeated ids
/// within a part and across parts, undeclared tokens, empty token ids, skipped rows and ranks included.
@Suite struct CatalogStreamBuildTests {
  /// Part sizes: a few lines (or items), a few hundred, and the whole file in one part.
  private static let partSizes = [97, 4_000, 1 << 22]

  /// Items with ids that repeat near and far apart (a third of them among 40 ids).
  private static func items(seed: UInt64, count: Int) -> [CatalogItem] {
    var generator = RandomCatalog(seed: seed)
    var random = SplitMix64(seed: seed ^ 0x5EED)
    return generator.items(count: count).map { item in
      var item = item
      if random.next() % 3 == 0 { item.id = "dup\(random.next() % 40)" }
      if random.next() % 11 == 0 { item.tokens.append("new\(random.next() % 7)") }
      if random.next() % 17 == 0 { item.tokens.insert("", at: 0) }
      return item
    }
  }

  private static func jsonLine(_ item: CatalogItem) -> String {
    var object = JSONObject()
    object.append(key: "id", value: .string(item.id))
    object.append(key: "title", value: .string(item.title))
    if let subtitle = item.subtitle { object.append(key: "subtitle", value: .string(subtitle)) }
    if !item.keywords.isEmpty { object.append(key: "keywords", value: .array(item.keywords.map { .string($0) })) }
    if !item.tokens.isEmpty { object.append(key: "tokens", value: .array(item.tokens.map { .string($0) })) }
    object.append(key: "weight", value: JSONValue(item.weight))
    return JSONValue.object(object).serializedString()
  }

  /// The file of `items` in `format`, with bad and blank lines among them.
  private static func file(_ items: [CatalogItem], _ format: CatalogFormat) -> [UInt8] {
    var lines: [String] = []
    switch format {
    case .jsonl:
      for (index, item) in items.enumerated() {
        lines.append(jsonLine(item))
        if index % 97 == 5 { lines.append("{\"title\": 3}") }
        if index % 89 == 7 { lines.append("") }
      }
    case .json:
      // One element per line; declared tokens (one of them twice) after the items.
      lines.append("{\"items\": [")
      for (index, item) in items.enumerated() {
        lines.append(jsonLine(item) + ",")
        if index % 97 == 5 { lines.append("{\"title\": 3},") }
      }
      lines.append("{\"title\": \"last\"}],")
      lines.append("\"tokens\": [{\"id\": \"t1\", \"label\": \"One\"}, {\"id\": \"new3\"},")
      lines.append("{\"id\": \"t1\", \"label\": \"Uno\"}, {\"label\": 4}]}")
    case .tsv:
      lines.append("id\tname\tsummary\ttokens\trank")
      for (index, item) in items.enumerated() {
        // Ranks: some empty, some repeated, one not a number now and then.
        let rank = index % 13 == 0 ? "" : index % 101 == 3 ? "many" : "\(index % 500 + 1)"
        let tokens = item.tokens.joined(separator: ",")
        lines.append("\(item.id)\t\(item.title)\t\(item.subtitle ?? "")\t\(tokens)\t\(rank)")
        if index % 83 == 9 { lines.append("only\ttwo") }
      }
    default:
      for (index, item) in items.enumerated() {
        lines.append(item.title)
        if index % 61 == 2 { lines.append("  ") }
      }
    }
    return Array(lines.joined(separator: "\n").utf8) + (format == .txt ? [0xFF, 0x0A] : [0x0A])
  }

  /// The live items of a catalog, in catalog order.
  private static func liveItems(_ catalog: Catalog) -> [CatalogItem] {
    catalog.indices.compactMap { catalog.item(at: $0) }
  }

  @Test(
    "a file built in parts equals its items loaded and built, report included",
    arguments: [CatalogFormat.json, .jsonl, .tsv, .txt],
    [1, 2] as [UInt64]
  )
  func sameAsLoading(format: CatalogFormat, seed: UInt64) async throws {
    let bytes = Self.file(Self.items(seed: seed, count: 1_500), format)
    var loaded = try await CatalogLoader.load(bytes: bytes, format: format)
    let report = loaded.report
    let reference = Catalog(items: loaded.takeItems(), tokens: loaded.tokens)
    #expect(report.warningCount > 20 && report.skippedCount > 0, "\(report.summary)")
    if format == .json || format == .jsonl {
      #expect(report.warnings.contains { $0.message.hasSuffix("refers to an empty token id: ignored") })
    }
    for partBytes in Self.partSizes {
      let built = try await CatalogLoader.build(bytes: bytes, format: format, partBytes: partBytes)
      #expect(built.report == report, "parts of \(partBytes) bytes")
      #expect(built.catalog.count == reference.count)
      #expect(Self.liveItems(built.catalog) == Self.liveItems(reference), "parts of \(partBytes) bytes")
      #expect(built.catalog.tokens == reference.tokens)
      for text in ["a", "dup", "re", "ab x"] {
        let query = SearchQuery(text: text, limit: 30)
        let ids = { (catalog: Catalog) async throws -> [String?] in
          try await catalog.search(query).hits.map { catalog.id(at: $0.index) }
        }
        #expect(try await ids(built.catalog) == ids(reference), "query \(text), parts of \(partBytes) bytes")
      }
    }
  }

  @Test("a JSON document that is not valid fails the build with the load's error, whichever part holds it")
  func invalidJSON() async throws {
    let items = (0..<300).map { "{\"title\": \"item \($0)\"}" }
    var broken = items
    broken[211] = "{\"title\": \"item\" \"x\"}"
    let text = "[\n" + broken.joined(separator: ",\n") + "\n]"
    var expected: CatalogLoadError?
    do { _ = try await CatalogLoader.load(bytes: Array(text.utf8), format: .json) } catch { expected = error }
    #expect(expected != nil)
    for partBytes in Self.partSizes {
      var thrown: CatalogLoadError?
      do {
        _ = try await CatalogLoader.build(bytes: Array(text.utf8), format: .json, partBytes: partBytes)
      } catch {
        thrown = error
      }
      #expect(thrown == expected, "parts of \(partBytes) bytes")
    }
  }

  @Test("a repeated id keeps its last row's content and position; each warning names the row it replaces")
  func duplicateRule() async throws {
    let text = "id\tname\nx\tfirst\ny\tother\nx\tsecond\nz\tthird\nx\tlast\n"
    for partBytes in [4, 1 << 22] {
      let built = try await CatalogLoader.build(bytes: Array(text.utf8), format: .tsv, partBytes: partBytes)
      #expect(Self.liveItems(built.catalog).map(\.title) == ["other", "third", "last"])
      #expect(
        built.report.warnings.map(\.description) == [
          "line 4: duplicate id \"x\": replaces the one from line 2",
          "line 6: duplicate id \"x\": replaces the one from line 4",
        ]
      )
      #expect(built.report.itemCount == 3)
    }
    let loaded = try await CatalogLoader.load(bytes: Array(text.utf8), format: .tsv)
    #expect(loaded.items.map(\.title) == ["other", "third", "last"])
  }
}
