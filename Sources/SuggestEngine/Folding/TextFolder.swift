/// Folds text for matching: case, diacritics and width are removed, separators are unified.
///
/// Folding is what makes "pokemon" find "Pokémon", "strasse" find "Straße" and "abc" find "ＡＢＣ". It runs once per
/// catalog field at load (``append(folding:to:flags:)``) and once per query and highlighted result
/// (``fold(_:)``). Both give the same bytes and flags for the same text.
///
/// ## What folds
/// - **Case**: full, locale-independent case folding. ASCII lower-cases; "ß" and "ẞ" → "ss", "ς" and "Σ" → "σ",
///   ligatures "ﬁ" → "fi", Greek, Cyrillic, Armenian, Georgian, Cherokee (to its lower-case letters), Deseret...
///   "İ" → "i" (its dot is a diacritic) and the Turkish dotless "ı" → "i", so "istanbul" finds both spellings.
/// - **Diacritics**: a letter is canonically decomposed and its diacritics (U+0300–036F, 1AB0–1AFF, 1DC0–1DFF,
///   FE20–FE2F, Cyrillic titlo U+0483–0489, Hebrew points, Arabic harakat and Quranic marks) are dropped, so
///   "Crème Brûlée" → "creme brulee", "Ångström" → "angstrom", "ά" → "α", "ё" → "е", "й" → "и". A precomposed
///   letter and the same letter written as base + combining marks (NFC and NFD) fold to the same bytes. A diacritic
///   after a symbol is kept ("≠" stays "≠"). Letters users expect folded though Unicode does not decompose them:
///   "ø" → "o", "đ"/"ð" → "d", "ł"/"ŀ" → "l", "ħ" → "h", "ŧ" → "t", "ı" → "i", "æ" → "ae", "œ" → "oe",
///   "þ" → "th", "ĳ" → "ij", and every other Latin letter named "… letter X with stroke/bar/hook/…" → "x".
///   Canonical singletons fold to what they stand for: CJK compatibility ideographs ("豈" U+F900 → U+8C48), the
///   ohm, Kelvin and angstrom signs.
/// - **Scripts whose marks are part of the letter are kept**: Hangul syllables stay syllables (conjoining jamo
///   compose to them), voiced kana stay voiced ("ガ" stays "ガ"; "カ" + U+3099 composes to "ガ"), and Indic,
///   Thai, Tibetan... vowel signs and viramas are kept (two-part vowels compose as in NFC).
/// - **Width**: the fullwidth and halfwidth forms (U+FF00–FFEF) fold as NFKC does: "ＡＢＣ" → "abc",
///   "１２３" → "123", "！" → "!", halfwidth "ﾃｽﾄ" → "テスト", and a halfwidth voiced mark composes: "ﾃﾞ" → "デ".
///   Other compatibility characters (superscripts, circled letters, "㎏") are kept.
/// - **Separators**: `-`, `_`, `.` and all Unicode whitespace (tab, no-break space, ideographic space U+3000...),
///   and their fullwidth forms, fold to ``separator``, one byte per original separator (never collapsed).
/// - **Dropped**: invisible format characters (soft hyphen, zero-width space, word joiner, byte-order mark, bidi
///   controls), as if they were not there: "ex\u{AD}ample" → "example", and a mark after one still belongs to the
///   character before it ("e\u{AD}\u{301}" → "e").
/// - **Kept as is**: other punctuation, symbols and emoji, with their variation selectors, skin tones, ZWJs and tag
///   characters, so an emoji sequence keeps all its bytes.
///
/// ## Flags
/// Every folded byte gets ``FoldFlags``: ``FoldFlags/separator`` on separator bytes, ``FoldFlags/continuation`` on
/// UTF-8 continuation bytes, and ``FoldFlags/wordStart`` on the first byte of a character that starts a word, seen
/// in the original text: the first character that is not a separator, any character after a separator, an
/// upper-case letter after a lower-case letter or digit ("MacBook" → m, b; "iPhone" → i, p), the last capital
/// before a lower-case run ("HTTPServer" → h, s), a letter↔digit change ("psycopg2" → 2; "mp3player" → 3, p), a
/// change between letters and punctuation or symbols ("@types/node" → @, t, /, n; a run of symbols is one word),
/// a change between cased and uncased letters, and every ideograph, kana or Hangul character (CJK has no spaces).
/// A separator never starts a word. A combining mark, a joined emoji or a Hangul jamo that is part of the
/// character before it never starts one.
///
/// ## Offsets
/// ``fold(_:)`` maps each folded byte to the UTF-8 offset where its character starts in the original: a whole
/// extended grapheme cluster, as Swift's `Character` sees it (a letter with its combining marks, an emoji ZWJ
/// sequence, a flag, a conjunct), so ``FoldedText/originalUTF8Range(_:)`` never splits what the user sees as one
/// character: "ss" in "straße" maps to "ß", and a match on the "e" of "e\u{301}" covers both scalars. A dropped
/// format character belongs to the character before it (so "x" in "x\u{AD}y" covers the soft hyphen too).
///
/// ## Idempotence
/// Folding folded text gives the same bytes: every folded form is its own fold. (Flags may differ: "MacBook" has a
/// hump, its fold "macbook" has none.) Limit: kept combining marks are not reordered canonically, so marks typed in
/// an order that is neither NFC nor NFD (rare: it takes two kept marks of different combining classes on one
/// letter) fold differently from the canonical order.
public enum TextFolder {
  /// The byte every separator (`-`, `_`, `.`, whitespace) folds to.
  public static let separator: UInt8 = 0x20

  /// Builds the fold table now, which the first fold of the process otherwise does (a few milliseconds, once): a
  /// daemon does it while its catalogs load from their snapshots, which fold nothing, so that its first search does
  /// not wait for it.
  public static func loadTable() {
    _ = FoldTable.shared
  }

  /// Appends the folded UTF-8 of `text` to `bytes`, and one flag byte per folded byte to `flags`.
  ///
  /// This is the load-time fast path: no allocation beyond the growth of `bytes` and `flags`; ASCII goes through
  /// a 128-entry table.
  ///
  /// - Parameters:
  ///   - text: The original text.
  ///   - bytes: Receives the folded UTF-8.
  ///   - flags: Receives one ``FoldFlags`` raw value per appended byte.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public static func append(folding text: String, to bytes: inout [UInt8], flags: inout [UInt8]) {
    let table = FoldTable.shared
    withUTF8(of: text) { utf8 in
      FoldWriter.append(utf8, table: table, bytes: &bytes, flags: &flags)
    }
  }

  /// Folds `text` and returns the folded bytes with their flags and the map back to the original.
  ///
  /// - Parameter text: The original text.
  /// - Returns: The folded text with a map from folded bytes to original UTF-8 offsets.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public static func fold(_ text: String) -> FoldedText {
    let table = FoldTable.shared
    return withUTF8(of: text) { utf8 in FoldWriter.fold(utf8, table: table) }
  }

  /// The folded form of `text` as a string, for keys that compare texts the way matching does (recents
  /// deduplication, tests).
  ///
  /// - Parameter text: The original text.
  /// - Returns: The folded text.
  /// - Complexity: O(*n*) in the UTF-8 length of `text`.
  public static func folded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var flags: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    flags.reserveCapacity(text.utf8.count)
    append(folding: text, to: &bytes, flags: &flags)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Calls `body` with the contiguous UTF-8 of `text` (native strings already are; others are copied once).
  private static func withUTF8<Result>(
    of text: String,
    _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }
}
