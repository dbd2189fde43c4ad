import Foundation
import TestSupport
import Testing

@testable import SuggestEngine

/// Properties of folding on seeded random strings of mixed scripts.
@Suite struct FoldingPropertyTests {
  /// Pieces random strings are made of: every script and special case folding handles, and the combining marks,
  /// joiners and jamo that must stay with the character before them.
  static let pieces: [String] = [
    "a", "Z", "q", "M", "7", "0", " ", "-", "_", ".", "\t", "\r", "\n", "/", "+", "#", "(", "!",
    "é", "É", "Å", "ß", "ẞ", "İ", "ı", "ø", "Æ", "œ", "ŀ", "ǅ", "ﬁ", "ŉ",
    "\u{301}", "\u{308}", "\u{323}", "\u{338}", "\u{345}", "\u{307}", "\u{20E3}", "\u{FE0F}",
    "Σ", "ς", "ά", "ΐ", "Ω", "Й", "ё", "Ա", "Ꭰ", "ꭰ", "𐐀",
    "ש", "\u{5BC}", "\u{5B8}", "ك", "\u{64E}", "\u{600}", "٣",
    "क", "ष", "त", "र", "\u{94D}", "\u{93F}", "\u{902}", "\u{93C}", "\u{958}", "ক", "\u{9C7}", "\u{9BE}", "\u{9CB}",
    "ก", "\u{E33}", "\u{E31}", "เ",
    "한", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{11C3}",
    "カ", "ガ", "\u{3099}", "\u{309A}", "ﾃ", "ﾊ", "\u{FF9E}", "\u{FF9F}", "ｰ", "ー", "日", "本", "\u{F900}",
    "Ａ", "ｚ", "１", "－", "\u{3000}", "\u{A0}",
    "👨", "👩", "\u{200D}", "🏽", "❤", "🇫", "🇷", "🍕", "©", "\u{E0067}", "\u{E007F}",
    "\u{AD}", "\u{200B}", "\u{FEFF}", "\u{200C}", "≠", "=", "²", "𝒳",
  ]

