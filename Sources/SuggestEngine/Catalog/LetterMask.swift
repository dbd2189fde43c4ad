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

  /// Bit *i* in lane *i*: the lanes' bits, summed, give a bitmap of the lanes.
  private static let laneBits = SIMD16<UInt32>((0..<16).map { UInt32(1) << UInt32($0) })

  /// Which of 64 consecutive masks contain every letter of `needed`: bit *i* is set when `masks[i]` does.
  ///
  /// The scan's first filter, 64 items at a time (vector compares), so that the items a query's letters rule out
  /// cost no per-item work at all.
  ///
  /// - Precondition: `masks` points at 64 readable masks.
  @inline(__always) static func containing(_ needed: UInt32, in masks: UnsafePointer<UInt32>) -> UInt64 {
    let needs = SIMD16<UInt32>(repeating: needed)
    let zero = SIMD16<UInt32>(repeating: 0)
    let raw = UnsafeRawPointer(masks)
    var result: UInt64 = 0
    for block in 0..<4 {
      let sixteen = raw.loadUnaligned(fromByteOffset: block * 64, as: SIMD16<UInt32>.self)
      let hits = zero.replacing(with: laneBits, where: (sixteen & needs) .== needs)
      result |= UInt64(hits.wrappedSum()) << UInt64(block * 16)
    }
    return result
  }

  /// Bits 0–25: the letters `a`–`z`.
  static let letters: UInt32 = (1 << 26) - 1

  /// The mask and the repeated letters of a run of folded bytes, added byte by byte (one pass for both).
  struct Accumulator {
    /// The mask of the bytes added.
    private(set) var mask: UInt32 = 0
    /// The letters `a`–`z` among them at least twice: a query word with a letter twice ("goog", "test", "data")
    /// matches, as a subsequence, only titles that have it twice, which this rules out before any title is read.
    private(set) var repeats: UInt32 = 0

    /// Adds one folded byte.
    @inline(__always) mutating func add(_ byte: UInt8) {
      let bit = LetterMask.bit(byte)
      repeats |= mask & bit & LetterMask.letters
      mask |= bit
    }
  }

  /// The letters `a`–`z` that occur at least twice in a run of folded bytes (``Accumulator/repeats``).
  static func repeats<C: Sequence>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var accumulator = Accumulator()
    for byte in bytes { accumulator.add(byte) }
    return accumulator.repeats
  }

  /// The mask of a run of folded bytes.
  static func of<C: Sequence>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var mask: UInt32 = 0
    for byte in bytes { mask |= bit(byte) }
    return mask
  }
}
