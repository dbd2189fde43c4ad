import TestSupport

@testable import SuggestEngine

/// Seeded random catalogs and queries built from a small vocabulary, so that matches of every tier collide.
struct RandomCatalog {
  static let syllables = [
    "re", "qu", "est", "s", "py", "dat", "a", "ab", "ba", "cab", "to", "ol", "x", "u", "e", "2", "3",
  ]
  static let separators = ["-", "_", ".", " ", ""]
  static let tokens = ["t1", "t2", "t3"]

  var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  mutating func word() -> String {
    var word = ""
    for _ in 0..<Int.random(in: 1...3, using: &random) { word += Self.syllables.randomElement(using: &random)! }
    if Int.random(in: 0..<4, using: &random) == 0 { word = word.prefix(1).uppercased() + word.dropFirst() }
    return word
  }

  mutating func title() -> String {
    var title = word()
    for _ in 0..<Int.random(in: 0...2, using: &random) {
      title += Self.separators.randomElement(using: &random)! + word()
    }
    // Now and then a scoped name, as on npm (`@scope/name`): ASCII symbols that are words of their own.
    if Int.random(in: 0..<8, using: &random) == 0 { title = "@" + word() + "/" + title }
    return title
  }

  /// Items; with `spreadWeights`, half of them get a popularity rank among many (so priors take many values).
  mutating func items(count: Int, idPrefix: String = "i", spreadWeights: Bool = false) -> [CatalogItem] {
    (0..<count).map { number in
      let title = title()
      let subtitle: String? =
        Int.random(in: 0..<3, using: &random) == 0 ? nil : (0..<3).map { _ in word() }.joined(separator: " ")
      let keywords = Int.random(in: 0..<4, using: &random) == 0 ? [word()] : []
      let tokens = Self.tokens.filter { _ in Bool.random(using: &random) }
      let weights: [Double] = [0, 0, 0, 1, 10, 100, 15000, 0.5]
      return CatalogItem(
        id: Int.random(in: 0..<5, using: &random) == 0 ? title : "\(idPrefix)\(number)",
        title: title,
        subtitle: subtitle,
        keywords: keywords,
        tokens: tokens,
        weight: spreadWeights
          ? (Bool.random(using: &random) ? 0 : Double(Int.random(in: 1...15000, using: &random)))
          : weights.randomElement(using: &random)!
      )
    }
  }

  /// A query of two to five words of the items' titles, each maybe mistyped (one letter after the first replaced),
  /// joined by one separator: typed letter by letter, its words' typo budgets change as it grows (a short word gets
  /// one from the rest of the query) while earlier words keep theirs.
  mutating func mistypedWords(from items: [CatalogItem]) -> String {
    var words: [String] = []
    for _ in 0..<Int.random(in: 2...5, using: &random) {
      let title = items.randomElement(using: &random)?.title ?? "abc"
      let pieces = title.split(whereSeparator: { " -_.".contains($0) })
      var word = Array(pieces.randomElement(using: &random) ?? "abc")
      if word.count > 2 && Bool.random(using: &random) {
        word[Int.random(in: 1..<word.count, using: &random)] = "aqxe".randomElement(using: &random)!
      }
      words.append(String(word))
    }
    return words.joined(separator: ["-", " ", "_", "."].randomElement(using: &random)!)
  }

  /// A query: a piece of a title, maybe mutated (dropped, doubled, swapped or replaced letters), or random words.
  mutating func query(from items: [CatalogItem]) -> String {
    let source = items.randomElement(using: &random)?.title ?? "abc"
    var characters = Array(source)
    let start = Int.random(in: 0..<max(1, characters.count), using: &random)
    let length = Int.random(in: 1...max(1, min(9, characters.count - start)), using: &random)
    characters = Array(characters[start..<min(characters.count, start + length)])
    switch Int.random(in: 0..<8, using: &random) {
    case 0 where characters.count > 1: characters.remove(at: Int.random(in: 0..<characters.count, using: &random))
    case 1 where !characters.isEmpty:
      let at = Int.random(in: 0..<characters.count, using: &random)
      characters.insert(characters[at], at: at)
    case 2 where characters.count > 1:
      let at = Int.random(in: 0..<(characters.count - 1), using: &random)
      characters.swapAt(at, at + 1)
    case 3 where !characters.isEmpty:
      characters[Int.random(in: 0..<characters.count, using: &random)] = "abqx".randomElement(using: &random)!
    case 4: return word() + " " + word()
    case 5: return String(characters).uppercased()
    default: break
    }
    return String(characters)
  }
}
