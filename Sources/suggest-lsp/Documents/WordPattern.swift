/// Which characters make up the word before the cursor, the query of a completion: letters, digits and combining
/// marks of any script, plus a configurable set of ASCII punctuation (default `_`, `-`, `.`); a `#` just before the
/// word is kept, so that `#mus` asks for tokens.
struct WordPattern: Hashable, Sendable {
  /// The default extra characters: those of package names and identifiers.
  static let defaultExtraCharacters = "_-."

  /// The longest word taken, in bytes: a longer run is cut at its last `maxBytes` bytes.
  static let maxBytes = 256

  /// Which ASCII bytes besides letters and digits belong to a word.
  private var extra = [Bool](repeating: false, count: 128)

  /// Creates a pattern.
  ///
  /// - Parameter extraCharacters: ASCII punctuation that counts as part of a word; others are ignored.
  init(extraCharacters: String = Self.defaultExtraCharacters) {
    for byte in extraCharacters.utf8 where byte < 0x80 { extra[Int(byte)] = true }
  }

  /// Where the word that ends at `end` starts.
  ///
  /// - Complexity: O(*w*) in the word's length (bounded by ``maxBytes``).
  func wordStart(in bytes: [UInt8], before end: Int) -> Int {
    var start = end
    let floor = max(0, end - Self.maxBytes)
    while start > floor {
      // Step back over one scalar: continuation bytes, then its lead byte.
      var lead = start - 1
      while lead > floor && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
      guard isWordScalar(bytes[lead..<start]) else { break }
      start = lead
    }
    if start > 0 && bytes[start - 1] == UInt8(ascii: "#") { start -= 1 }
    return start
  }

  private func isWordScalar(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let first = bytes.first else { return false }
    if first < 0x80 {
      switch first {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
      default:
        return extra[Int(first)]
      }
    }
    guard let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first else { return false }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: return true
    default: return properties.isAlphabetic
    }
  }
}
