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

  /// A whole-word typo's signs are bounded before they are worked out, by the title words a typo of its length and
  /// letters could touch (``TypoLocator/reach(_:_:budget:geometry:)``). Names of one family on a few stems, their
  /// other words of every length (some one edit from a stem); queries that mistype a stem, alone, before or after
  /// other words, or followed by a separator; pages small and large, so the bar falls among typo hits with and
  /// without the last-word sign.
  @Test(
    "pages agree with the reference when whole-word typos are bounded before their signs",
    arguments: [402, 403] as [UInt64]
  )
  func typoBoundAgrees(seed: UInt64) async throws {
    let stems = ["django", "flask", "stream"]
    let others = [
      "u", "ui", "orm", "admin", "rest", "storage", "framework", "djang", "djangos", "flasks", "streams", "tool",
      "cache", "fla",
    ]
    var random = SplitMix64(seed: seed)
    let items = (0..<500).map { number -> CatalogItem in
      var parts = [
        Bool.random(using: &random) ? stems.randomElement(using: &random)! : others.randomElement(using: &random)!
      ]
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        parts.append((stems + others).randomElement(using: &random)!)
      }
      return CatalogItem(
        id: "t\(number)",
        title: parts.joined(separator: Self.separators.randomElement(using: &random)!),
        weight: Bool.random(using: &random) ? 0 : Double(Int.random(in: 1...50000, using: &random))
      )
    }
    let catalog = Catalog(items: items)
    let reference = ReferenceSearch(catalog: catalog)
    let mistyped = ["djangu", "djangou", "dajngo", "djnago", "flsak", "flaskk", "straem", "streem", "sdjango"]
    for _ in 0..<24 {
      let typo = mistyped.randomElement(using: &random)!
      let word = (stems + others).randomElement(using: &random)!
      let text =
        switch Int.random(in: 0..<5, using: &random) {
        case 0: typo
        case 1: typo + "-"
        case 2: typo + " " + word
        case 3: word + " " + typo
        default: typo + " " + String(word.prefix(2))
        }
      for limit in [1, 3, 10, 40] {
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
