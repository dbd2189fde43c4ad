import Foundation

@testable import SuggestEngine

/// The slow, obviously-correct definition of the fold table, computed from the toolchain's Unicode data: the
/// standard library's scalar properties and grapheme breaking, and Foundation's normalization forms.
///
/// `FoldingTableTests` checks that the shipped `FoldTable+Generated.swift` equals what this computes, and rewrites
/// it when `SUGGEST_WRITE_FOLD_TABLE=1` is set.
enum FoldingTableReference {
  /// What the table holds for one scalar.
  struct Row: Equatable {
    /// The ``FoldEntry`` property bits.
    var properties: UInt16
    /// What the scalar folds to; `nil` when it folds to itself (or is a separator, which always folds to 0x20).
    var mapping: [Unicode.Scalar]?
  }

  /// A canonical composition the folder performs at run time.
  struct Composition: Equatable {
    var first: UInt32
    var second: UInt32
    var composite: UInt32
  }

  // MARK: - The folding rules

  /// Diacritics: dropped after a letter or digit.
  static func isDiacritic(_ scalar: Unicode.Scalar) -> Bool {
    let category = scalar.properties.generalCategory
    guard category == .nonspacingMark || category == .enclosingMark else { return false }
    switch scalar.value {
    case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0xFE20...0xFE2F: return true  // combining diacritics
    case 0x0483...0x0489: return true  // Cyrillic titlo and friends
    case 0x0591...0x05C7: return true  // Hebrew cantillation and points
    case 0x0610...0x061A, 0x064B...0x065F, 0x0670, 0x06D6...0x06ED: return true  // Arabic harakat, Quranic marks
    default: return false
    }
  }

