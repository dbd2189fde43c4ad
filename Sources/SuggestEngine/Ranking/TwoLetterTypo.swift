/// The typos a query word of two characters may have (contract §5): with a budget from the rest of the query, a
/// whole title word of two letters, the query's two swapped or one of them hit on a neighbouring key of a QWERTY
/// keyboard ("zmap-cs" → zmap-sc, "tabula-oy" → tabula-py). Any other edit of two letters reaches too many words:
/// `ut` is one edit from `et`, `u`, `uts` and `put`.
enum TwoLetterTypo {
  /// Whether `word` has two characters: the words these rules apply to.
  static func applies(to word: UnsafeBufferPointer<UInt8>) -> Bool {
    word.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } == 2
  }

  /// Whether title word `candidate` is a typo of two-character query word `word`: two ASCII letters or digits each,
  /// swapped, or one of them on a neighbouring key.
  static func admits(_ word: UnsafeBufferPointer<UInt8>, _ candidate: UnsafeBufferPointer<UInt8>) -> Bool {
    guard word.count == 2, candidate.count == 2 else { return false }
    if word[0] == candidate[1] && word[1] == candidate[0] { return word[0] != word[1] }
    if word[0] == candidate[0] { return KeyboardNeighbours.areAdjacent(word[1], candidate[1]) }
    if word[1] == candidate[1] { return KeyboardNeighbours.areAdjacent(word[0], candidate[0]) }
    return false
  }

  /// The title words `word` (two ASCII bytes) may be a typo of: its bytes swapped, then each byte replaced by each of
  /// its neighbouring keys.
  static func candidates(of word: [UInt8]) -> [[UInt8]] {
    guard word.count == 2 else { return [] }
    var result: [[UInt8]] = word[0] != word[1] ? [[word[1], word[0]]] : []
    for key in KeyboardNeighbours.neighbours(of: word[0]) { result.append([key, word[1]]) }
    for key in KeyboardNeighbours.neighbours(of: word[1]) { result.append([word[0], key]) }
    return result
  }
}
