import Foundation

@testable import SuggestEngine

/// A slow, obviously-correct search over plain items: the oracle the fast engine must agree with.
///
/// It folds every title for every query, tries every alignment and every acronym split by brute force, computes
/// edit distances against every title word prefix, and sorts the whole match set.
struct ReferenceSearch {
  /// One hit: the item and how it ranked.
  struct Hit: Equatable, CustomStringConvertible {
    var id: String
    var tier: MatchTier
    var score: Int
    var description: String { "\(id)[\(tier) \(score)]" }
  }

  let items: [CatalogItem]
  /// The popularity prior of a weight (the catalog's own function, tested on its own).
  let prior: (Double) -> Int

  init(items: [CatalogItem], prior: @escaping (Double) -> Int) {
    self.items = items
    self.prior = prior
  }

  init(catalog: Catalog) {
    self.init(items: catalog.indices.compactMap { catalog.item(at: $0) }, prior: { catalog.prior(forWeight: $0) })
  }

  static let separator = TextFolder.separator

  // MARK: Folding helpers

  struct Folded {
    var bytes: [UInt8]
    var starts: Set<Int>
  }

  static func fold(_ text: String) -> Folded {
    let folded = TextFolder.fold(text)
    var starts = Set<Int>()
    for (position, byte) in folded.bytes.enumerated() {
      let flags = FoldFlags(rawValue: folded.flags[position])
      guard byte != separator, byte & 0xC0 != 0x80, !flags.contains(.continuation) else { continue }
      if flags.contains(.wordStart) || position == 0 || folded.bytes[position - 1] == separator {
        starts.insert(position)
      }
    }
    return Folded(bytes: folded.bytes, starts: starts)
  }

  static func queryWords(_ text: String) -> [[UInt8]] {
    let folded = TextFolder.fold(text)
    var words: [[UInt8]] = [[]]
    for (position, byte) in folded.bytes.enumerated() {
      if byte == separator || FoldFlags(rawValue: folded.flags[position]).contains(.separator) {
        words.append([])
      } else {
        words[words.count - 1].append(byte)
      }
    }
    return words.filter { !$0.isEmpty }
  }

  static func characters(_ word: [UInt8]) -> [[UInt8]] {
    var result: [[UInt8]] = []
    for byte in word {
      if byte & 0xC0 == 0x80, !result.isEmpty { result[result.count - 1].append(byte) } else { result.append([byte]) }
    }
    return result
  }

  static func matches(_ haystack: [UInt8], _ needle: [UInt8], at position: Int) -> Bool {
    position >= 0 && position + needle.count <= haystack.count
      && Array(haystack[position..<(position + needle.count)]) == needle
  }

  // MARK: Tiers

  static func isWordEnd(_ title: Folded, _ position: Int) -> Bool {
    position >= title.bytes.count || title.bytes[position] == separator || title.starts.contains(position)
  }

  static func whole(_ title: Folded, _ words: [[UInt8]]) -> (MatchTier, Int)? {
    let joined = Array(words.joined(separator: [separator]))
    if title.bytes == joined { return (.exact, MatchScoring.exactLiteral) }
    guard title.bytes.starts(with: joined) else { return nil }
    return (.prefix, isWordEnd(title, joined.count) ? MatchScoring.prefixWordEnd : 0)
  }

  static func wordPrefix(_ title: Folded, _ word: [UInt8]) -> Int? {
    let first = title.starts.min()
    let qualities = title.starts.filter { matches(title.bytes, word, at: $0) }.map { position in
      (isWordEnd(title, position + word.count) ? MatchScoring.wholeWord : 0)
        + (position == first ? MatchScoring.firstWord : 0)
    }
    return qualities.max()
  }

  static func chainExists(_ title: Folded, _ pieces: [[UInt8]], firstAt: Int?) -> Bool {
    var from = 0
    for (index, piece) in pieces.enumerated() {
      let candidates = title.starts.sorted().filter { $0 >= from && matches(title.bytes, piece, at: $0) }
      let chosen: Int?
      if index == 0, let firstAt {
        chosen = candidates.contains(firstAt) ? firstAt : nil
      } else {
        chosen = candidates.first
      }
      guard let position = chosen else { return false }
      from = position + piece.count
    }
    return true
  }

