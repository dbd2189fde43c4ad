import Foundation
import Testing

@testable import SuggestEngine

/// What ``TextFolder`` folds text to: case, diacritics, width, separators, and the scripts it must not damage.
@Suite struct FoldingTests {
  /// An original text and the folded text it must give.
  struct Case: CustomTestStringConvertible, Sendable {
    var text: String
    var folded: String
    var testDescription: String { "\(text.debugDescription) → \(folded.debugDescription)" }

    init(_ text: String, _ folded: String) {
      self.text = text
      self.folded = folded
    }
  }

  static let caseFolding: [Case] = [
    Case("MacBook Pro", "macbook pro"),
    Case("Straße", "strasse"),
    Case("STRASSE", "strasse"),
    Case("ẞ", "ss"),
    Case("İstanbul", "istanbul"),
    Case("ıstanbul", "istanbul"),
    Case("ISTANBUL", "istanbul"),
    Case("ΣΊΣΥΦΟΣ", "σισυφοσ"),
    Case("σίσυφος", "σισυφοσ"),
    Case("Ελλάδα", "ελλαδα"),
    Case("ΐ", "ι"),
    Case("ᾼ ᾳ", "α α"),
    Case("МОСКВА", "москва"),
    Case("Ёлка", "елка"),
    Case("ԱՐՄԵՆԻԱ", "արմենիա"),
    Case("ᲐᲑᲒ", "აბგ"),
    Case("ᏣᎳᎩ", "ꮳꮃꭹ"),
    Case("ꮳꮃꭹ", "ꮳꮃꭹ"),
    Case("𐐀𐐁", "𐐨𐐩"),
    Case("ﬁle ﬂow", "file flow"),
    Case("ǄEMAL ǅemal", "ǆemal ǆemal"),
    Case("Ⅻ", "ⅻ"),
  ]

  static let diacritics: [Case] = [
    Case("Pokémon", "pokemon"),
    Case("Poke\u{301}mon", "pokemon"),
    Case("Crème Brûlée", "creme brulee"),
    Case("Ångström", "angstrom"),
    Case("A\u{30A}ngstro\u{308}m", "angstrom"),
    Case("\u{212B}ngström", "angstrom"),
    Case("naïve", "naive"),
    Case("Ñandú", "nandu"),
    Case("Tiếng Việt", "tieng viet"),
    Case("Đà Nẵng", "da nang"),
    Case("Łódź", "lodz"),
    Case("Øresund", "oresund"),
    Case("Æsir Œuvre", "aesir oeuvre"),
    Case("ø đ ð ł ŀ ħ ŧ ı ȷ æ œ þ ĳ", "o d d l l h t i j ae oe th ij"),
    Case("ƀ ɨ ƶ ɓ", "b i z b"),
    Case("Йога", "иога"),
    Case("e\u{301}\u{323}", "e"),
    Case("ẹ́", "e"),
    Case("שָׁלוֹם", "שלום"),
    Case("كَتَبَ", "كتب"),
  ]

  static let keptScripts: [Case] = [
    Case("ガ", "ガ"),
    Case("カ\u{3099}", "ガ"),
    Case("パン", "パン"),
    Case("ハ\u{309A}ン", "パン"),
    Case("한국어", "한국어"),
    Case("\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", "한국"),
    Case("नमस्ते", "नमस्ते"),
    Case("क्षत्रिय", "क्षत्रिय"),
    Case("\u{958}", "\u{915}\u{93C}"),
    Case("ภาษาไทย", "ภาษาไทย"),
    Case("กำ", "กำ"),
    Case("\u{995}\u{9CB}", "\u{995}\u{9CB}"),
    Case("\u{995}\u{9C7}\u{9BE}", "\u{995}\u{9CB}"),
    Case("日本語 中文", "日本語 中文"),
    Case("\u{F900}", "\u{8C48}"),
  ]

  static let width: [Case] = [
    Case("ＡＢＣ", "abc"),
    Case("ａｂｃ", "abc"),
    Case("１２３", "123"),
    Case("！？＃", "!?#"),
    Case("ﾃｽﾄ", "テスト"),
    Case("ﾃﾞｰﾀ", "データ"),
    Case("ﾊﾟﾝ", "パン"),
    Case("ｳﾞ", "ヴ"),
    Case("ｶﾞｷﾞｸﾞ", "ガギグ"),
    Case("ﾞ", "\u{3099}"),
    Case("ｱｲｳ｡", "アイウ。"),
    Case("ﾍﾟﾝ－ﾎﾞｰﾙ", "ペン ボール"),
  ]