  /// Invisible format characters that folding drops.
  static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD, 0x061C, 0x180E, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF:
      return true
    default: return false
    }
  }

  /// Han, kana, Hangul and Bopomofo letters: each one is a word.
  static func isIdeographLike(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .otherLetter, .modifierLetter, .letterNumber: break
    default: return false
    }
    if scalar.properties.isIdeographic { return true }
    switch scalar.value {
    case 0x1100...0x11FF, 0x3005, 0x3031...0x3035, 0x303B, 0x3040...0x30FF, 0x3100...0x318F, 0x31A0...0x31FF,
      0xA960...0xA97F, 0xAC00...0xD7FF, 0xFF65...0xFFDC, 0x1AFF0...0x1B16F:
      return true
    default: return false
    }
  }

  /// The word class of a scalar in the original text.
  static func wordClass(_ scalar: Unicode.Scalar) -> WordClass {
    if scalar.properties.isWhitespace { return .separator }
    if isIgnorable(scalar) { return .ignorable }
    if isDiacritic(scalar) { return .diacritic }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
    case .uppercaseLetter, .titlecaseLetter: return .upper
    case .lowercaseLetter: return .lower
    case .otherLetter, .modifierLetter: return isIdeographLike(scalar) ? .ideograph : .letter
    case .letterNumber: return isIdeographLike(scalar) ? .ideograph : .other
    case .decimalNumber: return .digit
    default: return .other
    }
  }

  /// Latin letters that do not decompose but that users expect folded.
  static func latinLetterFold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
    switch scalar.value {
    case 0x00E6: return ["a", "e"]  // æ
    case 0x0153: return ["o", "e"]  // œ
    case 0x00F0: return ["d"]  // ð
    case 0x00FE: return ["t", "h"]  // þ
    case 0x0131: return ["i"]  // dotless ı
    case 0x0237: return ["j"]  // dotless ȷ
    case 0x0133: return ["i", "j"]  // ĳ
    default: break
    }
    // "LATIN SMALL LETTER O WITH STROKE" → "o", for letters without a canonical decomposition.
    guard let name = scalar.properties.name, normalize([scalar], .nfd) == [scalar] else { return nil }
    for prefix in ["LATIN SMALL LETTER ", "LATIN CAPITAL LETTER "] where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard rest.count > 7, rest.dropFirst().hasPrefix(" WITH "), !rest.contains(" LETTER "),
        let letter = rest.first, letter.isASCII, letter.isLetter,
        let folded = String(letter).lowercased().unicodeScalars.first
      else { return nil }
      return [folded]
    }
    return nil
  }

  /// Kana: hiragana folds to katakana, so "たわー" finds "タワー" (the two scripts spell the same sounds, and
  /// katakana is what names use). The iteration marks follow.
  static func kanaFold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x3041...0x3096, 0x309D...0x309E: Unicode.Scalar(scalar.value + 0x60) ?? scalar
    default: scalar
    }
  }

  /// Full case folding of one scalar, context-free: lower(upper(lower(x))), which maps "ß" and "ẞ" to "ss", "ς"
  /// to "σ", "ﬁ" to "fi" and each case pair to one form. Marks are left alone.
  static func caseFold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return [scalar]
    default: break
    }
    let lower = scalar.properties.lowercaseMapping.unicodeScalars.flatMap {
      $0.properties.uppercaseMapping.unicodeScalars
    }
    return lower.flatMap { $0.properties.lowercaseMapping.unicodeScalars }
  }

  /// Drops diacritics that follow a letter, digit or ideograph.
  static func dropDiacritics(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var baseDrops = false
    for scalar in scalars {
      let wordClass = wordClass(scalar)
      if wordClass == .diacritic || wordClass == .mark {
        if wordClass == .diacritic && baseDrops { continue }
      } else {
        baseDrops = wordClass.dropsDiacritics
      }
      result.append(scalar)
    }
    return result
  }

  /// What a non-ASCII scalar folds to.
  static func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if isIgnorable(scalar) { return [] }
    switch scalar.properties.generalCategory {
    case .unassigned, .privateUse, .surrogate: return [scalar]
    default: break
    }
    if scalar.properties.isUnifiedIdeograph { return [scalar] }
    var scalars = [scalar]
    if (0xFF00...0xFFEF).contains(scalar.value) {
      let compatible = normalize(scalars, .nfkc)
      if compatible.count == 1 { scalars = compatible }
    }
    for _ in 0..<8 {
      var next = dropDiacritics(normalize(scalars, .nfd))
      next = next.flatMap(caseFold)
      next = dropDiacritics(normalize(next, .nfd))
      next = next.flatMap { latinLetterFold($0) ?? [$0] }
      next = next.map(kanaFold)
      next = normalize(next, .nfc)
      if next == scalars { break }
      scalars = next
    }
    return scalars
  }

  // MARK: - Grapheme facts, asked of Swift's own grapheme breaking

  /// Whether `scalars` form a single extended grapheme cluster. (`Unicode._CharacterRecognizer` is the state
  /// machine `String` uses to find `Character` boundaries; it is much faster than building strings.)
  private static func isOneCharacter(_ scalars: [Unicode.Scalar]) -> Bool {
    var recognizer = Unicode._CharacterRecognizer()
    for (index, scalar) in scalars.enumerated() where recognizer.hasBreak(before: scalar) && index > 0 {
      return false
    }
    return true
  }

  private static let letterA: Unicode.Scalar = "a"
  private static let emoji: Unicode.Scalar = "\u{1F600}"
  private static let joiner: Unicode.Scalar = "\u{200D}"
  private static let ka: Unicode.Scalar = "\u{0915}"
  private static let virama: Unicode.Scalar = "\u{094D}"

  /// The Grapheme_Cluster_Break category and conjunct/emoji facts of a non-ASCII scalar.
  static func graphemeProperties(
    _ scalar: Unicode.Scalar
  ) -> (GraphemeBreak, extendedPictographic: Bool, consonant: Bool, linker: Bool, conjunctExtend: Bool) {
    let value = scalar.value
    let attaches = isOneCharacter([letterA, scalar])
    let category: GraphemeBreak
    switch value {
    case 0x1F1E6...0x1F1FF: category = .regionalIndicator
    case 0x1100...0x115F, 0xA960...0xA97C: category = .hangulL
    case 0x1160...0x11A7, 0xD7B0...0xD7C6: category = .hangulV
    case 0x11A8...0x11FF, 0xD7CB...0xD7FB: category = .hangulT
    case 0xAC00...0xD7A3: category = (value - 0xAC00) % 28 == 0 ? .hangulLV : .hangulLVT
    case 0x200D: category = .zeroWidthJoiner
    default:
      if attaches {
        category = isOneCharacter([emoji, scalar, joiner, emoji]) ? .extend : .spacingMark
      } else if !isOneCharacter([scalar, "\u{0301}"]) {
        category = .control
      } else if isOneCharacter([scalar, letterA]) {
        category = .prepend
      } else {
        category = .other
      }
    }
    let pictographic = !attaches && isOneCharacter([emoji, joiner, scalar])
    let consonant = !attaches && isOneCharacter([ka, virama, scalar])
    let linker = attaches && isOneCharacter([ka, scalar, ka])
    let conjunctExtend = attaches && !linker && isOneCharacter([ka, virama, scalar, ka])
    return (category, pictographic, consonant, linker, conjunctExtend)
  }

  // MARK: - The table

  /// The compositions the folder performs: canonical compositions whose result folds to itself.
  static func compositions() -> [Composition] {
    var result: [Composition] = []
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
        !(0xAC00...0xD7A3).contains(value), !scalar.properties.isUnifiedIdeograph
      else { continue }
      let decomposed = normalize([scalar], .nfd)
      guard decomposed.count >= 2, let last = decomposed.last, fold(scalar) == [scalar] else { continue }
      let first = normalize(Array(decomposed.dropLast()), .nfc)
      guard first.count == 1, normalize([first[0], last], .nfc) == [scalar] else { continue }
      result.append(Composition(first: first[0].value, second: last.value, composite: value))
    }
    return result
  }

  /// The table row of a non-ASCII scalar.
  static func row(_ scalar: Unicode.Scalar, composingSeconds: Set<UInt32>) -> Row {
    let wordClass = wordClass(scalar)
    var mapping: [Unicode.Scalar]? = nil
    var finalClass = wordClass
    if wordClass != .separator {
      let folded = fold(scalar)
      if folded.count == 1, let only = folded.first, " \t\n\u{B}\u{C}\r-_.".unicodeScalars.contains(only) {
        finalClass = .separator
      } else if folded != [scalar] {
        mapping = folded
      }
    }
    let grapheme = graphemeProperties(scalar)
    let second = mapping.flatMap { $0.count == 1 ? $0[0].value : nil } ?? scalar.value
    let composes =
      composingSeconds.contains(second) || (0x1161...0x1175).contains(second) || (0x11A8...0x11C2).contains(second)
    let properties = FoldEntry.properties(
      wordClass: finalClass,
      graphemeBreak: grapheme.0,
      isExtendedPictographic: grapheme.extendedPictographic,
      isConjunctConsonant: grapheme.consonant,
      isConjunctLinker: grapheme.linker,
      isConjunctExtend: grapheme.conjunctExtend,
      composesWithPrevious: composes
    )
    return Row(properties: properties, mapping: mapping)
  }

  /// Every row from U+0080 to U+10FFFF (surrogates get the row of an unassigned scalar).
  static func rows(compositions: [Composition]) -> [Row] {
    let seconds = Set(compositions.map(\.second))
    let unassigned = row(Unicode.Scalar(0x10FFFF as UInt32)!, composingSeconds: seconds)
    var rows: [Row] = []
    rows.reserveCapacity(0x110000 - 0x80)
    for value in UInt32(0x80)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else {
        rows.append(Row(properties: 0, mapping: nil))
        continue
      }
      // Planes 4–13 are unassigned: their rows equal the last one's (checked in the table tests).
      if (0x40000...0xDFFFF).contains(value) && scalar.properties.generalCategory == .unassigned {
        rows.append(unassigned)
        continue
      }
      rows.append(row(scalar, composingSeconds: seconds))
    }
    return rows
  }

  /// The Swift source of `FoldTable+Generated.swift`.
  static func generatedSource(rows: [Row], compositions: [Composition]) -> String {
    func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
    var lines: [String] = []
    var index = 0
    while index < rows.count {
      let row = rows[index]
      let start = UInt32(index + 0x80)
      var end = index
      if row.mapping == nil {
        while end + 1 < rows.count && rows[end + 1] == row { end += 1 }
      }
      var line = end == index ? hex(start) : "\(hex(start))-\(hex(UInt32(end + 0x80)))"
      line += " \(hex(UInt32(row.properties)))"
      if let mapping = row.mapping { line += ":" + mapping.map { hex($0.value) }.joined(separator: ".") }
      lines.append(line)
      index = end + 1
    }
    for composition in compositions {
      lines.append("+\(hex(composition.first)).\(hex(composition.second)):\(hex(composition.composite))")
    }
    return """
      // Generated by Tests/SuggestEngineTests/FoldingTableReference.swift: do not edit. Regenerate with
      // SUGGEST_WRITE_FOLD_TABLE=1 swift test --filter FoldingTableTests

      extension FoldTable {
        /// Every non-ASCII scalar's fold table row, then the compositions (format: ``FoldTable/init(generated:)``).
        static let generatedData = \"\"\"
      \(lines.map { "    " + $0 }.joined(separator: "\n"))
          \"\"\"
      }

      """
  }

  // MARK: - Normalization

  enum Form { case nfd, nfc, nfkc }

  static func normalize(_ scalars: [Unicode.Scalar], _ form: Form) -> [Unicode.Scalar] {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars)
    let string = String(view)
    let normalized: String
    switch form {
    case .nfd: normalized = string.decomposedStringWithCanonicalMapping
    // The standard library's NFC: Foundation's (swift-corelibs, Linux) composes U+E0067 + U+0301 into U+01F5, as
    // if it only looked at the low 16 bits of a supplementary starter.
    case .nfc: normalized = String(decoding: string._nfcCodeUnits, as: UTF8.self)
    case .nfkc: normalized = string.precomposedStringWithCompatibilityMapping
    }
    return Array(normalized.unicodeScalars)
  }
}
