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
    /// The compound starts (date|util): only acronyms' initials after the first stand there.
    var compounds: Set<Int> = []
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
    // A compound word of letters has one start more inside (date|util).
    var compounds = Set<Int>()
    for start in starts {
      var end = start + 1
      while end < folded.bytes.count && folded.bytes[end] != separator && !starts.contains(end) { end += 1 }
      let word = String(decoding: folded.bytes[start..<end], as: UTF8.self)
      if let split = compoundSplit(word) { compounds.insert(start + split) }
    }
    return Folded(bytes: folded.bytes, starts: starts, compounds: compounds)
  }

  /// The built-in vocabulary's counts.
  static let vocabulary: [String: Int] = {
    var counts: [String: Int] = [:]
    for line in CompoundWords.generatedVocabulary.split(separator: "\n") {
      let fields = line.split(separator: " ")
      counts[String(fields[0])] = Int(fields[1])
    }
    return counts
  }()

  /// Where a word of lowercase ASCII letters splits into two vocabulary words of at least three letters whose
  /// counts' product is the largest and exceeds the square of the word's own count.
  static func compoundSplit(_ word: String) -> Int? {
    let letters = Array(word)
    guard letters.allSatisfy({ $0 >= "a" && $0 <= "z" }), letters.count >= 6 else { return nil }
    let whole = vocabulary[word] ?? 0
    var best: (product: Int, split: Int)?
    for split in 3...(letters.count - 3) {
      guard let head = vocabulary[String(letters[..<split])], let tail = vocabulary[String(letters[split...])]
      else { continue }
      if head * tail > whole * whole && head * tail > (best?.product ?? 0) { best = (head * tail, split) }
    }
    return best?.split
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

  /// Whether a separator follows the query's last word ("kubernetes-"): the last-word sign then goes to titles that
  /// go on after the last word's match instead of those it reaches the end of.
  static func endsWithSeparator(_ text: String) -> Bool {
    let folded = TextFolder.fold(text)
    guard let position = folded.bytes.indices.last, !queryWords(text).isEmpty else { return false }
    return folded.bytes[position] == separator || FoldFlags(rawValue: folded.flags[position]).contains(.separator)
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

  // MARK: Tiers and signs

  /// Whether the match touches the title's first and last words, and its tier-specific quality.
  struct Signs: Equatable {
    var first = false
    var last = false
    var specific = 0
    /// The Damerau edits of a typo match: the fewest over its occurrences.
    var edits = 0
    /// Whether the typo occurrence counted (the fewest edits, then one keeping the first byte) is a title word that
    /// begins with another byte.
    var changesFirst = false
    /// How many of the counted typo occurrence's edits are no slip of a finger (the fewest, after the above).
    var unlikely = 0
    /// How many of them hit a key beside the one meant (the fewest, after the above).
    var neighbourKeys = 0

    /// The order of typo readings: the fewest edits, then one that keeps the first byte, then the fewest unlikely
    /// edits, then the fewest on a neighbouring key.
    var readingOrder: (Int, Int, Int, Int) { (edits, changesFirst ? 1 : 0, unlikely, neighbourKeys) }

    static func any(_ all: [Signs]) -> Signs? {
      guard !all.isEmpty else { return nil }
      let counted = all.min { $0.readingOrder < $1.readingOrder }!
      return Signs(
        first: all.contains { $0.first },
        last: all.contains { $0.last },
        specific: all.map(\.specific).max()!,
        edits: counted.edits,
        changesFirst: counted.changesFirst,
        unlikely: counted.unlikely,
        neighbourKeys: counted.neighbourKeys
      )
    }
  }

  static func sortedStarts(_ title: Folded) -> [Int] { title.starts.sorted() }

  /// The starts of the separator-delimited words.
  static func wordStarts(_ title: Folded) -> [Int] {
    title.bytes.indices.filter { title.bytes[$0] != separator && ($0 == 0 || title.bytes[$0 - 1] == separator) }
  }

  /// Touching the first word: starting before the second word (any range when there is one word).
  static func touchesFirst(_ title: Folded, _ range: Range<Int>) -> Bool {
    let starts = wordStarts(title)
    if starts.isEmpty { return false }
    return starts.count == 1 || range.lowerBound < starts[1]
  }

  /// Touching the last word: ending after its start.
  static func touchesLast(_ title: Folded, _ range: Range<Int>) -> Bool {
    guard let last = wordStarts(title).last else { return false }
    return range.upperBound > last
  }

  /// A digit word start right after a letter or digit, an ASCII punctuation or symbol start ("@", "/"), or a
  /// compound start: not a word of its own for acronym completeness.
  static func isMinorStart(_ title: Folded, _ position: Int) -> Bool {
    let byte = title.bytes[position]
    return byte >= 0x30 && byte <= 0x39 && position > 0 && title.bytes[position - 1] != separator
      || isASCIISymbol(byte) || title.compounds.contains(position)
  }

  /// ASCII punctuation and symbols, written out here rather than read from the engine.
  static func isASCIISymbol(_ byte: UInt8) -> Bool {
    "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".utf8.contains(byte)
  }

  /// Whether an acronym's or joined prefixes' first piece at `position` is at the title's first word: the first word
  /// start, or one of the ASCII symbols before it (the `@` of `@types/node`), or the first word after them.
  static func isAtFirstWord(_ title: Folded, _ position: Int) -> Bool {
    sortedStarts(title).prefix { $0 < position }.allSatisfy { isASCIISymbol(title.bytes[$0]) }
  }

  static func isWordEnd(_ title: Folded, _ position: Int) -> Bool {
    position >= title.bytes.count || title.bytes[position] == separator || title.starts.contains(position)
  }

  static let full = MatchScoring.specific

  /// Exact: the title equals the query once separators are dropped from both; prefix: it starts with it (reaching
  /// two characters into its last word when the title has separators the query lacks, except in prefix mode).
  static func whole(
    _ title: Folded,
    _ words: [[UInt8]],
    matchCap: MatchTier,
    endsWithSeparator: Bool = false
  ) -> (MatchTier, Int)? {
    let compact = Array(words.joined())
    let joined = Array(words.joined(separator: [separator]))
    let letters = title.bytes.enumerated().filter { $0.element != separator }
    guard letters.count >= compact.count, letters.prefix(compact.count).map(\.element) == compact else { return nil }
    if letters.count == compact.count && !endsWithSeparator { return (.exact, title.bytes == joined ? full : 0) }
    let end = letters[compact.count - 1].offset + 1
    if !title.bytes.starts(with: joined) && matchCap > .wordPrefix {
      let wordStart = (title.bytes[..<end].lastIndex(of: separator) ?? -1) + 1
      guard characters(Array(title.bytes[wordStart..<end])).count >= 2 else { return nil }
    }
    let last = touchesLast(title, 0..<end) != endsWithSeparator
    let quality = MatchScoring.first + (last ? MatchScoring.last : 0) + (isWordEnd(title, end) ? full : 0)
    // Each query word but the last must end where a title word does: at the title's end, a separator or a start.
    var wordEnd = 0
    let misplaced = words.dropLast().contains { word in
      wordEnd += word.count
      let after = letters[wordEnd - 1].offset + 1
      return after < title.bytes.count && title.bytes[after] != separator && !title.starts.contains(after)
    }
    return (.prefix, misplaced ? quality - MatchScoring.misplacedSeparator : quality)
  }

  static func wordPrefix(_ title: Folded, _ word: [UInt8]) -> Signs? {
    let ranges = title.starts.filter { matches(title.bytes, word, at: $0) }.map { $0..<($0 + word.count) }
    return Signs.any(
      ranges.map {
        Signs(
          first: touchesFirst(title, $0),
          last: touchesLast(title, $0),
          specific: isWordEnd(title, $0.upperBound) ? full : 0
        )
      }
    )
  }

  /// Whether each of `words` can begin a title word of its own (checked, as the engine does, for titles of up to 64
  /// word starts): every way of giving each word a start it begins, until one uses no start twice.
  static func hasDistinctStarts(_ title: Folded, _ words: [[UInt8]]) -> Bool {
    let starts = sortedStarts(title)
    guard starts.count <= 64 else { return true }
    func assign(_ index: Int, _ taken: Set<Int>) -> Bool {
      guard index < words.count else { return true }
      return starts.contains { start in
        !taken.contains(start) && matches(title.bytes, words[index], at: start)
          && assign(index + 1, taken.union([start]))
      }
    }
    return assign(0, [])
  }

  /// Every assignment of `word`'s two or more characters to word starts in order, each after the previous one and
  /// no later than the first major word start after it (no word skipped between initials); and those that take
  /// initials after the first at compound starts too, when they run from the title's first word to its last.
  static func acronymChains(_ title: Folded, _ word: [UInt8]) -> [[Range<Int>]] {
    let starts = sortedStarts(title)
    let major = starts.filter { !isMinorStart(title, $0) }
    let throughCompounds = acronymChains(title, word, at: title.starts.union(title.compounds).sorted()).filter {
      chain in isAtFirstWord(title, chain[0].lowerBound) && !major.contains { $0 >= chain.last!.upperBound }
    }
    return acronymChains(title, word, at: starts) + throughCompounds
  }

  /// The assignments of ``acronymChains(_:_:)`` with initials at `places`.
  static func acronymChains(_ title: Folded, _ word: [UInt8], at places: [Int]) -> [[Range<Int>]] {
    let units = characters(word)
    guard units.count >= 2, word.count <= TitleMatcher.maximumAcronymLength else { return [] }
    let major = places.filter { !isMinorStart(title, $0) }
    var chains: [[Range<Int>]] = []
    func extend(_ chain: [Range<Int>]) {
      if chain.count == units.count {
        chains.append(chain)
        return
      }
      let unit = units[chain.count]
      let from = chain.last?.upperBound ?? 0
      let limit = chain.isEmpty ? Int.max : major.first { $0 >= from } ?? Int.max
      for start in places where start >= from && start <= limit && matches(title.bytes, unit, at: start) {
        extend(chain + [start..<(start + unit.count)])
      }
    }
    extend([])
    return chains
  }

  static func acronym(_ title: Folded, _ word: [UInt8]) -> Signs? {
    Signs.any(
      acronymChains(title, word).map { chain in
        chainSigns(title, chain, specific: chain.count == 2 ? MatchScoring.twoInitials : nil)
      }
    )
  }

  /// The signs of pieces at word starts (an acronym's, joined word prefixes'): touching the first word, touching the
  /// last, and `specific` if given, else the full tier quality when complete: the first piece at the first word,
  /// each next piece at the first major word start after the previous piece, and no major word start after the last.
  static func chainSigns(_ title: Folded, _ chain: [Range<Int>], specific: Int?) -> Signs {
    let starts = sortedStarts(title)
    let major = starts.filter { !isMinorStart(title, $0) }
    var complete = isAtFirstWord(title, chain[0].lowerBound)
    for (piece, next) in zip(chain, chain.dropFirst()) {
      complete = complete && next.lowerBound == major.first { $0 >= piece.upperBound }
    }
    complete = complete && !major.contains { $0 >= chain.last!.upperBound }
    return Signs(
      first: isAtFirstWord(title, chain[0].lowerBound),
      last: touchesLast(title, chain.last!),
      specific: specific ?? (complete ? full : 0)
    )
  }

  /// Joined word prefixes (acronym tier): every split of the word into two or more pieces, the first at the title's
  /// first word, each the start of a title word and inside it, in order, no major word start skipped between two
  /// pieces, every piece but the last of two or more characters.
  static func joinedPrefixes(_ title: Folded, _ word: [UInt8]) -> Signs? {
    Signs.any(joinedPrefixChains(title, word).map { chainSigns(title, $0, specific: nil) })
  }

  /// Every split of `word` into joined word prefixes (``joinedPrefixes(_:_:)``), as the pieces' title ranges.
  static func joinedPrefixChains(_ title: Folded, _ word: [UInt8]) -> [[Range<Int>]] {
    let units = characters(word)
    guard units.count >= TitleMatcher.joinedPrefixesMinimumCharacters,
      word.count <= TitleMatcher.maximumAcronymLength
    else { return [] }
    let starts = sortedStarts(title)
    let major = starts.filter { !isMinorStart(title, $0) }
    var chains: [[Range<Int>]] = []
    func extend(_ chain: [Range<Int>], used: Int, offset: Int) {
      if used == units.count {
        if chain.count >= 2 && isAtFirstWord(title, chain[0].lowerBound) { chains.append(chain) }
        return
      }
      let from = chain.last?.upperBound ?? 0
      let limit = chain.isEmpty ? Int.max : major.first { $0 >= from } ?? Int.max
      for (index, start) in starts.enumerated() where start >= from && start <= limit {
        let wordEnd = index + 1 < starts.count ? starts[index + 1] : title.bytes.count
        var length = 0
        for count in 1...(units.count - used) {
          length += units[used + count - 1].count
          guard start + length <= wordEnd,
            title.bytes[start..<(start + length)].elementsEqual(word[offset..<(offset + length)])
          else { break }
          // Pieces have two characters; the last three, or it is a whole word.
          let isLast = used + count == units.count
          guard isLast ? count >= 3 || isWordEnd(title, start + length) : count >= 2 else { continue }
          extend(chain + [start..<(start + length)], used: used + count, offset: offset + length)
        }
      }
    }
    extend([], used: 0, offset: 0)
    return chains
  }

  /// Whether `words`, in some order (any of up to three words, else as typed), run together spell `title` without
  /// its separators: their letters in its letters, in order, or their bytes within the typo budget of its beginning
  /// (the budget of one word of all their characters, one edit less from two when the first bytes differ).
  static func spellsRunTogether(_ title: Folded, _ words: [[UInt8]]) -> Bool {
    let text = title.bytes.filter { $0 != separator }
    func orders(_ left: [Int]) -> [[Int]] {
      left.isEmpty ? [[]] : left.flatMap { w in orders(left.filter { $0 != w }).map { [w] + $0 } }
    }
    let characterCount = words.map { characters($0).count }.reduce(0, +)
    let budget = RankingRules.typoBudget(wordCharacters: characterCount, queryCharacters: characterCount)
    return (words.count <= 3 ? orders(Array(words.indices)) : [Array(words.indices)]).contains { order in
      let joined = order.flatMap { words[$0] }
      var rest = text[...]
      let inOrder = joined.allSatisfy { byte in
        guard let found = rest.firstIndex(of: byte) else { return false }
        rest = rest[(found + 1)...]
        return true
      }
      let allowed = RankingRules.typoBudget(budget, sameFirstByte: text.first == joined.first)
      return inOrder || (allowed > 0 && (0...text.count).contains { osa(joined, Array(text.prefix($0))) <= allowed })
    }
  }

  /// Whether each acronym word of `words` (`isAcronym`) has initials, or joined pieces when `joins` allows them,
  /// off the word starts a word-prefix word (`isWordPrefix`) begins and could begin nowhere else (checked, as the
  /// engine does, for titles of up to 64 word starts).
  static func initialsAvoidClaimedStarts(
    _ title: Folded,
    _ words: [[UInt8]],
    isAcronym: [Bool],
    isWordPrefix: [Bool],
    joins: [Bool]
  ) -> Bool {
    guard sortedStarts(title).count <= 64 else { return true }
    let claimed = claimedStarts(title, words, isWordPrefix: isWordPrefix)
    func avoids(_ chain: [Range<Int>]) -> Bool { chain.allSatisfy { !claimed.contains($0.lowerBound) } }
    return words.indices.allSatisfy { w in
      !isAcronym[w] || acronymChains(title, words[w]).contains(where: avoids)
        || (joins[w] && joinedPrefixChains(title, words[w]).contains(where: avoids))
    }
  }

  /// The word starts a word-prefix word (`isWordPrefix`) begins and could begin nowhere else.
  static func claimedStarts(_ title: Folded, _ words: [[UInt8]], isWordPrefix: [Bool]) -> Set<Int> {
    var claimed = Set<Int>()
    for (word, wordPrefix) in zip(words, isWordPrefix) where wordPrefix {
      let own = sortedStarts(title).filter { matches(title.bytes, word, at: $0) }
      if own.count == 1 { claimed.insert(own[0]) }
    }
    return claimed
  }

  static func substring(_ title: Folded, _ word: [UInt8]) -> Signs? {
    guard word.count <= title.bytes.count else { return nil }
    let ranges = (0...(title.bytes.count - word.count)).filter { matches(title.bytes, word, at: $0) }.map {
      $0..<($0 + word.count)
    }
    return Signs.any(
      ranges.map {
        Signs(
          first: touchesFirst(title, $0),
          last: touchesLast(title, $0),
          specific: isWordEnd(title, $0.upperBound) ? full : 0
        )
      }
    )
  }

  /// Whether `words`, two or more, are the title's separator-delimited words in some order.
  static func isReordering(_ title: Folded, _ words: [[UInt8]]) -> Bool {
    let ordered = { (a: [UInt8], b: [UInt8]) in a.lexicographicallyPrecedes(b) }
    return words.count >= 2
      && parts(title).map { Array(title.bytes[$0]) }.sorted(by: ordered) == words.sorted(by: ordered)
  }

  /// The separator-delimited words of the title.
  static func parts(_ title: Folded) -> [Range<Int>] {
    var parts: [Range<Int>] = []
    var start: Int?
    for position in 0...title.bytes.count {
      if position == title.bytes.count || title.bytes[position] == separator {
        if let begin = start { parts.append(begin..<position) }
        start = nil
      } else if start == nil {
        start = position
      }
    }
    return parts
  }

  /// Every alignment of `word`'s characters in `title` (within `part` when given), by exhaustive recursion.
  static func alignments(_ title: Folded, _ word: [UInt8], within part: Range<Int>? = nil) -> [[Int]] {
    let units = characters(word)
    let bounds = part ?? 0..<title.bytes.count
    var result: [[Int]] = []
    func extend(_ positions: [Int], from: Int) {
      if positions.count == units.count {
        result.append(positions)
        return
      }
      let unit = units[positions.count]
      for position in stride(from: from, to: bounds.upperBound, by: 1)
      where position + unit.count <= bounds.upperBound && matches(title.bytes, unit, at: position) {
        extend(positions + [position], from: position + unit.count)
      }
    }
    extend([], from: bounds.lowerBound)
    return result
  }

  /// The fzf-style score of one alignment.
  static func alignmentScore(_ title: Folded, _ word: [UInt8], _ positions: [Int]) -> Int {
    let units = characters(word)
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

  /// Fuzzy: over the separator-delimited words that hold an alignment starting at a word start and spanning at most
  /// `2 · |word| - 1` bytes.
  static func fuzzy(_ title: Folded, _ word: [UInt8], avoiding claimed: Set<Int> = []) -> Signs? {
    let units = characters(word)
    var all: [Signs] = []
    var best: Int?
    for part in parts(title) where !claimed.contains(where: part.contains) {
      let found = alignments(title, word, within: part)
      let tight = found.contains {
        title.starts.contains($0.first!) && $0.last! + units.last!.count - $0.first! <= 2 * word.count - 1
      }
      guard tight else { continue }
      let value = found.map { alignmentScore(title, word, $0) }.max()!
      best = max(best ?? value, value)
      all.append(Signs(first: touchesFirst(title, part), last: touchesLast(title, part)))
    }
    guard let best, var signs = Signs.any(all) else { return nil }
    signs.specific = MatchScoring.closeness(best, characters: units.count)
    return signs
  }

  static func scattered(_ title: Folded, _ word: [UInt8]) -> Signs? {
    let found = alignments(title, word)
    let scores = found.map { alignmentScore(title, word, $0) }
    guard let best = scores.max() else { return nil }
    let lastLength = characters(word).last!.count
    return Signs(
      first: found.contains { touchesFirst(title, $0[0]..<($0[0] + 1)) },
      last: found.contains { touchesLast(title, $0.last!..<($0.last! + lastLength)) },
      specific: MatchScoring.closeness(best, characters: characters(word).count)
    )
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
  static func indexWords(_ title: Folded) -> [Range<Int>] {
    sortedStarts(title).map { start in
      var end = start
      while end < title.bytes.count && title.bytes[end] != separator { end += 1 }
      return start..<end
    }
  }

  /// Typo matches against whole index words, or (not `whole`) their beginnings.
  static func typo(_ title: Folded, _ word: [UInt8], budget: Int, whole: Bool) -> Signs? {
    let budget = word.count > TypoSearch.maximumWordLength ? 0 : budget
    guard budget > 0 else { return nil }
    var all: [Signs] = []
    for range in indexWords(title) {
      let candidate = Array(title.bytes[range])
      if characters(word).count == 2 {
        // Two characters: a whole word of two letters, swapped or one on a neighbouring key.
        guard whole, word.count == 2, candidate.count == 2 else { continue }
        let swapped = word[0] != word[1] && word == candidate.reversed()
        let neighbour =
          (word[0] == candidate[0] && Self.keyboardNeighbours(word[1], candidate[1]))
          || (word[1] == candidate[1] && Self.keyboardNeighbours(word[0], candidate[0]))
        guard swapped || neighbour else { continue }
      }
      let distance =
        whole
        ? osa(word, candidate) : (0...candidate.count).map { osa(word, Array(candidate[0..<$0])) }.min()!
      guard distance <= RankingRules.typoBudget(budget, sameFirstByte: candidate.first == word.first) else { continue }
      let found =
        whole
        ? Self.slips(word, candidate)
        : (0...candidate.count).map { Self.slips(word, Array(candidate[0..<$0])) }.min {
          ($0.edits, $0.unlikely, $0.neighbourKeys) < ($1.edits, $1.unlikely, $1.neighbourKeys)
        }!
      all.append(
        Signs(
          first: touchesFirst(title, range),
          last: touchesLast(title, range),
          specific: MatchScoring.typoSpecific(edits: distance),
          edits: distance,
          changesFirst: candidate.first != word.first,
          unlikely: found.unlikely,
          neighbourKeys: found.neighbourKeys
        )
      )
    }
    return Signs.any(all)
  }

  /// The fewest Damerau edits (optimal string alignment) that turn `typed` into `meant`; the fewest of them that
  /// are no slip of a finger: a letter typed for one that is not its neighbour on the keyboard, or a letter typed in
  /// excess next to no letter it repeats or neighbours; then the fewest that hit a neighbouring key: a letter typed
  /// for its neighbour, or in excess next to a neighbour and no letter it repeats.
  static func slips(_ typed: [UInt8], _ meant: [UInt8]) -> (edits: Int, unlikely: Int, neighbourKeys: Int) {
    typealias Cost = (edits: Int, unlikely: Int, neighbourKeys: Int)
    func repeats(_ i: Int) -> Bool { [i - 1, i + 1].contains { typed.indices.contains($0) && typed[$0] == typed[i] } }
    func beside(_ i: Int) -> Bool {
      [i - 1, i + 1].contains { typed.indices.contains($0) && keyboardNeighbours(typed[$0], typed[i]) }
    }
    func plus(_ cost: Cost, _ edits: Int, _ unlikely: Int, _ neighbourKeys: Int) -> Cost {
      (cost.edits + edits, cost.unlikely + unlikely, cost.neighbourKeys + neighbourKeys)
    }
    func excess(_ cost: Cost, _ i: Int) -> Cost {
      repeats(i) ? plus(cost, 1, 0, 0) : beside(i) ? plus(cost, 1, 0, 1) : plus(cost, 1, 1, 0)
    }
    var d = [[Cost]](repeating: [Cost](repeating: (0, 0, 0), count: meant.count + 1), count: typed.count + 1)
    for i in 0...typed.count where i > 0 { d[i][0] = excess(d[i - 1][0], i - 1) }
    for j in 0...meant.count { d[0][j] = (j, 0, 0) }
    for i in 0...typed.count where i > 0 {
      for j in 0...meant.count where j > 0 {
        let same = typed[i - 1] == meant[j - 1]
        let neighbour = !same && keyboardNeighbours(typed[i - 1], meant[j - 1])
        var options = [
          excess(d[i - 1][j], i - 1),  // typed in excess
          plus(d[i][j - 1], 1, 0, 0),  // dropped
          plus(d[i - 1][j - 1], same ? 0 : 1, same || neighbour ? 0 : 1, neighbour ? 1 : 0),
        ]
        if i > 1 && j > 1 && typed[i - 1] == meant[j - 2] && typed[i - 2] == meant[j - 1] {
          options.append(plus(d[i - 2][j - 2], 1, 0, 0))  // swapped
        }
        d[i][j] = options.min { $0 < $1 }!
      }
    }
    return d[typed.count][meant.count]
  }

  /// Whether two keys are neighbours on a QWERTY keyboard: next in a row, or in the rows above and below, each half
  /// a key to the left of the one above.
  static func keyboardNeighbours(_ a: UInt8, _ b: UInt8) -> Bool {
    let rows = ["1234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm"].map { Array($0.utf8) }
    guard let r = rows.firstIndex(where: { $0.contains(a) }), let s = rows.firstIndex(where: { $0.contains(b) }),
      let i = rows[r].firstIndex(of: a), let j = rows[s].firstIndex(of: b)
    else { return false }
    switch s - r {
    case 0: return abs(i - j) == 1
    case -1: return j == i || j == i + 1
    case 1: return j == i - 1 || j == i
    default: return false
    }
  }

  /// Title parts written without their vowels after the first byte, one at least (typo tier, full quality, no
  /// edit counted).
  static func vowelsLeftOut(_ title: Folded, _ word: [UInt8]) -> Signs? {
    guard characters(word).count >= TitleMatcher.vowelsLeftOutMinimumCharacters else { return nil }
    let vowels = Set("aeiou".utf8)
    var all: [Signs] = []
    var start = 0
    for part in title.bytes.split(separator: separator, omittingEmptySubsequences: false) {
      let range = start..<(start + part.count)
      start = range.upperBound + 1
      guard let lead = part.first else { continue }
      let kept = [lead] + part.dropFirst().filter { !vowels.contains($0) }
      guard kept == word, kept.count < part.count else { continue }
      all.append(Signs(first: touchesFirst(title, range), last: touchesLast(title, range), specific: full))
    }
    return Signs.any(all)
  }

  static func wordTier(
    _ title: Folded,
    _ word: [UInt8],
    budget: Int,
    matchCap: MatchTier,
    allowsTypos: Bool,
    substrings: Bool
  ) -> (MatchTier, Signs)? {
    if let signs = wordPrefix(title, word) { return (.wordPrefix, signs) }
    if matchCap < .acronym { return nil }
    if let signs = acronym(title, word) { return (.acronym, signs) }
    // Joined word prefixes, unless the word is one edit from a whole title word (that word mistyped).
    let mistyped = allowsTypos && budget > 0 && typo(title, word, budget: 1, whole: true) != nil
    if !mistyped, let signs = joinedPrefixes(title, word) { return (.acronym, signs) }
    // Inside a title word: a substring for a query of one word, or of more words than the title has parts.
    if substrings, let signs = substring(title, word) { return (.substring, signs) }
    if allowsTypos, let signs = typo(title, word, budget: budget, whole: true) { return (.typo, signs) }
    if allowsTypos, let signs = vowelsLeftOut(title, word) { return (.typo, signs) }
    if let signs = fuzzy(title, word) { return (.fuzzy, signs) }
    let wholeOnly = characters(word).count < RankingRules.ownTypoBudgetCharacters
    if allowsTypos && !wholeOnly, let signs = typo(title, word, budget: budget, whole: false) {
      return (.partialTypo, signs)
    }
    if let signs = scattered(title, word) { return (.scattered, signs) }
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
    let endsWithSeparator = Self.endsWithSeparator(query.text)
    let queryCharacters = words.reduce(0) { $0 + Self.characters($1).count }
    let budgets = words.map {
      RankingRules.typoBudget(wordCharacters: Self.characters($0).count, queryCharacters: queryCharacters)
    }
    typealias Entry = (
      key: (Int, Int, Int, Int), tier: MatchTier, id: String, score: Int, prior: Int, typoMatched: Bool,
      touchesFirst: Bool, startsAlike: Bool, twoLettersTyped: Bool, extendsWord: Bool
    )
    var ranked: [Entry] = []
    for (order, item) in scoped.enumerated() {
      let title = Self.fold(item.title)
      var tier: MatchTier
      var quality: Int
      var touchesFirst = true
      if let whole = Self.whole(title, words, matchCap: matchCap, endsWithSeparator: endsWithSeparator) {
        (tier, quality) = whole
      } else {
        let perWord = words.indices.map {
          Self.wordTier(
            title,
            words[$0],
            budget: budgets[$0],
            matchCap: matchCap,
            allowsTypos: allowsTypos,
            substrings: words.count == 1 || title.bytes.split(separator: Self.separator).count < words.count
          )
        }
        if perWord.allSatisfy({ $0 != nil }) {
          var perWord = perWord.map { $0! }
          // Word prefixes sharing a title word's start ("pytest p" on pytest) are letters, not words.
          // So are initials on a title word another query word needs ("pyd pat" on pydantic-ai-todo).
          let wordTiers = perWord.map { $0.0 }
          var sharesStarts =
            matchCap == .scattered && words.count <= 8
            && (wordTiers.max()! == .wordPrefix
              ? !Self.hasDistinctStarts(title, words)
              : wordTiers.contains(.acronym)
                && !Self.initialsAvoidClaimedStarts(
                  title,
                  words,
                  isAcronym: wordTiers.map { $0 == .acronym },
                  isWordPrefix: wordTiers.map { $0 == .wordPrefix },
                  joins: words.indices.map { w in
                    !(allowsTypos && budgets[w] > 0 && Self.typo(title, words[w], budget: 1, whole: true) != nil)
                  }
                ))
          if sharesStarts && wordTiers.max()! != .wordPrefix {
            // Unless each acronym word is also a fuzzy match in a title part with no claimed start ("code ft tools"
            // on code-fmt-tools): then it is that.
            let claimed = Self.claimedStarts(title, words, isWordPrefix: wordTiers.map { $0 == .wordPrefix })
            let readings = words.indices.map { w in
              wordTiers[w] == .acronym ? Self.fuzzy(title, words[w], avoiding: claimed) : nil
            }
            if words.indices.allSatisfy({ wordTiers[$0] != .acronym || readings[$0] != nil }) {
              sharesStarts = false
              for w in words.indices where wordTiers[w] == .acronym { perWord[w] = (.fuzzy, readings[w]!) }
            }
          }
          let signs = perWord.map { $0.1 }
          tier = perWord.map { $0.0 }.max()!
          // Typo words count by their edits together; word-prefix and loose (acronym, substring, fuzzy, scattered)
          // words by their own signs.
          let typoWords = perWord.indices.filter { perWord[$0].0 == .typo || perWord[$0].0 == .partialTypo }.map {
            (perWord[$0].0, perWord[$0].1, $0)
          }
          let strongWords = perWord.filter { $0.0 <= .wordPrefix }
          let looseWords = perWord.filter { [.acronym, .substring, .fuzzy, .scattered].contains($0.0) }
          touchesFirst = signs[0].first
          let coverage =
            (signs[0].first ? MatchScoring.first : 0)
            + ((endsWithSeparator ? !signs.last!.last : signs.contains { $0.last }) ? MatchScoring.last : 0)
          // Loose words in fewer title parts than words ("mee get" in mergepythonclient) must spell the title run
          // together.
          let parts = title.bytes.split(separator: Self.separator).count
          let crowdsParts =
            !sharesStarts && words.count >= 2 && tier.band == .weak && tier != .scattered && parts < words.count
            && !Self.spellsRunTogether(title, words)
          // Initials from the middle of a name, no query word at its first word ("mshmr" on
          // iflow-mcp-sundayz-hunter-mcp-recon).
          let midName = tier == .acronym && !signs.contains { $0.first }
          let lettersOnly = sharesStarts || crowdsParts || midName
          if lettersOnly { tier = .scattered }
          let specific = MatchScoring.combinedSpecific(
            strong: strongWords.map { $0.1.specific }.min() ?? Self.full,
            loose: looseWords.map { $0.1.specific }.min() ?? Self.full,
            edits: typoWords.isEmpty
              ? nil
              : typoWords.reduce(0) {
                $0
                  + MatchScoring.scoredEdits(
                    $1.1.edits,
                    changesFirstLetter: $1.1.changesFirst,
                    isFirstWord: $1.2 == 0
                  )
              },
            unlikely: typoWords.reduce(0) { $0 + $1.1.unlikely },
            neighbourKeys: typoWords.reduce(0) { $0 + $1.1.neighbourKeys }
          )
          quality = coverage + (lettersOnly ? 0 : specific)
          // A typo hit whose words, one per title part, touch the first and last covers the title: the name mistyped.
          if tier == .typo && signs[0].first && !endsWithSeparator && signs.contains(where: { $0.last })
            && parts == words.count
          {
            quality += MatchScoring.coversTitle
          }
          // The title's parts, each typed whole, in another order: every sign, as in the order of the title.
          if tier == .wordPrefix && !endsWithSeparator && Self.isReordering(title, words) {
            quality = MatchScoring.maximumQuality
          }
        } else {
          let titleWords = Self.indexWords(title).map { Array(title.bytes[$0]) }
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
      let score =
        MatchScoring.score(tier, quality: quality) + RankingRules.prior(prior(item.weight), tier: tier) + boost
      // Some word within its budget of a title word's beginning (of a whole word when its budget comes from the
      // rest of the query), or a title part without its vowels: what lets a fuzzy hit correct, and any hit of a
      // query too short for a typo budget.
      let typoMatched =
        allowsTypos
        && words.indices.contains { w in
          (budgets[w] > 0
            && Self.typo(
              title,
              words[w],
              budget: budgets[w],
              whole: Self.characters(words[w]).count < RankingRules.ownTypoBudgetCharacters
            ) != nil) || Self.vowelsLeftOut(title, words[w]) != nil
        }
      ranked.append(
        (
          (tier.band.rawValue, -score, title.bytes.count, order), tier, item.id, score, prior(item.weight),
          typoMatched, touchesFirst, title.bytes.starts(with: Self.characters(words[0]).first ?? []),
          words.allSatisfy { Self.characters($0).count != 2 || Self.scattered(title, $0) != nil },
          Self.indexWords(title).contains { range in
            words.contains { CorrectionRule.extends(title.bytes[range], by: $0) }
          }
        )
      )
    }
    ranked.sort { $0.key < $1.key }
    // "Did you mean": with a strong-band hit first, the best typo or partial-typo hit of a prior far enough above
    // the best hit's and the best exact match's comes first instead.
    var correction: Entry?
    if allowsTypos, let best = ranked.first, best.tier.band == .strong {
      let bestExact = ranked.first { $0.tier == .exact }?.prior
      let queryCharacters = words.map { Self.characters($0).count }.reduce(0, +)
      // Only a hit with a typo match, or one popular enough for a fuzzy correction, is considered (a title part
      // without its vowels is a typo hit without a typo match).
      let fuzzyAlone = CorrectionRule.requiredPrior(
        .fuzzy,
        best: best.prior,
        bestExact: bestExact,
        queryCharacters: queryCharacters,
        typoMatched: false
      )
      if let index = ranked.firstIndex(where: { entry in
        (entry.typoMatched || fuzzyAlone.map { entry.prior >= $0 } == true)
          && CorrectionRule.admits(
            touchesFirst: entry.touchesFirst,
            startsAlike: entry.startsAlike,
            twoLetterWordsAsTyped: entry.twoLettersTyped
          )
          && CorrectionRule.requiredPrior(
            entry.tier,
            best: best.prior,
            bestExact: bestExact,
            queryCharacters: queryCharacters,
            typoMatched: entry.typoMatched,
            extendsWord: entry.extendsWord
          ).map { entry.prior >= $0 }
            ?? false
      }) {
        correction = ranked.remove(at: index)
      }
    }
    // An exact match is never preceded by more than two non-exact hits: after the second non-exact hit come every
    // remaining exact match (reporting the score of the hit it passed when higher), then the rest.
    func publicScore(_ entry: Entry) -> Int {
      (MatchBand.keyword.rawValue - entry.tier.band.rawValue) * MatchScoring.bandScale
        + max(0, min(entry.score, MatchScoring.bandScale - 1))
    }
    var hits: [Hit] = []
    var nonExact = 0
    if let correction {
      let passed = ranked.first.map(publicScore) ?? Int.min
      hits.append(Hit(id: correction.id, tier: correction.tier, score: max(publicScore(correction), passed)))
      nonExact = 1
    }
    var cursor = 0
    while cursor < ranked.count && nonExact < 2 {
      if ranked[cursor].tier != .exact { nonExact += 1 }
      hits.append(Hit(id: ranked[cursor].id, tier: ranked[cursor].tier, score: publicScore(ranked[cursor])))
      cursor += 1
    }
    let rest = ranked[cursor...]
    let passed = rest.first { $0.tier != .exact }.map(publicScore) ?? Int.min
    for entry in rest where entry.tier == .exact {
      hits.append(Hit(id: entry.id, tier: entry.tier, score: max(publicScore(entry), passed)))
    }
    for entry in rest where entry.tier != .exact {
      hits.append(Hit(id: entry.id, tier: entry.tier, score: publicScore(entry)))
    }
    return (ranked.count + (correction == nil ? 0 : 1), page(hits))
  }
}
