/// How a character takes part in word boundaries (``FoldFlags/wordStart``) and folding.
enum WordClass: UInt8, Sendable, CaseIterable {
  /// Punctuation, symbols, emoji, controls, unassigned: kept as is; a run of them is one word.
  case other = 0
  /// `-`, `_`, `.` and Unicode whitespace: folds to ``TextFolder/separator``.
  case separator = 1
  /// A lower-case letter (Ll).
  case lower = 2
  /// An upper-case or title-case letter (Lu, Lt).
  case upper = 3
  /// A letter without case (Lo, Lm outside CJK: Arabic, Hebrew, Devanagari, Thai...).
  case letter = 4
  /// A decimal digit (Nd).
  case digit = 5
  /// A Han ideograph, kana or Hangul letter: every one starts a word.
  case ideograph = 6
  /// A diacritic (U+0300–036F, 1AB0–1AFF, 1DC0–1DFF, FE20–FE2F, Cyrillic titlo, Hebrew points, Arabic
  /// harakat): dropped after a letter or digit, kept after anything else.
  case diacritic = 7
  /// Any other combining mark (Indic and Thai vowel signs, kana voicing marks, variation selectors, keycap...):
  /// kept, part of the character before it.
  case mark = 8
  /// An invisible format character (soft hyphen, zero-width space, byte-order mark, bidi controls): dropped.
  case ignorable = 9

  /// Whether `next` starts a word when it follows `previous`; both are classes of whole characters (grapheme
  /// clusters), where a cluster that starts with a mark counts as ``other``.
  static func startsWord(after previous: WordClass, at next: WordClass) -> Bool {
    switch (previous, next) {
    case (_, .separator): return false
    case (.separator, _), (_, .ideograph), (.ideograph, _): return true
    case (_, .digit): return previous != .digit
    case (_, .lower): return previous == .other || previous == .letter || previous == .digit
    case (_, .upper): return previous != .upper
    case (_, .letter): return previous != .letter
    default: return previous != .other
    }
  }

  /// Whether `byte` is an ASCII punctuation character or symbol (`@`, `/`, `+`, `#`, `(`...): a word of its own in
  /// a title (``FoldFlags/wordStart``), but a minor one for acronyms, which pass over it (`bcf` → @babel/code-frame).
  @inline(__always) static func isASCIISymbol(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
    default: return false
    }
  }

  /// Whether a diacritic after a character of this class is dropped (letters, digits, ideographs); after anything
  /// else (a symbol, a separator) it is kept, so "≠" (= + U+0338) stays "≠".
  var dropsDiacritics: Bool {
    switch self {
    case .lower, .upper, .letter, .digit, .ideograph: return true
    default: return false
    }
  }
}
