extension TitleMatcher {
  /// The fewest characters of a query word that may match a title part written without its vowels.
  static let vowelsLeftOutMinimumCharacters = 2

  /// The signs of `word` as title parts (separator-delimited) written without their vowels ("pythn" → python,
  /// "srvr" → server, "ap" → api): the part's bytes with `a`, `e`, `i`, `o` and `u` left out after its first byte,
  /// one of them at least, are the word's, over every such part. Letters left out are a typo people make on purpose
  /// (contract §5), so this is the typo tier's, with its full quality: no edit counts, as a name written without
  /// its vowels is one slip, not one per vowel, and a query of several such words would otherwise lose to any hit
  /// with one edit.
  ///
  /// - Complexity: O(|title|).
  static func vowelsLeftOut(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    characters: Int,
    geometry: TitleGeometry
  ) -> WordSigns? {
    guard characters >= vowelsLeftOutMinimumCharacters, word.count < title.count, isVowelless(word) else { return nil }
    var signs: WordSigns?
    _ = FuzzyAligner.firstWord(of: title) { part, offset in
      if isWithoutVowels(part.bytes, word) {
        // A part ends a word: the full quality.
        let occurrence = offset..<(offset + part.count)
        signs = WordSigns.joining(signs, occurrence: occurrence, endsWord: true, geometry: geometry)
      }
      return false
    }
    return signs
  }

  /// Whether some part of `title` written without its vowels is `word` (``vowelsLeftOut(_:_:characters:geometry:)``).
  ///
  /// - Complexity: O(|title|).
  static func hasVowelsLeftOut(_ title: TitleView, _ word: UnsafeBufferPointer<UInt8>, characters: Int) -> Bool {
    guard characters >= vowelsLeftOutMinimumCharacters, word.count < title.count, isVowelless(word) else {
      return false
    }
    return FuzzyAligner.firstWord(of: title) { part, _ in isWithoutVowels(part.bytes, word) }
  }

  /// Whether `word` has no vowel after its first byte, as a title part without its vowels has none: most words
  /// typed have one, and this spares them a pass over every title part.
  @inline(__always)
  private static func isVowelless(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    !word.dropFirst().contains(where: isVowel)
  }

  /// The runs of up to two vowels that may stand between a part's first two consonants: none, each vowel, each pair.
  private static let vowelRuns: [[UInt8]] = {
    let vowels = Array("aeiou".utf8)
    return [[]] + vowels.flatMap { first in [[first]] + vowels.map { [first, $0] } }
  }()

  /// Collects into `set` the slots of the segment indexed by `index` with a title word that query word `word`
  /// (`characters` long) may be written without its vowels, those whose first two consonants are at most two vowels
  /// apart: a split scan's likely-best phase (``PopularitySplit``) wants most of them, not all ("ovs" → the ovos-*
  /// names, which end the page of `ovs-`). A title word of the index runs from a word start to the end of its
  /// separator-delimited part, so a part found from a start inside it ("pyOvos") is one more slot, never one less.
  ///
  /// - Complexity: O(31 lookups + the words under them).
  static func collectVowelsLeftOut(
    _ word: UnsafeBufferPointer<UInt8>,
    characters: Int,
    in index: WordIndex,
    into set: inout Bitset
  ) {
    guard characters >= vowelsLeftOutMinimumCharacters, word.count >= 2, isVowelless(word) else { return }
    for middle in vowelRuns {
      let prefix = [word[0]] + middle + [word[1]]
      let range = prefix.withUnsafeBufferPointer { index.range(withPrefix: $0) }
      for entry in range where index.words.withString(entry, { isWithoutVowels($0, word) }) {
        index.collect(inWords: entry..<(entry + 1), into: &set)
      }
    }
  }

  /// Whether `word` is title part `part` (its bytes) without its vowels after the first byte, one of them at least.
  @inline(__always)
  private static func isWithoutVowels(_ part: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
    guard part[0] == word[0], part.count > word.count else { return false }
    var matched = 1
    for byte in part.dropFirst() where !isVowel(byte) {
      guard matched < word.count, word[matched] == byte else { return false }
      matched += 1
    }
    return matched == word.count
  }

  /// Whether `byte` is an ASCII vowel (folded titles are lowercase).
  @inline(__always) private static func isVowel(_ byte: UInt8) -> Bool {
    byte == 0x61 || byte == 0x65 || byte == 0x69 || byte == 0x6F || byte == 0x75
  }
}
