/// A 32-bit summary of which letters occur in folded text: a cheap filter before any matching.
///
/// Bits 0–25 are `a`–`z`, bit 26 any digit, bit 27 any non-ASCII character, bit 28 any other ASCII byte
/// (separators excepted). If `query & ~candidate != 0`, the candidate lacks a letter the query needs.
enum LetterMask {
  /// The bit of one folded byte (0 for separators and UTF-8 continuation bytes).
  @inline(__always) static func bit(_ byte: UInt8) -> UInt32 {
    switch byte {
    case 0x61...0x7A: return 1 << UInt32(byte &- 0x61)
    case 0x30...0x39: return 1 << 26
    case 0x20: return 0
    case 0x80...0xBF: return 0
    case 0xC0...: return 1 << 27
    default: return 1 << 28
    }
  }

  /// The mask of a run of folded bytes.
  static func of<C: Sequence>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var mask: UInt32 = 0
    for byte in bytes { mask |= bit(byte) }
    return mask
  }
}