  static func randomString(_ random: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...16, using: &random) {
      text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
    }
    return text
  }

  /// The UTF-8 offsets of the text's `Character` boundaries (start of each character, and the end).
  static func characterBoundaries(_ text: String) -> [Int] {
    text.indices.map { text.utf8.distance(from: text.startIndex, to: $0) } + [text.utf8.count]
  }

  static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]

  @Test("folded ranges map to original ranges on Character boundaries, covering their sources", arguments: seeds)
  func rangesLandOnCharacters(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let text = Self.randomString(&random)
      let folded = TextFolder.fold(text)
      let boundaries = Set(Self.characterBoundaries(text))
      let count = folded.bytes.count
      for _ in 0..<10 {
        let a = Int.random(in: 0...count, using: &random)
        let b = Int.random(in: 0...count, using: &random)
        let range = min(a, b)..<max(a, b)
        let original = folded.originalUTF8Range(range)
        #expect(boundaries.contains(original.lowerBound), "\(text.debugDescription) \(range)")
        #expect(boundaries.contains(original.upperBound), "\(text.debugDescription) \(range)")
        #expect(range.allSatisfy { original.contains(Int(folded.sourceUTF8Offsets[$0])) })
        // The String.Index of each bound is valid and on a Character boundary.
        let lower = text.utf8.index(text.startIndex, offsetBy: original.lowerBound)
        #expect(lower.samePosition(in: text) != nil)
      }
    }
  }

  @Test("each folded character maps to exactly one original Character (clusters are Swift's)", arguments: seeds)
  func clustersAreCharacters(seed: UInt64) {
    var random = SplitMix64(seed: seed &+ 100)
    for _ in 0..<300 {
      let text = Self.randomString(&random)
      let folded = TextFolder.fold(text)
      let starts = Array(Set(folded.sourceUTF8Offsets.dropLast().map(Int.init))).sorted()
      let boundaries = Self.characterBoundaries(text)
      for start in starts {
        // A folded character starts at a Character boundary. The Characters up to the next folded character (or
        // the end) other than the first fold to nothing (an invisible format character), or follow one that does:
        // folding drops those as if absent, so marks after one stay with the character before it.
        #expect(boundaries.contains(start), "\(text.debugDescription)")
        guard let position = boundaries.firstIndex(of: start) else { continue }
        let next = starts.first { $0 > start } ?? text.utf8.count
        var index = position + 1
        var previousIsInvisible = false
        while index < boundaries.count - 1 && boundaries[index] < next {
          let character = Self.slice(text, boundaries[index]..<boundaries[index + 1])
          let isInvisible = TextFolder.folded(character).isEmpty
          #expect(isInvisible || previousIsInvisible, "\(text.debugDescription): \(character.debugDescription)")
          previousIsInvisible = isInvisible
          index += 1
        }
      }
    }
  }

  @Test("fold is deterministic, agrees with append, and its folded text folds to itself", arguments: seeds)
  func deterministicAndIdempotent(seed: UInt64) {
    var random = SplitMix64(seed: seed &+ 200)
    for _ in 0..<500 {
      let text = Self.randomString(&random)
      let first = TextFolder.fold(text)
      #expect(TextFolder.fold(text) == first)
      var bytes: [UInt8] = [1, 2, 3]
      var flags: [UInt8] = [0, 0, 0]
      TextFolder.append(folding: text, to: &bytes, flags: &flags)
      #expect(Array(bytes.dropFirst(3)) == first.bytes)
      #expect(Array(flags.dropFirst(3)) == first.flags)
      let once = String(decoding: first.bytes, as: UTF8.self)
      #expect(TextFolder.folded(once) == once, "\(text.debugDescription)")
    }
  }

  @Test("flags: separators are 0x20 and never word starts; continuation marks continuation bytes", arguments: seeds)
  func flagInvariants(seed: UInt64) {
    var random = SplitMix64(seed: seed &+ 300)
    for _ in 0..<500 {
      let text = Self.randomString(&random)
      let folded = TextFolder.fold(text)
      for (byte, raw) in zip(folded.bytes, folded.flags) {
        let flags = FoldFlags(rawValue: raw)
        #expect(flags.contains(.continuation) == (byte & 0xC0 == 0x80))
        #expect(flags.contains(.separator) == (byte == TextFolder.separator), "\(text.debugDescription)")
        if flags.contains(.separator) {
          #expect(byte == TextFolder.separator)
          #expect(!flags.contains(.wordStart))
        }
        if flags.contains(.continuation) { #expect(flags == .continuation) }
      }
      if let first = folded.flags.firstIndex(where: { !FoldFlags(rawValue: $0).contains(.separator) }),
        folded.sourceUTF8Offsets[first] == folded.sourceUTF8Offsets[0]
      {
        // The first character with output that is not a separator starts a word, unless a separator came first.
        #expect(first > 0 || FoldFlags(rawValue: folded.flags[0]).contains(.wordStart), "\(text.debugDescription)")
      }
    }
  }

  @Test("NFC and NFD of random strings fold to the same bytes", arguments: seeds)
  func normalizationForms(seed: UInt64) {
    var random = SplitMix64(seed: seed &+ 400)
    for _ in 0..<300 {
      let text = Self.randomString(&random)
      // NFC from the standard library: Foundation's composes U+E0067 + U+0301 into U+01F5 (see
      // FoldingTableReference.normalize).
      let composed = TextFolder.fold(String(decoding: text._nfcCodeUnits, as: UTF8.self)).bytes
      let decomposed = TextFolder.fold(text.decomposedStringWithCanonicalMapping).bytes
      #expect(
        composed == decomposed,
        "\(text.unicodeScalars.map { String($0.value, radix: 16) })"
      )
    }
  }

  static func slice(_ text: String, _ range: Range<Int>) -> String {
    let bytes = Array(text.utf8)[range]
    return String(decoding: bytes, as: UTF8.self)
  }
}
