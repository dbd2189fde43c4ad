import Testing

@testable import SuggestEngine

/// The ``FoldFlags`` folding sets: word starts (camel humps, digits, separators, CJK), separators, continuation.
@Suite struct FoldingFlagsTests {
  /// A text and its words as the word-start flags cut them (folded, separators left out).
  struct Words: CustomTestStringConvertible, Sendable {
    var text: String
    var words: [String]
    var testDescription: String { "\(text.debugDescription) → \(words)" }

    init(_ text: String, _ words: [String]) {
      self.text = text
      self.words = words
    }
  }

  /// Cuts folded text into words at ``FoldFlags/wordStart``, dropping separator bytes.
  static func words(_ text: String) -> [String] {
    let folded = TextFolder.fold(text)
    var words: [[UInt8]] = []
    for (byte, raw) in zip(folded.bytes, folded.flags) {
      let flags = FoldFlags(rawValue: raw)
      if flags.contains(.separator) { continue }
      if flags.contains(.wordStart) || words.isEmpty { words.append([]) }
      words[words.count - 1].append(byte)
    }
    return words.map { String(decoding: $0, as: UTF8.self) }
  }

  static let examples: [Words] = [
    Words("MacBook Pro", ["mac", "book", "pro"]),
    Words("iPhone", ["i", "phone"]),
    Words("iOS", ["i", "os"]),
    Words("HTTPServer", ["http", "server"]),
    Words("XMLHttpRequest", ["xml", "http", "request"]),
    Words("getHTTPResponseCode", ["get", "http", "response", "code"]),
    Words("IOStream", ["io", "stream"]),
    Words("ABC", ["abc"]),
    Words("psycopg2-binary", ["psycopg", "2", "binary"]),
    Words("mp3player", ["mp", "3", "player"]),
    Words("x86_64", ["x", "86", "64"]),
    Words("2FA", ["2", "fa"]),
    Words("snake_case.name-with dashes", ["snake", "case", "name", "with", "dashes"]),
    Words("  leading and trailing  ", ["leading", "and", "trailing"]),
    Words("@types/node", ["@", "types", "/", "node"]),
    Words("C++", ["c", "++"]),
    Words("Pokémon", ["pokemon"]),
    Words("Poke\u{301}mon", ["pokemon"]),
    Words("ÉCOLE Normale", ["ecole", "normale"]),
    Words("ÉcoleNormale", ["ecole", "normale"]),
    Words("ΚαλημέραΚόσμε", ["καλημερα", "κοσμε"]),
    Words("ex\u{AD}ample", ["example"]),
    Words("ＭａｃＢｏｏｋ", ["mac", "book"]),
    Words("日本語", ["日", "本", "語"]),
    Words("한국어", ["한", "국", "어"]),
    Words("\u{1112}\u{1161}\u{11AB}\u{1100}\u{116E}\u{11A8}", ["한", "국"]),
    Words("クロームDriver", ["ク", "ロ", "ー", "ム", "driver"]),
    Words("ﾃﾞｰﾀ", ["デ", "ー", "タ"]),
    Words("東京Tower2", ["東", "京", "tower", "2"]),
    Words("नमस्ते दुनिया", ["नमस्ते", "दुनिया"]),
    Words("ภาษาไทย", ["ภาษาไทย"]),
    Words("👨‍👩‍👧family", ["👨‍👩‍👧", "family"]),
    Words("🇫🇷🇩🇪", ["🇫🇷🇩🇪"]),
    Words("Straße", ["strasse"]),
    Words("ǅemal", ["ǆemal"]),
  ]

  @Test("word starts: humps, digits, separators, symbols, every CJK character", arguments: examples)
  func wordStarts(_ example: Words) {
    #expect(Self.words(example.text) == example.words)
  }

  @Test("separators: one flagged byte per original separator, never a word start")
  func separators() {
    let folded = TextFolder.fold("a - b__c\u{3000}d")
    let separatorFlags = folded.flags.map { FoldFlags(rawValue: $0).contains(.separator) }
    #expect(separatorFlags == [false, true, true, true, false, true, true, false, true, false])
    for (byte, raw) in zip(folded.bytes, folded.flags) where FoldFlags(rawValue: raw).contains(.separator) {
      #expect(byte == TextFolder.separator)
      #expect(!FoldFlags(rawValue: raw).contains(.wordStart))
    }
  }

  @Test("continuation flags sit exactly on UTF-8 continuation bytes of the folded text")
  func continuation() {
    for text in ["Crème", "日本", "👨‍👩‍👧", "ß", "ﾃﾞ", "Ａ"] {
      let folded = TextFolder.fold(text)
      for (byte, raw) in zip(folded.bytes, folded.flags) {
        #expect(FoldFlags(rawValue: raw).contains(.continuation) == (byte & 0xC0 == 0x80), "\(text)")
      }
    }
  }

  @Test("the first folded byte starts a word; a multi-byte character's word start is on its first byte")
  func firstByte() {
    let folded = TextFolder.fold("Émile")
    #expect(folded.bytes.first == UInt8(ascii: "e"))
    #expect(FoldFlags(rawValue: folded.flags[0]) == .wordStart)
    let kana = TextFolder.fold("テスト")
    #expect(kana.flags == [1, 4, 4, 1, 4, 4, 1, 4, 4])
  }
}
