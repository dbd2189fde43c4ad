import TestSupport
import Testing

@testable import SuggestEngine

/// Where a title's first and last separator-delimited words begin: what the first- and last-word signs of a match
/// are read against.
@Suite struct TitleGeometryTests {
  private static func geometry(_ title: [UInt8]) -> (second: Int, last: Int) {
    let starts = [UInt64](repeating: 0, count: title.count / 64 + 1)
    return title.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        let geometry = TitleView(bytes: bytes, starts: starts, base: 0).geometry
        return (geometry.second, geometry.last)
      }
    }
  }

  /// The word starts after a separator (or at the beginning), byte by byte.
  private static func reference(_ title: [UInt8]) -> (second: Int, last: Int) {
    var starts: [Int] = []
    for position in title.indices
    where title[position] != TextFolder.separator && (position == 0 || title[position - 1] == TextFolder.separator) {
      starts.append(position)
    }
    guard let first = starts.first, let last = starts.last else { return (Int.min, Int.max) }
    return (starts.count > 1 ? starts[1] : Int.max, starts.count > 1 ? last : first)
  }

  @Test("examples: no word, one word, several, separators around them")
  func examples() {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    #expect(Self.geometry(bytes("")) == (Int.min, Int.max))
    #expect(Self.geometry(bytes("  ")) == (Int.min, Int.max))
    #expect(Self.geometry(bytes("requests")) == (Int.max, 0))
    #expect(Self.geometry(bytes(" requests ")) == (Int.max, 1))
    #expect(Self.geometry(bytes("django rest framework")) == (7, 12))
    #expect(Self.geometry(bytes("a  b ")) == (3, 3))
  }

  @Test("random titles agree with a byte-by-byte reading", arguments: 1...3)
  func randomTitles(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let alphabet: [UInt8] = Array("ab1".utf8) + [TextFolder.separator, TextFolder.separator]
    for _ in 0..<2_000 {
      let title = (0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
      #expect(Self.geometry(title) == Self.reference(title), "\(title)")
    }
  }
}