  static let separatorsAndOthers: [Case] = [
    Case("a-b_c.d e\tf\ng", "a b c d e f g"),
    Case("a--b", "a  b"),
    Case("a\u{3000}b", "a b"),
    Case("a\u{A0}b\u{2009}c\u{202F}d", "a b c d"),
    Case("ａ－ｂ＿ｃ．ｄ", "a b c d"),
    Case("ex\u{AD}ample", "example"),
    Case("\u{FEFF}abc", "abc"),
    Case("a\u{200B}b\u{2060}c", "abc"),
    Case("C++ & C# (beta)!", "c++ & c# (beta)!"),
    Case("@types/node", "@types/node"),
    Case("≠ ≤", "≠ ≤"),
    Case("=\u{338}", "≠"),
    Case("²³ ① ㎏", "²³ ① ㎏"),
    Case("👨‍👩‍👧 Family", "👨‍👩‍👧 family"),
    Case("🇫🇷🇩🇪", "🇫🇷🇩🇪"),
    Case("❤️ 👍🏽 1️⃣", "❤️ 👍🏽 1️⃣"),
    Case("🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"),
    Case("Pokémon ポケモン 포켓몬 Покемон", "pokemon ポケモン 포켓몬 покемон"),
    Case("", ""),
  ]

  @Test("case folds fully, locale-independently", arguments: caseFolding)
  func foldsCase(_ example: Case) {
    #expect(TextFolder.folded(example.text) == example.folded)
  }

  @Test("diacritics go, from precomposed and decomposed letters alike", arguments: diacritics)
  func dropsDiacritics(_ example: Case) {
    #expect(TextFolder.folded(example.text) == example.folded)
  }

  @Test("Hangul, kana voicing, Indic and Thai signs and ideographs are kept", arguments: keptScripts)
  func keepsScripts(_ example: Case) {
    #expect(TextFolder.folded(example.text) == example.folded)
  }

  @Test("fullwidth and halfwidth forms fold like NFKC", arguments: width)
  func foldsWidth(_ example: Case) {
    #expect(TextFolder.folded(example.text) == example.folded)
  }

  @Test("separators unify, invisible format characters go, symbols and emoji stay", arguments: separatorsAndOthers)
  func unifiesSeparators(_ example: Case) {
    #expect(TextFolder.folded(example.text) == example.folded)
  }

  @Test(
    "fold, append and folded agree",
    arguments: caseFolding + diacritics + keptScripts + width + separatorsAndOthers
  )
  func entryPointsAgree(_ example: Case) {
    let folded = TextFolder.fold(example.text)
    var bytes: [UInt8] = []
    var flags: [UInt8] = []
    TextFolder.append(folding: example.text, to: &bytes, flags: &flags)
    #expect(folded.bytes == bytes)
    #expect(folded.flags == flags)
    #expect(String(decoding: folded.bytes, as: UTF8.self) == TextFolder.folded(example.text))
    #expect(folded.flags.count == folded.bytes.count)
    #expect(folded.sourceUTF8Offsets.count == folded.bytes.count + 1)
  }

  @Test("appending to non-empty storage leaves what is there and adds the same bytes and flags")
  func appendsAfterExistingContent() {
    var bytes: [UInt8] = []
    var flags: [UInt8] = []
    let texts = ["HTTPServer", "Crème Brûlée", "ﾃﾞｰﾀ", "ABCdef", "👨‍👩‍👧"]
    for text in texts {
      let before = (bytes, flags)
      TextFolder.append(folding: text, to: &bytes, flags: &flags)
      let alone = TextFolder.fold(text)
      #expect(Array(bytes.prefix(before.0.count)) == before.0)
      #expect(Array(flags.prefix(before.1.count)) == before.1)
      #expect(Array(bytes.dropFirst(before.0.count)) == alone.bytes)
      #expect(Array(flags.dropFirst(before.1.count)) == alone.flags)
    }
  }

  @Test("NFC and NFD of the same words fold to the same bytes")
  func normalizationFormsFoldAlike() {
    let words = [
      "Pokémon", "Crème Brûlée", "Ångström", "Tiếng Việt", "Ελλάδα", "ΐ", "Йога", "ガギグゲゴ パピプペポ", "한국어 문자",
      "\u{995}\u{9CB}", "ﬁ", "İ", "Ǆ", "≠", "ḉ", "ǖ", "ṩ", "शक्ति", "ஓ", "ൊ", "ෞ",
    ]
    for word in words {
      let composed = TextFolder.fold(word.precomposedStringWithCanonicalMapping).bytes
      let decomposed = TextFolder.fold(word.decomposedStringWithCanonicalMapping).bytes
      #expect(composed == decomposed, "\(word)")
    }
  }

  @Test("folding folded text gives the same bytes")
  func idempotent() {
    let all = Self.caseFolding + Self.diacritics + Self.keptScripts + Self.width + Self.separatorsAndOthers
    for example in all {
      let once = TextFolder.folded(example.text)
      #expect(TextFolder.folded(once) == once, "\(example.text)")
    }
  }
}
