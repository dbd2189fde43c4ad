import Foundation
import Testing

@testable import SuggestEngine

@Suite struct CatalogLoaderTSVTests {
  @Test("the PyPI layout loads by default: name is id and title, summary the subtitle, rank the weight")
  func pypiSample() async throws {
    let catalog = try await CatalogLoader.load(path: try LoaderTestSupport.fixturePath("pypi-sample.tsv"))
    #expect(
      catalog.items.map(\.id) == [
        "0", "0-0-1", "02exercicio", "boto3", "numpy", "packaging", "pokemon", "requests", "urllib3",
      ]
    )
    #expect(catalog.items.allSatisfy { $0.id == $0.title && $0.completion == nil && $0.icon == nil })
    #expect(catalog.items.allSatisfy { $0.keywords.isEmpty && $0.tokens.isEmpty })
    let weights = Dictionary(uniqueKeysWithValues: catalog.items.map { ($0.id, $0.weight) })
    // Ranks 1, 2, 3, 6, 20 in a file whose largest rank is 20: weight = 21 - rank; no rank: 0.
    #expect(weights["boto3"] == 20)
    #expect(weights["packaging"] == 19)
    #expect(weights["urllib3"] == 18)
    #expect(weights["requests"] == 15)
    #expect(weights["numpy"] == 1)
    #expect(weights["pokemon"] == 0)
    #expect(weights["0"] == 0)
    #expect(catalog.items[1].subtitle == "A lib for creating tensorflow tfrecords")
    #expect(catalog.items[2].subtitle == "Um simples programa dee teste da função def e loop for")
    #expect(catalog.items[0].subtitle == "0")
    #expect(catalog.report == CatalogLoadReport(itemCount: 9, tokenCount: 0))
  }

  @Test("the npm layout loads by default: downloads is the weight, 'summary (...)' the subtitle")
  func npmSample() async throws {
    let catalog = try await CatalogLoader.load(path: try LoaderTestSupport.fixturePath("npm-sample.tsv"))
    #expect(catalog.items.map(\.title) == ["0.0.0.0", "0.0.1", "001-semantic-release-tutorial", "lodash", "react"])
    #expect(catalog.items.map(\.weight) == [585, 579, 579, 452_434_618, 351_327_975])
    #expect(catalog.items[0].subtitle == nil)
    #expect(catalog.items[4].subtitle == "React is a JavaScript library for building user interfaces.")
    #expect(catalog.report.skippedCount == 0 && catalog.report.warningCount == 0)
  }

  @Test(
    "a rank column turns into weights: maxRank + 1 - rank, empty rank 0",
    arguments: [
      (["3", "", "1", "7"], [5.0, 0, 7, 1]),
      (["1"], [1.0]),
      (["", ""], [0.0, 0]),
      (["2.5", "10"], [8.5, 1]),
    ]
  )
  func rankToWeight(ranks: [String], weights: [Double]) async throws {
    let text = "name\trank\n" + ranks.enumerated().map { "item\($0.offset)\t\($0.element)\n" }.joined()
    let catalog = try await LoaderTestSupport.load(text, .tsv)
    #expect(catalog.items.map(\.weight) == weights)
  }

  @Test("header names are matched by their first word, ignoring case; the first candidate found wins")
  func headerMatching() async throws {
    #expect(TSVColumnMapping.name(ofHeader: "Summary (words in ...)") == "summary")
    #expect(TSVColumnMapping.name(ofHeader: "rank_among_15000_most_downloaded") == "rank_among_15000_most_downloaded")
    let text = "Description\tNAME\tTitle\tRank\n" + "about\tthe name\tthe title\t1\n"
    let catalog = try await LoaderTestSupport.load(text, .tsv)
    #expect(catalog.items == [CatalogItem(id: "the title", title: "the title", subtitle: "about", weight: 1)])
  }

  @Test("every field can come from a column; lists are comma-separated, trimmed, empty pieces dropped")
  func allColumns() async throws {
    let text =
      "id\ttitle\tcompletion\tsubtitle\tkeywords\ttokens\ticon\tweight\n"
      + "p1\tPokémon\tpokemon \tA game\t pocket , monsters,, \tgames,tv\tgamecontroller\t 12.5 \n"
      + "\tNo id\t\t\t\t\t\t\n"
    let catalog = try await LoaderTestSupport.load(text, .tsv)
    #expect(
      catalog.items == [
        CatalogItem(
          id: "p1",
          title: "Pokémon",
          completion: "pokemon ",
          subtitle: "A game",
          keywords: ["pocket", "monsters"],
          tokens: ["games", "tv"],
          icon: "gamecontroller",
          weight: 12.5
        ),
        CatalogItem(id: "No id", title: "No id"),
      ]
    )
  }

  @Test("a custom mapping names other columns")
  func customMapping() async throws {
    let mapping = TSVColumnMapping(id: ["pkg"], title: ["label"], subtitle: ["blurb"], rank: ["position"])
    let text = "pkg\tlabel\tblurb\tposition\tname\nr1\tFirst\tone\t2\tignored\nr2\tSecond\t\t1\tignored\n"
    let catalog = try await LoaderTestSupport.load(text, .tsv, columns: mapping)
    #expect(
      catalog.items == [
        CatalogItem(id: "r1", title: "First", subtitle: "one", weight: 1),
        CatalogItem(id: "r2", title: "Second", weight: 2),
      ]
    )
  }

  @Test("bad rows of every kind are skipped and reported with their line numbers")
  func badRows() async throws {
    let lines = [
      "name\tsummary\tweight",  // 1
      "good\tfine\t1",  // 2
      "short\tonly two",  // 3
      "long\ta\t1\textra\tmore",  // 4
      "\tno title\t1",  // 5
      " \u{3000} \tblank title\t1",  // 6
      "nan\tx\tnan",  // 7
      "huge\tx\t1e999",  // 8
      "hex\tx\t0x10",  // 9
      "words\tx\t12 apples",  // 10
      "",  // 11: blank, skipped silently
      "spaces\tx\t -3.5e2 ",  // 12
      "last\tno newline\t",  // 13
    ]
    let catalog = try await LoaderTestSupport.load(lines.joined(separator: "\n"), .tsv)
    #expect(catalog.items.map(\.title) == ["good", "spaces", "last"])
    #expect(catalog.items.map(\.weight) == [1, -350, 0])
    #expect(
      LoaderTestSupport.skipped(catalog) == [
        "line 3: expected 3 fields, found 2",
        "line 4: expected 3 fields, found 5",
        "line 5: empty title (column \"name\")",
        "line 6: empty title (column \"name\")",
        "line 7: not a number in column \"weight\": \"nan\"",
        "line 8: not a number in column \"weight\": \"1e999\"",
        "line 9: not a number in column \"weight\": \"0x10\"",
        "line 10: not a number in column \"weight\": \"12 apples\"",
      ]
    )
  }

  @Test("a one-column file: one title per row, and a row with a tab has one field too many")
  func oneColumn() async throws {
    let catalog = try await LoaderTestSupport.load("title\nA\nB\tC\n", .tsv)
    #expect(catalog.items.map(\.title) == ["A"])
    #expect(LoaderTestSupport.skipped(catalog) == ["line 3: expected 1 field, found 2"])
  }

  @Test("a row that is not valid UTF-8 anywhere, even in an unused column, is skipped")
  func invalidUTF8() async throws {
    var bytes = Array("name\tversion\nok\t1\n".utf8)
    bytes += Array("bad".utf8) + [0x09, 0xC3, 0x28, 0x0A]  // C3 28: a truncated two-byte sequence
    bytes += Array("lone\t".utf8) + [0xED, 0xA0, 0x80, 0x0A]  // an encoded surrogate
    bytes += Array("after\t2\n".utf8)
    let catalog = try await CatalogLoader.load(bytes: bytes, format: .tsv)
    #expect(catalog.items.map(\.title) == ["ok", "after"])
    #expect(LoaderTestSupport.skipped(catalog) == ["line 3: invalid UTF-8", "line 4: invalid UTF-8"])
  }

  @Test("CRLF line endings load the same items as LF")
  func crlf() async throws {
    let lf = "name\tsummary\trank\na\tfirst\t2\nb\tsecond\t\n"
    let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
    let fromLF = try await LoaderTestSupport.load(lf, .tsv)
    let fromCRLF = try await LoaderTestSupport.load(crlf, .tsv)
    #expect(fromCRLF.items == fromLF.items)
    #expect(fromCRLF.items.last?.subtitle == "second")
  }

  @Test("an empty file is an error; a header alone, or with blank lines, is an empty catalog")
  func emptyAndHeaderOnly() async throws {
    await #expect(
      throws: CatalogLoadError.wrongShape("the TSV file is empty: it needs a header row naming its columns")
    ) {
      try await LoaderTestSupport.load("", .tsv)
    }
    await #expect(throws: CatalogLoadError.self) { try await LoaderTestSupport.load("\n\n \n", .tsv) }
    let headerOnly = try await LoaderTestSupport.load("name\tsummary", .tsv)
    #expect(headerOnly.items.isEmpty && headerOnly.report == CatalogLoadReport())
    let withBlanks = try await LoaderTestSupport.load("\u{FEFF}\nname\tsummary\n\n\t\n", .tsv)
    #expect(withBlanks.items.isEmpty && withBlanks.report.skippedCount == 0)
  }

  @Test("a byte order mark and blank lines before the header are skipped, and line numbers stay true")
  func byteOrderMark() async throws {
    let catalog = try await LoaderTestSupport.load("\u{FEFF}\nname\tweight\nok\t1\nbad\tx\n", .tsv)
    #expect(catalog.items.map(\.title) == ["ok"])
    #expect(LoaderTestSupport.skipped(catalog) == ["line 4: not a number in column \"weight\": \"x\""])
  }

  @Test("a header without a title column is a wrong-shape error naming what it found")
  func noTitleColumn() async throws {
    let error = await #expect(throws: CatalogLoadError.self) {
      try await LoaderTestSupport.load("version\tsummary\n1\tx\n", .tsv)
    }
    #expect(
      error?.description
        == "the TSV header has no title column (looked for: title, name; found: \"version\", \"summary\")"
    )
  }

  @Test("with both a weight and a rank column the weight wins, with a warning on the header line")
  func weightBeatsRank() async throws {
    let catalog = try await LoaderTestSupport.load("name\trank\tweight\na\t1\t5\n", .tsv)
    #expect(catalog.items.map(\.weight) == [5])
    #expect(
      LoaderTestSupport.warnings(catalog) == [
        "line 1: column \"rank\" ignored: the weight comes from column \"weight\""
      ]
    )
  }

  @Test("a huge row (4 MB title) loads whole")
  func hugeLine() async throws {
    let title = String(repeating: "abcdefgh", count: 500_000)
    let catalog = try await LoaderTestSupport.load("name\tsummary\n\(title)\tlong\nshort\ts\n", .tsv)
    #expect(catalog.items.map(\.title.utf8.count) == [4_000_000, 5])
    #expect(catalog.items.first?.title == title)
  }
}
