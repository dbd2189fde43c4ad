import TestSupport
import Testing

@testable import SuggestEngine

@Suite(.ownThreads) struct TypoSearchTests {
  @Test(
    "the trie walk finds exactly the vocabulary words a brute-force scan finds, with and without the directory",
    arguments: [1, 2, 3] as [UInt64],
    [false, true]
  )
  func walkMatchesBruteForce(seed: UInt64, directed: Bool) {
    var generator = RandomCatalog(seed: seed)
    // Words of one, two and three bytes too, which the directory's nodes hold apart from their longer neighbours.
    let items = generator.items(count: 400) + Self.shortWordItems
    let catalog = Catalog(items: items)
    let index = catalog.base.titleWords
    let directory = directed ? WordDirectory(index) : nil
    let vocabulary = (0..<index.wordCount).map { index.words.withString($0) { Array($0) } }
    for _ in 0..<60 {
      let query = Array(ReferenceSearch.queryWords(generator.query(from: items)).first ?? [0x61])
      for budget in 1...3 {
        var found = [Int](repeating: -1, count: vocabulary.count)
        var foundWhole = [Int](repeating: -1, count: vocabulary.count)
        TypoSearch.search(query, budget: budget, in: index, directory: directory) { range, distance, whole in
          for word in range {
            #expect(found[word] == -1, "\(query): word \(word) found twice")
            found[word] = distance
            if let whole { foundWhole[word] = whole }
          }
        }
        for (word, candidate) in vocabulary.enumerated() {
          let best = (0...candidate.count).map { ReferenceSearch.osa(query, Array(candidate[0..<$0])) }.min()!
          let whole = ReferenceSearch.osa(query, candidate)
          // A second edit only for a word with the query's first byte.
          let allowed = budget >= 2 && candidate.first != query.first ? budget - 1 : budget
          #expect(found[word] == (best <= allowed ? best : -1), "\(query) vs \(candidate) budget \(budget)")
          #expect(
            foundWhole[word] == (whole <= allowed ? whole : -1),
            "whole \(query) vs \(candidate) budget \(budget)"
          )
        }
      }
    }
  }

  @Test(
    "a word typed further finds, within the neighbourhood of its prefix, exactly what a full walk finds",
    arguments: [4, 5, 6] as [UInt64]
  )
  func narrowedWalkMatchesFullWalk(seed: UInt64) {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 400)
    let index = Catalog(items: items).base.titleWords
    func runs(_ word: [UInt8], budget: Int, within: [Range<Int>]?) -> [String] {
      var found: [String] = []
      TypoSearch.search(word, budget: budget, in: index, within: within) { range, distance, whole in
        for word in range { found.append("\(word):\(distance):\(whole ?? -1)") }
      }
      return found
    }
    for _ in 0..<60 {
      let word = Array(ReferenceSearch.queryWords(generator.query(from: items)).first ?? [0x61])
      for budget in 1...2 {
        for cut in 1..<max(2, word.count) where cut < word.count {
          let neighbourhood = TypoNeighbourhood.find(Array(word[..<cut]), budget: budget, in: index, previous: [])
          let narrowed = TypoNeighbourhood.find(word, budget: budget, in: index, previous: [neighbourhood])
          var fromNarrowed: [String] = []
          for run in narrowed.runs {
            for word in run.words { fromNarrowed.append("\(word):\(run.prefix):\(run.whole ?? -1)") }
          }
          #expect(fromNarrowed == runs(word, budget: budget, within: nil), "\(word) from \(word[..<cut]), \(budget)")
        }
      }
    }
  }

  @Test(
    "a full walk split into parts walked at once finds the same words at the same distances",
    arguments: [7, 8] as [UInt64]
  )
  func splitWalkMatchesOneWalk(seed: UInt64) {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 400)
    let index = Catalog(items: items).base.titleWords
    let directory = WordDirectory(index)
    func words(_ runs: [TypoNeighbourhood.Run]) -> [String] {
      runs.flatMap { run in run.words.map { "\($0):\(run.prefix):\(run.whole ?? -1)" } }
    }
    for _ in 0..<40 {
      let word = Array(ReferenceSearch.queryWords(generator.query(from: items)).first ?? [0x61])
      for budget in 1...2 {
        let whole = TypoNeighbourhood.walk(word, budget: budget, in: index, within: nil, parts: 1)
        for parts in [2, 3, 7] {
          let split = TypoNeighbourhood.walk(word, budget: budget, in: index, within: nil, parts: parts)
          #expect(words(split) == words(whole), "\(word), budget \(budget), \(parts) parts")
          // Parts cut the directory's nodes: each walks only its own words of them.
          let directed = TypoNeighbourhood.walk(
            word,
            budget: budget,
            in: index,
            directory: directory,
            within: nil,
            parts: parts
          )
          #expect(words(directed) == words(whole), "\(word), budget \(budget), \(parts) parts, directed")
        }
      }
    }
  }

  @Test("the directory's nodes hold exactly the words that begin with their bytes", arguments: [9, 10] as [UInt64])
  func directoryMatchesVocabulary(seed: UInt64) {
    var generator = RandomCatalog(seed: seed)
    let index = Catalog(items: generator.items(count: 300) + Self.shortWordItems).base.titleWords
    let vocabulary = (0..<index.wordCount).map { index.words.withString($0) { Array($0) } }
    let directory = WordDirectory(index)
    #expect(directory.wordCount == vocabulary.count)
    /// The words that begin with `prefix`, by a scan.
    func beginning(_ prefix: [UInt8]) -> Range<Int> {
      let words = vocabulary.indices.filter { vocabulary[$0].starts(with: prefix) }
      return (words.first ?? 0)..<((words.last ?? -1) + 1)
    }
    var pairsSeen = 0
    var triplesSeen = 0
    for first in 0...255 {
      let byte = UInt8(first)
      let words = directory.words(first: byte)
      let expected = beginning([byte])
      #expect(words.isEmpty == expected.isEmpty && (words.isEmpty || words == expected), "byte \(first)")
      #expect(directory.hasWord(byte) == vocabulary.contains([byte]), "word of byte \(first)")
      guard !words.isEmpty else { continue }
      for second in 0...255 {
        let pair = first << 8 | second
        let pairWords = directory.words(pair: pair)
        let expectedPair = beginning([byte, UInt8(second)])
        #expect(pairWords.isEmpty == expectedPair.isEmpty, "pair \(first) \(second)")
        guard !pairWords.isEmpty else { continue }
        pairsSeen += 1
        #expect(pairWords == expectedPair, "pair \(first) \(second)")
        #expect(directory.hasWord(pair: pair) == vocabulary.contains([byte, UInt8(second)]))
        // The three-byte nodes cover the pair's words of three bytes or more, in order, one node per third byte.
        var covered: [Int] = []
        for node in directory.triples(pair: pair) {
          let third = directory.tripleByte(node)
          #expect(directory.words(triple: node, pair: pair) == beginning([byte, UInt8(second), third]))
          covered += Array(directory.words(triple: node, pair: pair))
          triplesSeen += 1
        }
        #expect(covered == pairWords.filter { vocabulary[$0].count >= 3 }, "nodes of pair \(first) \(second)")
      }
    }
    #expect(pairsSeen > 50 && triplesSeen > 100)
  }

  /// Items whose titles are words of one, two and three bytes (ASCII and not), and longer words beside them.
  static let shortWordItems: [CatalogItem] =
    ["a", "b ab", "abc abd", "abcd", "z9", "é", "éa", "ø øx øxy", "q qq qqq"].enumerated().map {
      CatalogItem(id: "short-\($0.offset)", title: $0.element)
    }

  @Test(
    "the closest word beginning handles each typo kind",
    arguments: [
      ("reqeusts", "requests", 1), ("requessts", "requests", 1), ("reqests", "requests", 1),
      ("rewuests", "requests", 1),
      ("crptography", "cryptography", 1), ("beautifulsuop", "beautifulsoup4", 1), ("reqeu", "requests", 1),
      ("xequ", "requests", 1), ("abc", "xyz", 3),
    ]
  )
  func closestBeginning(query: String, candidate: String, expected: Int) {
    let found = Self.closestPiece(Array(query.utf8), in: Array(candidate.utf8), budget: 4, whole: false)
    #expect(found?.distance == expected)
  }

  @Test(
    "the closest title word or word beginning within budget is the first of the closest, as a brute-force scan finds it"
  )
  func closestPieceMatchesBruteForce() {
    var random = SplitMix64(seed: 17)
    let letters = Array("abeqrsu".utf8)
    for _ in 0..<400 {
      var title: [UInt8] = []
      for w in 0..<Int.random(in: 1...4, using: &random) {
        if w > 0 { title.append(TextFolder.separator) }
        for _ in 0..<Int.random(in: 1...9, using: &random) { title.append(letters.randomElement(using: &random)!) }
      }
      let word = (0..<Int.random(in: 1...7, using: &random)).map { _ in letters.randomElement(using: &random)! }
      let budget = Int.random(in: 1...3, using: &random)
      for whole in [false, true] {
        // Every word start in order; per start, the piece lengths in order; the first strictly closer wins.
        var expected: (range: Range<Int>, distance: Int)?
        for start in title.indices
        where title[start] != TextFolder.separator
          && (start == 0 || title[start - 1] == TextFolder.separator)
        {
          var end = start
          while end < title.count && title[end] != TextFolder.separator { end += 1 }
          let lengths = whole ? (end - start)...(end - start) : 1...min(end - start, word.count + 2)
          for length in lengths {
            let piece = Array(title[start..<(start + length)])
            // A whole word for a word of two letters: the two swapped, or one on a neighbouring key.
            if whole && word.count == 2 {
              let swapped = word[0] != word[1] && piece == word.reversed()
              let neighbour =
                piece.count == 2
                && ((word[0] == piece[0] && ReferenceSearch.keyboardNeighbours(word[1], piece[1]))
                  || (word[1] == piece[1] && ReferenceSearch.keyboardNeighbours(word[0], piece[0])))
              guard swapped || neighbour else { continue }
            }
            let distance =
              whole
              ? ReferenceSearch.osa(word, piece)
              : (0...length).map { ReferenceSearch.osa(word, Array(piece[0..<$0])) }.min()!
            // A second edit only for a word with the query's first byte.
            guard distance <= (budget >= 2 && title[start] != word[0] ? budget - 1 : budget) else { continue }
            if expected.map({ distance < $0.distance }) ?? true { expected = (start..<(start + length), distance) }
          }
        }
        let found = Self.closestPiece(word, in: title, budget: budget, whole: whole)
        let text = String(decoding: word, as: UTF8.self) + " in " + String(decoding: title, as: UTF8.self)
        #expect(
          found?.range == expected?.range && found?.distance == expected?.distance,
          "\(text), budget \(budget), whole \(whole)"
        )
      }
    }
  }

  @Test(
    "the fewest edits, then unlikely ones, then ones on a neighbouring key, are what a brute-force reference finds"
  )
  func editCountsMatchReference() {
    var random = SplitMix64(seed: 23)
    // Keys next to each other (q w e, a s d) and apart (p, m), so that slips and other edits both occur.
    let letters = Array("qweasdpm".utf8)
    var rows: [Int] = []
    for _ in 0..<600 {
      let typed = (0..<Int.random(in: 1...7, using: &random)).map { _ in letters.randomElement(using: &random)! }
      let meant = (0..<Int.random(in: 0...8, using: &random)).map { _ in letters.randomElement(using: &random)! }
      for whole in [true, false] {
        let expected =
          whole
          ? ReferenceSearch.slips(typed, meant)
          : (0...meant.count).map { ReferenceSearch.slips(typed, Array(meant[0..<$0])) }.min { $0 < $1 }!
        let text = String(decoding: typed, as: UTF8.self) + " → " + String(decoding: meant, as: UTF8.self)
        #expect(expected.edits == ReferenceSearch.osa(typed, meant) || !whole, "\(text)")
        // Past the budget only "more than the budget" is known.
        for budget in [1, 2, 64] {
          let found = typed.withUnsafeBufferPointer { typed in
            meant.withUnsafeBufferPointer { meant in
              TypoLocator.edits(typed, meant, whole: whole, budget: budget, rows: &rows)
            }
          }
          if expected.edits <= budget {
            #expect(found == expected, "\(text), whole \(whole), budget \(budget)")
          } else {
            #expect(found.edits > budget, "\(text), whole \(whole), budget \(budget)")
          }
        }
      }
    }
  }

  /// ``TypoLocator/closestPiece(_:_:budget:whole:scratch:)`` in `title`, whose words start after each separator.
  private static func closestPiece(
    _ word: [UInt8],
    in title: [UInt8],
    budget: Int,
    whole: Bool
  ) -> (range: Range<Int>, distance: Int)? {
    var starts = [UInt64](repeating: 0, count: title.count / 64 + 1)
    for position in title.indices
    where title[position] != TextFolder.separator && (position == 0 || title[position - 1] == TextFolder.separator) {
      starts[position >> 6] |= 1 << UInt64(position & 63)
    }
    var rows: [Int] = []
    return title.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        word.withUnsafeBufferPointer { word in
          TypoLocator.closestPiece(
            TitleView(bytes: bytes, starts: starts, base: 0),
            word,
            budget: budget,
            whole: whole,
            scratch: &rows
          )
        }
      }
    }
  }
}
