/// Where a compound word of a title has a word inside it: "dateutil" is date|util, "fastapi" fast|api. Acronyms may
/// take an initial at the inner start ("pdu" → python-dateutil, ``TitleMatcher``); the other tiers do not see it.
///
/// A word splits in two where both halves are words of a built-in vocabulary, the 10,000 most frequent parts of
/// PyPI and npm names (`CompoundWords+Vocabulary.swift`), and the halves are more common as parts than the word
/// itself: the product of their counts exceeds the square of the word's (the frequency rule of Koehn and Knight's
/// compound splitting). So "setuptools" and "toolbelt" (belt is a part 21 times) split, while "package" (pack|age)
/// and "framework" (frame|work), common words in their own right, do not. A word splits at most once
/// (``TitleStarts`` passes it each word of a title).
enum CompoundWords {
  /// The fewest letters of each half.
  static let shortestPart = 3
  /// The most letters of a vocabulary word (a word is looked up packed into 64 bits).
  static let longestPart = 12

  /// The split point of `word` (folded ASCII letters), or `nil` when it is not a compound.
  static func innerStart(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
    let length = word.count
    guard length >= 2 * shortestPart, length <= 2 * longestPart else { return nil }
    let vocabulary = Self.vocabulary
    let whole = UInt64(length <= longestPart ? vocabulary.count(Vocabulary.pack(word, 0..<length)) : 0)
    var best = whole * whole
    var split: Int?
    for cut in max(shortestPart, length - longestPart)...min(longestPart, length - shortestPart) {
      let head = UInt64(vocabulary.count(Vocabulary.pack(word, 0..<cut)))
      guard head != 0 else { continue }
      let product = head * UInt64(vocabulary.count(Vocabulary.pack(word, cut..<length)))
      if product > best {
        best = product
        split = cut
      }
    }
    return split
  }

  /// The built-in vocabulary, read from ``generatedVocabulary`` on first use.
  static let vocabulary = Vocabulary(generated: generatedVocabulary)
}
