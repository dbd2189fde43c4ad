import SuggestEngine

/// The keys a finger slips onto, for the generator's neighbouring-key typos: the QWERTY neighbours of
/// ``KeyboardNeighbours``, except that a letter slips onto letters only (the digit row sits apart from the letters).
enum KeyboardLayout {
  /// The keys next to `key` (lowercase letters and digits), in ``KeyboardNeighbours``' order, or none when `key` is
  /// not on the layout.
  static func neighbours(of key: Character) -> [Character] {
    guard let byte = key.asciiValue else { return [] }
    let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
    return KeyboardNeighbours.neighbours(of: byte)
      .filter { !letters.contains(byte) || letters.contains($0) }
      .map { Character(UnicodeScalar($0)) }
  }
}