  static func acronym(_ title: Folded, _ word: [UInt8]) -> Int? {
    let initials = characters(word)
    let all = initials.count >= 2 ? [initials] : []
    if let first = title.starts.min(), all.contains(where: { chainExists(title, $0, firstAt: first) }) {
      return MatchScoring.acronymFirstWord
    }
    return all.contains(where: { chainExists(title, $0, firstAt: nil) }) ? 0 : nil
  }

  static func substring(_ title: Folded, _ word: [UInt8]) -> Int? {
    guard word.count <= title.bytes.count else { return nil }
    guard let position = (0...(title.bytes.count - word.count)).first(where: { matches(title.bytes, word, at: $0) })
    else { return nil }
    return MatchScoring.substringBest - min(position, MatchScoring.substringBest)
  }

  /// The separator-delimited word containing each position (-1 for separators).
  static func wordNumbers(_ title: Folded) -> [Int] {
    var number = 0
    var inWord = false
    return title.bytes.map { byte in
      if byte == separator {
        if inWord { number += 1 }
        inWord = false
        return -1
      }
      inWord = true
      return number
    }
  }

  /// The best score over every alignment (all in one word that has an alignment spanning at most `2 · |word| - 1`
  /// bytes, when `oneWord`), by exhaustive recursion.
  static func fuzzy(_ title: Folded, _ word: [UInt8], oneWord: Bool) -> Int? {
    let numbers = wordNumbers(title)
    var tightWords = Set<Int>()
    let units = characters(word)
    func score(_ positions: [Int]) -> Int {
      var total = 0
      for (index, position) in positions.enumerated() {
        total += MatchScoring.fuzzyMatch
        if title.starts.contains(position) {
          total += index == 0 ? MatchScoring.fuzzyFirstBoundary : MatchScoring.fuzzyBoundary
        }
        if index == 0 {
          total -= min(position, MatchScoring.fuzzyLeadingCap)
        } else {
          let gap = position - (positions[index - 1] + units[index - 1].count)
          total += gap == 0 ? MatchScoring.fuzzyConsecutive : -(MatchScoring.fuzzyGapOpen + gap - 1)
        }
      }
      return total
    }
    var best: Int?
    func extend(_ positions: [Int], from: Int) {
      if positions.count == units.count {
        if oneWord, Set(positions.map { numbers[$0] }).count > 1 { return }
        let span = positions.last! + units.last!.count - positions.first!
        if span <= 2 * word.count - 1 { tightWords.insert(numbers[positions.first!]) }
        let value = score(positions)
        best = max(best ?? value, value)
        return
      }
      let unit = units[positions.count]
      for position in stride(from: from, to: title.bytes.count, by: 1) where matches(title.bytes, unit, at: position) {
        extend(positions + [position], from: position + unit.count)
      }
    }
    // First pass: which words have a tight alignment; second pass: the best alignment within those words.
    extend([], from: 0)
    guard oneWord else { return best }
    best = nil
    let tight = tightWords
    func extendTight(_ positions: [Int], from: Int) {
      if positions.count == units.count {
        guard Set(positions.map { numbers[$0] }).count == 1, tight.contains(numbers[positions[0]]) else { return }
        let value = score(positions)
        best = max(best ?? value, value)
        return
      }
      let unit = units[positions.count]
      for position in stride(from: from, to: title.bytes.count, by: 1) where matches(title.bytes, unit, at: position) {
        extendTight(positions + [position], from: position + unit.count)
      }
    }
    extendTight([], from: 0)
    return best
  }

