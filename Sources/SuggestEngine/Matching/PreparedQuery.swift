/// A query folded once: its words, their letter masks and typo budgets, and the joined and compact forms that
/// whole-query tiers compare.
struct PreparedQuery: Sendable, Hashable {
  /// One query word.
  struct Word: Sendable, Hashable {
    /// Folded bytes, never empty, never containing a separator.
    let bytes: [UInt8]
    /// The letter mask of `bytes`.
    var mask: UInt32
    /// The letters `bytes` has at least twice (``LetterMask/repeats(_:)``).
    let repeats: UInt32
    /// How many Damerau edits a typo match may use (``RankingRules/typoBudget(wordCharacters:queryCharacters:)``).
    var typoBudget: Int
    /// The end offset in `bytes` of each character.
    let characterEnds: [Int]
    /// Whether typo matches must be whole title words: the word is too short for a budget of its own and has one
    /// from the rest of the query (``RankingRules/typoBudget(wordCharacters:queryCharacters:)``); the beginnings
    /// of words within an edit of it are too many.
    var wholeTyposOnly: Bool { typoBudget > 0 && characterEnds.count < RankingRules.ownTypoBudgetCharacters }
    /// What the word's typo matches depend on.
    var typoKey: TypoTable.WordSets.Key {
      TypoTable.WordSets.Key(word: bytes, budget: typoBudget, wholeOnly: wholeTyposOnly)
    }
    /// Whether every character is one byte (`characterEnds` is 1…n): lets the counting scan skip reading
    /// `characterEnds`, which would retain and release it for every item.
    let isOneBytePerCharacter: Bool

    /// Creates a word.
    init(bytes: [UInt8], mask: UInt32, typoBudget: Int, characterEnds: [Int]) {
      self.bytes = bytes
      self.mask = mask
      self.repeats = LetterMask.repeats(bytes)
      self.typoBudget = typoBudget
      self.characterEnds = characterEnds
      self.isOneBytePerCharacter = characterEnds.count == bytes.count
    }

    /// Whether the word is one ASCII letter (the letter mask alone decides whether a title contains it).
    var isOneLetter: Bool { bytes.count == 1 && bytes[0] >= 0x61 && bytes[0] <= 0x7A }
  }

  /// The words, in query order.
  let words: [Word]
  /// The words joined by one separator.
  var joined: [UInt8]
  /// The words concatenated.
  var compact: [UInt8]
  /// The union of the words' masks.
  var mask: UInt32
  /// The first byte of `compact` (0 for an empty query): a title starting with another byte, not a separator, is
  /// neither an exact nor a prefix match.
  var compactLead: UInt8
  /// Whether a separator follows the last word ("kubernetes-"): the name goes on after it.
  var endsWithSeparator = false

  /// The best score an acronym match of this query can reach without its prior: lower than the tier's ceiling when
  /// every word that can be an acronym (two characters or more) has only two, which score
  /// ``MatchScoring/twoInitials``. Stored: the scan reads it whenever its bar rises.
  let acronymCeiling: Int

  private static func acronymCeiling(of words: [Word]) -> Int {
    let candidates = words.filter { $0.characterEnds.count >= 2 }
    guard !candidates.isEmpty, candidates.allSatisfy({ $0.characterEnds.count == 2 }) else {
      return MatchScoring.ceiling(.acronym)
    }
    return MatchScoring.score(.acronym, quality: MatchScoring.first + MatchScoring.last + MatchScoring.twoInitials)
  }

  /// Whether a word begins another word of the query, or equals it ("pytest p"): only then can two words match at
  /// one title word's start, and a title whose every word-start match is shared that way is no word-prefix match
  /// (``TitleMatcher/hasDistinctStarts(_:count:)``).
  let hasNestedWords: Bool

  private static func hasNestedWords(_ words: [Word]) -> Bool {
    words.indices.contains { i in
      words.indices.contains { j in i != j && words[j].bytes.starts(with: words[i].bytes) }
    }
  }

  /// Whether a word begins with the first byte of a character of another word of two or more characters: only then
  /// can that word's only title word start be an initial of the other word's acronym match ("pyd pat" on
  /// pydantic-ai-todo), which ``ItemEvaluator`` then checks (each word has title words of its own).
  let sharesInitials: Bool

  private static func sharesInitials(_ words: [Word]) -> Bool {
    words.indices.contains { i in
      let word = words[i]
      guard word.characterEnds.count >= 2 else { return false }
      let initials = [word.bytes[0]] + word.characterEnds.dropLast().map { word.bytes[$0] }
      return words.indices.contains { j in i != j && initials.contains(words[j].bytes[0]) }
    }
  }

  /// The number of characters of all words.
  var characterCount: Int { words.reduce(0) { $0 + $1.characterEnds.count } }

  /// Whether the query has no words (every item matches).
  var isEmpty: Bool { words.isEmpty }

  /// Folds and splits `text`.
  ///
  /// - Complexity: O(|text|).
  init(_ text: String) {
    var bytes: [UInt8] = []
    var flags: [UInt8] = []
    TextFolder.append(folding: text, to: &bytes, flags: &flags)
    var words: [Word] = []
    var current: [UInt8] = []
    func finish() {
      guard !current.isEmpty else { return }
      var ends: [Int] = []
      for offset in 1...current.count where offset == current.count || current[offset] & 0xC0 != 0x80 {
        ends.append(offset)
      }
      words.append(
        Word(
          bytes: current,
          mask: LetterMask.of(current),
          typoBudget: 0,
          characterEnds: ends
        )
      )
      current.removeAll()
    }
    var trailing = false
    for (offset, byte) in bytes.enumerated() {
      trailing = byte == TextFolder.separator || FoldFlags(rawValue: flags[offset]).contains(.separator)
      if trailing {
        finish()
      } else {
        current.append(byte)
      }
    }
    finish()
    let characters = words.reduce(0) { $0 + $1.characterEnds.count }
    for w in words.indices {
      words[w].typoBudget = RankingRules.typoBudget(
        wordCharacters: words[w].characterEnds.count,
        queryCharacters: characters
      )
    }
    self.words = words
    self.joined = Array(words.map(\.bytes).joined(separator: [TextFolder.separator]))
    self.compact = Array(words.map(\.bytes).joined())
    self.mask = words.reduce(0) { $0 | $1.mask }
    self.compactLead = compact.first ?? 0
    self.acronymCeiling = Self.acronymCeiling(of: words)
    self.hasNestedWords = Self.hasNestedWords(words)
    self.sharesInitials = Self.sharesInitials(words)
    self.endsWithSeparator = trailing && !words.isEmpty
  }
}
