import TestSupport
import Testing

@testable import SuggestEngine

/// A large catalog is built in parts on several threads and the parts joined: these tests check the joined catalog
/// is exactly the one a single builder makes (every column, index and token), on seeded random catalogs with Unicode
/// titles, duplicate ids, tokens, keywords, completions, icons and imprecise weights, for many ways of cutting them.
@Suite(.scaledTimeLimit(minutes: 2)) struct CatalogPartsTests {
  private static let words = [
    "alpha", "Beta", "gamma", "délta", "ÉPSILON", "zeta", "θήτα", "日本語", "東京", "straße", "ﬁle", "psycopg2-binary",
    "Ω", "e\u{301}", "👍🏽", "flag🇫🇷", "x", "Numpy", "numpy", "NUMPY", "c++", "ǅemal", "İstanbul", "ﬀ", "",
  ]

  private static func text(_ random: inout SplitMix64, words count: ClosedRange<Int>) -> String {
    (0..<Int.random(in: count, using: &random)).map { _ in
      words[Int.random(in: 0..<words.count, using: &random)]
    }.joined(separator: [" ", "-", "_", ", ", "."][Int.random(in: 0..<5, using: &random)])
  }

  /// A seeded catalog; `keywordsFrom` is where items start having keywords (so some parts have none).
  static func items(seed: UInt64, count: Int, keywordsFrom: Int = 0, idsFrom: Int = 0) -> [CatalogItem] {
    var random = SplitMix64(seed: seed)
    var items: [CatalogItem] = []
    for position in 0..<count {
      let title = text(&random, words: 1...3)
      var id = title
      if position >= idsFrom && Int.random(in: 0..<3, using: &random) == 0 { id = "id-\(position)" }
      if !items.isEmpty && Int.random(in: 0..<8, using: &random) == 0 {
        id = items[Int.random(in: 0..<items.count, using: &random)].id
      }
      let keywords =
        position >= keywordsFrom && Bool.random(using: &random)
        ? (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random, words: 1...2) } : []
      let tokens = (0..<Int.random(in: 0...2, using: &random)).map { _ in "t\(Int.random(in: 0..<6, using: &random))" }
      let weight: Double
      switch Int.random(in: 0..<5, using: &random) {
      case 0: weight = 0
      case 1: weight = Double(Int.random(in: 1...15_000, using: &random))
      case 2: weight = Double.random(in: 0..<1_000, using: &random)
      case 3: weight = -Double(Int.random(in: 1...10, using: &random))
      default: weight = 0.5
      }
      items.append(
        CatalogItem(
          id: id,
          title: title,
          completion: [nil, title, "done \(position)"][Int.random(in: 0..<3, using: &random)],
          subtitle: Bool.random(using: &random) ? text(&random, words: 0...6) : nil,
          keywords: keywords,
          tokens: tokens,
          icon: Int.random(in: 0..<4, using: &random) == 0 ? "icon\(position % 3)" : nil,
          weight: weight
        )
      )
    }
    return items
  }

  /// The catalog one builder makes, appending every item (the reference).
  static func serial(_ items: [CatalogItem], tokens: [CatalogToken]) -> Catalog {
    var builder = CatalogBuilder(tokens: tokens, partSize: .max)
    for item in items { builder.append(item) }
    return builder.build()
  }

  /// Whether two catalogs hold the same columns, indexes and tokens.
  static func expectSame(_ catalog: Catalog, _ reference: Catalog, sourceLocation: SourceLocation = #_sourceLocation) {
    let a = catalog.base
    let b = reference.base
    #expect(a.count == b.count, sourceLocation: sourceLocation)
    #expect(a.titles == b.titles, sourceLocation: sourceLocation)
    #expect(a.folded == b.folded, sourceLocation: sourceLocation)
    #expect(a.wordStarts == b.wordStarts, sourceLocation: sourceLocation)
    #expect(a.masks == b.masks, sourceLocation: sourceLocation)
    #expect(a.asciiTitles == b.asciiTitles, sourceLocation: sourceLocation)
    #expect(a.idIsTitle == b.idIsTitle, sourceLocation: sourceLocation)
    #expect(a.ids == b.ids, sourceLocation: sourceLocation)
    #expect(a.subtitles == b.subtitles, sourceLocation: sourceLocation)
    #expect(a.completions == b.completions, sourceLocation: sourceLocation)
    #expect(a.icons == b.icons, sourceLocation: sourceLocation)
    #expect(a.keywordOffsets == b.keywordOffsets, sourceLocation: sourceLocation)
    #expect(a.keywords == b.keywords, sourceLocation: sourceLocation)
    #expect(a.weights == b.weights, sourceLocation: sourceLocation)
    #expect(a.preciseWeights == b.preciseWeights, sourceLocation: sourceLocation)
    #expect(a.priors == b.priors, sourceLocation: sourceLocation)
    #expect(a.popular == b.popular, sourceLocation: sourceLocation)
    #expect(a.tokenPostings == b.tokenPostings, sourceLocation: sourceLocation)
    #expect(a.idIndex == b.idIndex, sourceLocation: sourceLocation)
    #expect(a.titleWords == b.titleWords, sourceLocation: sourceLocation)
    #expect(a.subtitleWords == b.subtitleWords, sourceLocation: sourceLocation)
    #expect(a.keywordWords == b.keywordWords, sourceLocation: sourceLocation)
    #expect(a.shadowed == b.shadowed, sourceLocation: sourceLocation)
    #expect(catalog.baseDead == reference.baseDead, sourceLocation: sourceLocation)
    #expect(catalog.tokenTable.ids == reference.tokenTable.ids, sourceLocation: sourceLocation)
    #expect(catalog.tokens == reference.tokens, sourceLocation: sourceLocation)
    #expect(catalog.count == reference.count, sourceLocation: sourceLocation)
    #expect(catalog.indices == reference.indices, sourceLocation: sourceLocation)
  }

  static let declared = [CatalogToken(id: "t3", label: "Three"), CatalogToken(id: "t0", label: "Zero")]

  /// The catalog a builder makes in parts of `partSize` items.
  static func parted(_ items: [CatalogItem], tokens: [CatalogToken], partSize: Int) -> Catalog {
    var builder = CatalogBuilder(tokens: tokens, partSize: partSize)
    for item in items { builder.append(item) }
    return builder.build()
  }

  @Test("a catalog built in parts equals the one built in one go", arguments: [1, 2, 3, 4, 7, 16])
  func arrayParts(parts: Int) {
    for seed in 1...3 as ClosedRange<UInt64> {
      let items = Self.items(seed: seed * 31 + UInt64(parts), count: 400, keywordsFrom: 150, idsFrom: 120)
      let reference = Self.serial(items, tokens: Self.declared)
      let partSize = (items.count + parts - 1) / parts
      Self.expectSame(Self.parted(items, tokens: Self.declared, partSize: partSize), reference)
    }
  }

  @Test("Catalog(items:) builds the catalog the builder does, in parts when large")
  func catalogFromItems() {
    let items = Self.items(seed: 5, count: CatalogBuilder.defaultPartSize + 300, keywordsFrom: 150, idsFrom: 120)
    Self.expectSame(Catalog(items: items, tokens: Self.declared), Self.serial(items, tokens: Self.declared))
  }

  @Test("a streamed catalog built in parts equals the one built in one go", arguments: [1, 5, 64, 399, 400, 401])
  func streamedParts(partSize: Int) {
    let items = Self.items(seed: UInt64(partSize), count: 400, keywordsFrom: 90, idsFrom: 200)
    let reference = Self.serial(items, tokens: Self.declared)
    var builder = CatalogBuilder(tokens: Self.declared, partSize: partSize)
    for item in items { builder.append(item) }
    #expect(builder.count == items.count)
    Self.expectSame(builder.build(), reference)
  }

  @Test("tokens defined between appends keep the indices a single builder gives them")
  func tokensDefinedWhileStreaming() {
    let items = Self.items(seed: 7, count: 120)
    func build(partSize: Int) -> Catalog {
      var builder = CatalogBuilder(partSize: partSize)
      for (position, item) in items.enumerated() {
        if position == 50 { builder.define(CatalogToken(id: "t5", label: "Five")) }
        if position == 70 { builder.define(CatalogToken(id: "late", label: "Late")) }
        builder.append(item)
      }
      return builder.build()
    }
    Self.expectSame(build(partSize: 16), build(partSize: .max))
  }

  @Test("catalogs without keywords, without distinct ids, or with keywords and ids only in one part")
  func sparseColumns() {
    var plain = Self.items(seed: 11, count: 200, keywordsFrom: 1_000, idsFrom: 1_000)
    for index in plain.indices where plain[index].id != plain[index].title { plain[index].id = plain[index].title }
    var early = Self.items(seed: 12, count: 200)
    for index in early.indices.dropFirst(40) {
      early[index].keywords = []
      early[index].id = early[index].title
    }
    for items in [plain, early, Self.items(seed: 13, count: 200, keywordsFrom: 190, idsFrom: 190)] {
      let reference = Self.serial(items, tokens: [])
      for parts in [2, 5] {
        Self.expectSame(Self.parted(items, tokens: [], partSize: (items.count + parts - 1) / parts), reference)
      }
    }
  }

  @Test("subtitles longer than a chunk, joined from parts, are the strings a single builder holds")
  func chunkedSubtitles() {
    var random = SplitMix64(seed: 99)
    let long = String(repeating: "lorem ipsum dolor sit amet ", count: 5_000)
    let items = (0..<600).map { position in
      CatalogItem(
        id: "i\(position)",
        title: "item \(position)",
        subtitle: Int.random(in: 0..<4, using: &random) == 0 ? long + "\(position)" : "short \(position)"
      )
    }
    let reference = Self.serial(items, tokens: [])
    #expect(reference.base.subtitles.chunkCount > 2)
    Self.expectSame(Self.parted(items, tokens: [], partSize: 200), reference)
    Self.expectSame(Self.parted(items, tokens: [], partSize: 97), reference)
  }

  @Test(
    "merging word indexes gives the index of the whole, including words in several parts and parts without words",
    arguments: [[300, 5, 700], [1000], [0, 40, 0, 7], Array(repeating: 60, count: 18) + [1, 2_000, 3]]
  )
  func wordIndexMerging(counts: [Int]) {
    var builders = counts.map { _ in WordIndexBuilder() }
    var whole = WordIndexBuilder()
    var random = SplitMix64(seed: UInt64(counts.count))
    var offset = 0
    for (part, count) in counts.enumerated() {
      for slot in 0..<count {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          var word = Array(Self.words[Int.random(in: 0..<Self.words.count, using: &random)].utf8)
          word.append(UInt8(Int.random(in: 0x61...0x63, using: &random)))
          word.withUnsafeBufferPointer {
            builders[part].add($0, slot: slot)
            whole.add($0, slot: offset + slot)
          }
        }
      }
      offset += count
    }
    var parts = builders.map { $0.finish() }
    #expect(WordIndex.merging(&parts, counts: counts) == whole.finish())
    #expect(parts.isEmpty)
  }
}