  /// Optimal string alignment distance.
  static func osa(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

  /// The title index words: from every word start to the next separator.
  static func indexWords(_ title: Folded) -> [[UInt8]] {
    title.starts.sorted().map { start in
      var end = start
      while end < title.bytes.count && title.bytes[end] != separator { end += 1 }
      return Array(title.bytes[start..<end])
    }
  }

  static func typo(_ title: Folded, _ word: [UInt8], whole: Bool) -> Int? {
    let budget =
      word.count > TypoSearch.maximumWordLength ? 0 : PreparedQuery.typoBudget(characters: characters(word).count)
    guard budget > 0 else { return nil }
    var best: Int?
    for candidate in indexWords(title) {
      for length in (whole ? candidate.count : 0)...candidate.count {
        let distance = osa(word, Array(candidate[0..<length]))
        if distance <= budget { best = min(best ?? distance, distance) }
      }
    }
    return best
  }

  static func wordTier(_ title: Folded, _ word: [UInt8], matchCap: MatchTier, allowsTypos: Bool) -> (MatchTier, Int)? {
    if let quality = wordPrefix(title, word) { return (.wordPrefix, quality) }
    if matchCap < .acronym { return nil }
    if let quality = acronym(title, word) { return (.acronym, quality) }
    if let quality = substring(title, word) { return (.substring, quality) }
    if allowsTypos, let distance = typo(title, word, whole: true) {
      return (.typo, MatchScoring.typoOneEdit * (2 - distance))
    }
    if let quality = fuzzy(title, word, oneWord: true) { return (.fuzzy, quality) }
    if allowsTypos, let distance = typo(title, word, whole: false) {
      return (.partialTypo, MatchScoring.typoOneEdit * (2 - distance))
    }
    if let quality = fuzzy(title, word, oneWord: false) { return (.scattered, quality) }
    return nil
  }

  static func textWords(_ text: String) -> [[UInt8]] {
    var words: [[UInt8]] = [[]]
    for byte in TextFolder.fold(text).bytes {
      let isBreak =
        byte < 0x80 && !(byte >= 0x30 && byte <= 0x39) && !(byte >= 0x61 && byte <= 0x7A)
        && !(byte >= 0x41 && byte <= 0x5A)
      if isBreak { words.append([]) } else { words[words.count - 1].append(byte) }
    }
    return words.filter { !$0.isEmpty }
  }

  // MARK: Search

  func search(_ query: SearchQuery) -> (total: Int, hits: [Hit]) {
    let required = query.tokens + (query.scope.map { [$0] } ?? [])
    let scoped = items.filter { item in required.allSatisfy { item.tokens.contains($0) } }
    let page: ([Hit]) -> [Hit] = { Array($0.dropFirst(max(0, query.offset)).prefix(max(0, query.limit))) }
    if query.mode == .contains {
      let found =
        query.text.isEmpty ? scoped : scoped.filter { $0.title.localizedCaseInsensitiveContains(query.text) }
      return (found.count, page(found.map { Hit(id: $0.id, tier: .unranked, score: 0) }))
    }
    let words = Self.queryWords(query.text)
    if words.isEmpty { return (scoped.count, page(scoped.map { Hit(id: $0.id, tier: .unranked, score: 0) })) }
    let matchCap: MatchTier = query.mode == .prefix ? .wordPrefix : .scattered
    let allowsTypos = query.mode == .smart
    var ranked: [(key: (Int, Int, Int, Int), hit: Hit)] = []
    for (order, item) in scoped.enumerated() {
      let title = Self.fold(item.title)
      var tier: MatchTier
      var quality: Int
      if let whole = Self.whole(title, words) {
        (tier, quality) = whole
      } else {
        let perWord = words.map { Self.wordTier(title, $0, matchCap: matchCap, allowsTypos: allowsTypos) }
        if perWord.allSatisfy({ $0 != nil }) {
          tier = perWord.map { $0!.0 }.max()!
          quality = perWord.map { $0!.1 }.reduce(0, +)
        } else {
          let titleWords = Self.indexWords(title)
          let subtitleWords = item.subtitle.map(Self.textWords) ?? []
          let keywordWords = item.keywords.flatMap(Self.textWords)
          let inTitle = words.map { word in titleWords.contains { $0.starts(with: word) } }
          // One-character words only match title words.
          let inSubtitle = words.map { word in
            Self.characters(word).count >= 2 && subtitleWords.contains { $0.starts(with: word) }
          }
          let inKeywords = words.map { word in
            Self.characters(word).count >= 2 && keywordWords.contains { $0.starts(with: word) }
          }
          guard words.indices.allSatisfy({ inTitle[$0] || inSubtitle[$0] || inKeywords[$0] }) else { continue }
          tier = words.indices.allSatisfy({ inTitle[$0] || inSubtitle[$0] }) ? .subtitle : .keyword
          quality = inTitle.filter { $0 }.count * SecondaryMatch.titleWordQuality
        }
      }
      let boost = max(0, query.boosts[item.id] ?? 0)
      let score = quality + prior(item.weight) + boost
      ranked.append(((tier.rawValue, -score, title.bytes.count, order), Hit(id: item.id, tier: tier, score: score)))
    }
    ranked.sort { $0.key < $1.key }
    return (ranked.count, page(ranked.map(\.hit)))
  }
}
