import Testing

@testable import SuggestEngine

@Suite struct CatalogLoaderTextTests {
  @Test("one title per line, id = title, repeated titles merged with a warning, blank lines skipped")
  func fixture() async throws {
    let catalog = try await CatalogLoader.load(path: try LoaderTestSupport.fixturePath("titles.txt"))
    #expect(
      catalog.items == [
        CatalogItem(id: "MacBook Pro", title: "MacBook Pro"),
        CatalogItem(id: "iMac", title: "iMac"),
        CatalogItem(id: "MacBook Air", title: "MacBook Air"),
      ]
    )
    #expect(
      LoaderTestSupport.warnings(catalog) == ["line 5: duplicate id \"MacBook Air\": replaces the one from line 1"]
    )
    #expect(catalog.report.skippedCount == 0)
  }

  @Test("titles are kept as written; white-space lines skipped; invalid UTF-8 lines reported")
  func edges() async throws {
    var bytes = Array("\u{FEFF}  padded  \r\n \u{3000}\n\tTabbed\n".utf8)
    bytes += [0x66, 0x6F, 0xF5, 0x80, 0x0A]  // F5 is never valid in UTF-8
    bytes += Array("last".utf8)
    let catalog = try await CatalogLoader.load(bytes: bytes, format: .txt)
    #expect(catalog.items.map(\.title) == ["  padded  ", "\tTabbed", "last"])
    #expect(LoaderTestSupport.skipped(catalog) == ["line 4: invalid UTF-8"])
  }

  @Test("an empty file, or one of blank lines, is an empty catalog")
  func empty() async throws {
    #expect(try await LoaderTestSupport.load("", .txt).items.isEmpty)
    #expect(try await LoaderTestSupport.load("\n\r\n  \n", .txt).items.isEmpty)
  }
}
