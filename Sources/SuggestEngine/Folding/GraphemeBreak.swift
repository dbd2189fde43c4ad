/// The Grapheme_Cluster_Break categories (UAX #29) the cluster rules need.
enum GraphemeBreak: UInt8, Sendable, CaseIterable {
  /// Any.
  case other = 0
  /// Control (C0/C1 controls, line/paragraph separators, most format characters).
  case control = 1
  /// U+000D.
  case carriageReturn = 2
  /// U+000A.
  case lineFeed = 3
  /// Extend (combining marks, variation selectors, emoji modifiers, tags).
  case extend = 4
  /// U+200D ZERO WIDTH JOINER.
  case zeroWidthJoiner = 5
  /// SpacingMark.
  case spacingMark = 6
  /// Prepend.
  case prepend = 7
  /// Regional_Indicator (flag halves).
  case regionalIndicator = 8
  /// Hangul leading consonant jamo.
  case hangulL = 9
  /// Hangul vowel jamo.
  case hangulV = 10
  /// Hangul trailing consonant jamo.
  case hangulT = 11
  /// Hangul LV syllable.
  case hangulLV = 12
  /// Hangul LVT syllable.
  case hangulLVT = 13
}
