import TestSupport
import Testing

@testable import SuggestEngine

/// A word by word evaluation stops scoring an item once the words read so far rule it out of the page. The reading at
/// the end can score above the words' own, though: words that share a title word are read as letters only, with no
/// typo edits, and acronym words on a claimed title word are read again as fuzzy matches, without the cost of two
/// initials. These catalogs of a few pieces make words share initials and titles often; their queries mix whole
/// words, two initials, words with letters swapped and two-letter starts; small pages put the bar among such
/// readings. The fast search must agree with the reference.
@Suite(.ownThreads) struct EarlyStopTests {
  static let pieces = [
    "code", "fmt", "tools", "tool", "fast", "coder", "form", "tokens", "ft", "cot", "fcode", "tolls",
  ]
  static let separators = ["-", " ", "_"]

  /// Seeds where the early stop missed an item read again as fuzzy (before it allowed for that reading).
  @Test("pages agree with the reference when words are read again at the end", arguments: [305, 331, 339] as [UInt64])
  func readAgainAgrees(seed: UInt64) async throws {
    var random = SplitMix64(seed: seed)
    var titles: [String] = []
    let items = (0..<400).map { number -> CatalogItem in
      var title = ""
      for index in 0..<Int.random(in: 2...4, using: &random) {
        if index > 0 { title += Self.separators.randomElement(using: &random)! }
        title += Self.pieces.randomElement(using: &random)!
      }
      titles.append(title)
      return CatalogItem(
        id: "p\(number)",
        title: title,
        weight: Bool.random(using: &random) ? 0 : Double(Int.random(in: 1...20000, using: &random))
      )
    }
    let catalog = Catalog(items: items)
    let reference = ReferenceSearch(catalog: catalog)
    for _ in 0..<25 {
      let text = Self.query(for: titles.randomElement(using: &random)!, &random)
      for limit in [1, 2, 3, 5, 8] {
        var session = SearchSession()
        try await SearchOracleTests.check(catalog, reference, SearchQuery(text: text, limit: limit), session: &session)
      }
    }
  }

  /// A query for `title`: per part, the part, its initial and the next part's, the part with two letters swapped, or
  /// its first two letters.
  static func query(for title: String, _ random: inout SplitMix64) -> String {
    let parts = title.split(whereSeparator: { "-_ ".contains($0) }).map(String.init)
    var words: [String] = []
    for (i, part) in parts.enumerated() {
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        words.append(part)
      case 1:
        if i + 1 < parts.count { words.append(String(part.prefix(1)) + String(parts[i + 1].prefix(1))) }
      case 2:
        var letters = Array(part)
        if letters.count >= 4 {
          let k = Int.random(in: 1..<(letters.count - 1), using: &random)
          letters.swapAt(k, k + 1)
        }
        words.append(String(letters))
      default:
        words.append(String(part.prefix(2)))
      }
    }
    return words.joined(separator: " ")
  }
}
