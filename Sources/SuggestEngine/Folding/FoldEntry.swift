/// What the fold table knows about one Unicode scalar: its word class, its grapheme-break facts and whether it
/// folds to something else.
///
/// The low 16 bits are the scalar's properties (the same bits the generated table text spells in hex); bits 16–30
/// are an index into ``FoldTable``'s mappings (0 means the scalar folds to itself); bit 31 says the scalar is
/// ``isPlain``, derived from the others when the table is built.
struct FoldEntry: Hashable, Sendable {
  /// The packed bits.
  var rawValue: UInt32

  /// Creates an entry from packed bits.
  init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// Creates an entry from its property bits and mapping index (at most 0x7FFF), working out ``isPlain``.
  init(properties: UInt16, mapping: UInt16) {
    self.rawValue = UInt32(properties) | UInt32(mapping & 0x7FFF) << 16
    switch wordClass {
    case .separator, .diacritic, .mark, .ignorable: return
    case .other, .lower, .upper, .letter, .digit, .ideograph: break
    }
    if graphemeBreak == .other
      && rawValue & (Self.extendedPictographicBit | Self.conjunctConsonantBit | Self.composesBit) == 0
    {
      rawValue |= Self.plainBit
    }
  }

  /// The property bits (low 16 bits).
  var properties: UInt16 { UInt16(truncatingIfNeeded: rawValue) }
  /// The word class of the scalar in the original text.
  var wordClass: WordClass { WordClass(rawValue: UInt8(truncatingIfNeeded: rawValue) & 0x0F) ?? .other }
  /// The scalar's Grapheme_Cluster_Break category.
  var graphemeBreak: GraphemeBreak {
    GraphemeBreak(rawValue: UInt8(truncatingIfNeeded: rawValue >> 4) & 0x0F) ?? .other
  }
  /// Extended_Pictographic (emoji and pictographs that join in ZWJ sequences).
  var isExtendedPictographic: Bool { rawValue & Self.extendedPictographicBit != 0 }
  /// Indic_Conjunct_Break = Consonant.
  var isConjunctConsonant: Bool { rawValue & Self.conjunctConsonantBit != 0 }
  /// Indic_Conjunct_Break = Linker (a virama that joins consonants into one grapheme).
  var isConjunctLinker: Bool { rawValue & Self.conjunctLinkerBit != 0 }
  /// Indic_Conjunct_Break = Extend.
  var isConjunctExtend: Bool { rawValue & Self.conjunctExtendBit != 0 }
  /// The scalar is the second half of a canonical composition whose result folds to itself (kana voicing marks,
  /// Indic two-part vowels...): it may compose with the scalar written before it.
  var composesWithPrevious: Bool { rawValue & Self.composesBit != 0 }
  /// The index of the scalar's folded form in ``FoldTable``'s mappings; 0 when it folds to itself.
  var mappingIndex: Int { Int(truncatingIfNeeded: rawValue >> 16 & 0x7FFF) }
  /// A plain character (most letters, ideographs and symbols): it starts a cluster of its own unless a Prepend
  /// character comes before it, has no emoji or conjunct role, does not compose, and is not a separator, mark or
  /// ignorable. The folder takes a short path for these.
  var isPlain: Bool { rawValue & Self.plainBit != 0 }

  /// Bit of ``isExtendedPictographic``.
  static let extendedPictographicBit: UInt32 = 1 << 8
  /// Bit of ``isConjunctConsonant``.
  static let conjunctConsonantBit: UInt32 = 1 << 9
  /// Bit of ``isConjunctLinker``.
  static let conjunctLinkerBit: UInt32 = 1 << 10
  /// Bit of ``isConjunctExtend``.
  static let conjunctExtendBit: UInt32 = 1 << 11
  /// Bit of ``composesWithPrevious``.
  static let composesBit: UInt32 = 1 << 12
  /// Bit of ``isPlain``.
  static let plainBit: UInt32 = 1 << 31

  /// Packs property bits.
  static func properties(
    wordClass: WordClass,
    graphemeBreak: GraphemeBreak,
    isExtendedPictographic: Bool = false,
    isConjunctConsonant: Bool = false,
    isConjunctLinker: Bool = false,
    isConjunctExtend: Bool = false,
    composesWithPrevious: Bool = false
  ) -> UInt16 {
    var bits = UInt32(wordClass.rawValue) | UInt32(graphemeBreak.rawValue) << 4
    if isExtendedPictographic { bits |= extendedPictographicBit }
    if isConjunctConsonant { bits |= conjunctConsonantBit }
    if isConjunctLinker { bits |= conjunctLinkerBit }
    if isConjunctExtend { bits |= conjunctExtendBit }
    if composesWithPrevious { bits |= composesBit }
    return UInt16(truncatingIfNeeded: bits)
  }
}
