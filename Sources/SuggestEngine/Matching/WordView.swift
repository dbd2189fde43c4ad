/// A query word as the per-item matchers read it: its bytes and character ends borrowed for one scan.
///
/// A ``PreparedQuery/Word`` holds two arrays; reading them per item (even through a pointer) retained and released
/// them for every title, a fifth of a typo-like query's time. A view holds plain pointers, so passing it around the
/// matchers costs nothing. It is valid only inside ``PreparedQuery/withView(_:)``.
struct WordView {
  /// Folded bytes, never empty, never containing a separator.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The end offset in `bytes` of each character.
  let ends: UnsafeBufferPointer<Int>
  /// The letter mask of `bytes`.
  let mask: UInt32
  /// The letters `bytes` has at least twice.
  let repeats: UInt32
  /// How many Damerau edits a typo match may use.
  let typoBudget: Int

  /// Whether every character is one byte (`ends` is 1…n).
  var isOneBytePerCharacter: Bool { ends.count == bytes.count }
  /// Whether the word is one ASCII letter: the letter mask alone decides whether a title contains it.
  var isOneLetter: Bool { bytes.count == 1 && bytes[0] >= 0x61 && bytes[0] <= 0x7A }
}
