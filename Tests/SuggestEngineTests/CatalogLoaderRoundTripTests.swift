import JSONKit
import TestSupport
import Testing

@testable import SuggestEngine

/// Seeded random catalogs written in every format and loaded back.
@Suite struct CatalogLoaderRoundTripTests {
  private static let pieces = [
    "Mac", "book", "Pro", "é", "Pokémon", "日本", "🍎", "z", "42", "-", "_", ".", "ß", "İ", "ﾃｽﾄ",
  ]
  private static let tokenIDs = ["t0", "t1", "t2", "t3", "t4"]

  /// Text of 1 to 4 pieces joined by spaces, never blank, with no tab, line break or comma.
  private static func text(_ random: inout SplitMix64) -> String {
    (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "x" }
      .joined(separator: " ")
  }

  private static func optionalText(_ random: inout SplitMix64) -> String? {
    Bool.random(using: &random) ? text(&random) : nil
  }

  private static func weight(_ random: inout SplitMix64) -> Double {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: 0
    case 1: Double(Int.random(in: -1_000...1_000_000, using: &random))
    case 2: Double(Int.random(in: 0...1_000, using: &random)) / 8
    case 3: Double.random(in: 0..<1, using: &random)
    default: Double.random(in: -1e20...1e20, using: &random)
    }
  }

  /// Items with unique ids (so that no duplicates merge) and any mix of optional fields.
  private static func items(seed: UInt64, count: Int) -> [CatalogItem] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { index in
      CatalogItem(
        id: "id\(index) \(text(&random))",
        title: text(&random),
        completion: optionalText(&random),
        subtitle: optionalText(&random),
        keywords: (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random) },
        tokens: Array(tokenIDs.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random))),
        icon: optionalText(&random),
        weight: weight(&random)
      )
    }
  }

  private static func json(_ item: CatalogItem) -> JSONValue {
    var object = JSONObject()
    object.append(key: "id", value: .string(item.id))
    object.append(key: "title", value: .string(item.title))
    if let completion = item.completion { object.append(key: "completion", value: .string(completion)) }
    if let subtitle = item.subtitle { object.append(key: "subtitle", value: .string(subtitle)) }
    if !item.keywords.isEmpty { object.append(key: "keywords", value: .array(item.keywords.map(JSONValue.string))) }
    if !item.tokens.isEmpty { object.append(key: "tokens", value: .array(item.tokens.map(JSONValue.string))) }
    if let icon = item.icon { object.append(key: "icon", value: .string(icon)) }
    object.append(key: "weight", value: JSONValue(item.weight))
    return .object(object)
  }

  private static func tsvRow(_ item: CatalogItem) -> String {
    [
      item.id, item.title, item.completion ?? "", item.subtitle ?? "", item.keywords.joined(separator: ","),
      item.tokens.joined(separator: ", "), item.icon ?? "", "\(item.weight)",
    ].joined(separator: "\t")
  }

  @Test("JSON arrays, JSON objects with tokens, JSON Lines and TSV give back the items written", arguments: [1, 2, 3])
  func everyFormat(seed: UInt64) async throws {
    let items = Self.items(seed: seed, count: 300)
    let tokens = Self.tokenIDs.map { CatalogToken(id: $0, label: "Label \($0)", icon: "icon-\($0)", keywords: [$0]) }

    let array = JSONValue.array(items.map(Self.json)).serializedString()
    #expect(try await LoaderTestSupport.load(array, .json).items == items)

    let tokenValues = tokens.map { token -> JSONValue in
      [
        "id": .string(token.id), "label": .string(token.label), "icon": .string(token.icon ?? ""),
        "keywords": .array(token.keywords.map(JSONValue.string)),
      ]
    }
    let object: JSONValue = ["tokens": .array(tokenValues), "items": .array(items.map(Self.json))]
    let fromObject = try await LoaderTestSupport.load(object.serializedString(), .json)
    #expect(fromObject.items == items)
    #expect(fromObject.tokens == tokens)
    #expect(fromObject.report.warningCount == 0 && fromObject.report.skippedCount == 0)

    let lines = items.map { Self.json($0).serializedString() }.joined(separator: "\n")
    #expect(try await LoaderTestSupport.load(lines, .jsonl).items == items)

    let header = "id\ttitle\tcompletion\tsubtitle\tkeywords\ttokens\ticon\tweight\n"
    let tsv = header + items.map(Self.tsvRow).joined(separator: "\n") + "\n"
    let fromTSV = try await LoaderTestSupport.load(tsv, .tsv)
    #expect(fromTSV.items == items)
    #expect(fromTSV.report.skippedCount == 0)
    #expect(Set(fromTSV.tokens.map(\.id)) == Set(items.flatMap(\.tokens)))
  }

  @Test(
    "plain text gives back its titles, in order, with each repeated title once, at its last line",
    arguments: [4, 5]
  )
  func text(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    let titles = (0..<500).map { _ in Self.text(&random) }
    let catalog = try await LoaderTestSupport.load(titles.joined(separator: "\n"), .txt)
    // A repeated id keeps the position of its last occurrence.
    var seen = Set<[UInt8]>()
    let unique = Array(titles.reversed().filter { seen.insert(Array($0.utf8)).inserted }.reversed())
    #expect(catalog.items == unique.map { CatalogItem(id: $0, title: $0) })
    #expect(catalog.report.warningCount == titles.count - unique.count)
  }
}
