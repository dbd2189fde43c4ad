/// Finds extended grapheme cluster boundaries (UAX #29, as Swift's `Character` does) one scalar at a time.
///
/// Folding keeps a combining sequence, an emoji ZWJ sequence, a flag, a Hangul syllable or an Indic conjunct
/// together so that a highlight never splits a user-perceived character. The rules are GB3–GB13 and GB999; the
/// per-scalar facts come from ``FoldTable``, which was generated from Swift's own grapheme breaking.
struct GraphemeBreaker: Sendable {
  /// The break category of the previous scalar; `control` before the first one (a break is always taken there).
  private var previous: GraphemeBreak = .control
  /// GB11: 1 after `ExtPict Extend*`, 2 after `ExtPict Extend* ZWJ`, else 0.
  private var emojiState: UInt8 = 0
  /// GB9c: 1 after `Consonant [Extend Linker]*` with no linker yet, 2 once a linker was seen, else 0.
  private var conjunctState: UInt8 = 0
  /// GB12/GB13: whether an odd number of regional indicators precedes.
  private var oddRegionalIndicators = false

  /// Takes the next scalar and tells whether it continues the current cluster.
  ///
  /// - Parameter entry: The scalar's fold table entry.
  /// - Returns: `true` when there is no boundary before the scalar.
  @inline(__always)
  mutating func continuesCluster(_ entry: FoldEntry) -> Bool {
    let next = entry.graphemeBreak
    // Most scalars (letters, ideographs, symbols) are Any with no emoji or conjunct role: only a Prepend
    // character before them keeps them in its cluster, and they reset every sequence rule.
    if next == .other && entry.rawValue & (FoldEntry.extendedPictographicBit | FoldEntry.conjunctConsonantBit) == 0 {
      return continuesClusterWithPlainScalar()
    }
    let joins: Bool
    switch (previous, next) {
    case (.carriageReturn, .lineFeed): joins = true
    case (.control, _), (.carriageReturn, _), (.lineFeed, _): joins = false
    case (_, .control), (_, .carriageReturn), (_, .lineFeed): joins = false
    case (.hangulL, .hangulL), (.hangulL, .hangulV), (.hangulL, .hangulLV), (.hangulL, .hangulLVT): joins = true
    case (.hangulLV, .hangulV), (.hangulLV, .hangulT), (.hangulV, .hangulV), (.hangulV, .hangulT): joins = true
    case (.hangulLVT, .hangulT), (.hangulT, .hangulT): joins = true
    case (_, .extend), (_, .zeroWidthJoiner), (_, .spacingMark), (.prepend, _): joins = true
    case (.regionalIndicator, .regionalIndicator): joins = oddRegionalIndicators
    default:
      joins = (conjunctState == 2 && entry.isConjunctConsonant) || (emojiState == 2 && entry.isExtendedPictographic)
    }

    if entry.isExtendedPictographic {
      emojiState = 1
    } else if emojiState == 1 && next == .extend {
      emojiState = 1
    } else if emojiState == 1 && next == .zeroWidthJoiner {
      emojiState = 2
    } else {
      emojiState = 0
    }
    if entry.isConjunctConsonant {
      conjunctState = 1
    } else if conjunctState != 0 && entry.isConjunctLinker {
      conjunctState = 2
    } else if conjunctState == 0 || !entry.isConjunctExtend {
      conjunctState = 0
    }
    oddRegionalIndicators = next == .regionalIndicator && !(previous == .regionalIndicator && oddRegionalIndicators)
    previous = next
    return joins
  }

  /// Takes a plain scalar (``FoldEntry/isPlain``): only a Prepend character before it keeps it in its cluster, and
  /// it resets every sequence rule.
  ///
  /// - Returns: `true` when there is no boundary before the scalar.
  @inline(__always)
  mutating func continuesClusterWithPlainScalar() -> Bool {
    let joins = previous == .prepend
    previous = .other
    emojiState = 0
    conjunctState = 0
    oddRegionalIndicators = false
    return joins
  }

  /// Whether an ASCII byte that is not a control would continue the current cluster: after a Prepend character
  /// (GB9b). (A line feed after a carriage return, GB3, is the folder's own check inside an ASCII run.)
  var joinsNextASCII: Bool { previous == .prepend }

  /// Takes an ASCII byte: the state after it is the same whatever came before.
  ///
  /// - Parameter byte: The last ASCII byte of a run.
  @inline(__always)
  mutating func accept(ascii byte: UInt8) {
    previous =
      byte >= 0x20 && byte != 0x7F ? .other : byte == 0x0D ? .carriageReturn : byte == 0x0A ? .lineFeed : .control
    emojiState = 0
    conjunctState = 0
    oddRegionalIndicators = false
  }
}
