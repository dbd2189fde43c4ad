import TestSupport
import Testing

@testable import SuggestEngine

/// `ChunkedTextColumn`: a column joined from parts is chunked exactly as one that had each string appended in turn.
@Suite struct ChunkedTextColumnTests {
  /// Strings that fill the first chunk exactly, then strings of every length up to a few thousand bytes, some
  /// empty, and one longer than a chunk (string 700).
  static func strings(seed: UInt64) -> [[UInt8]] {
    var random = SplitMix64(seed: seed)
    var strings = (0..<512).map { [UInt8](repeating: 0x61 + UInt8($0 % 26), count: ChunkedTextColumn.chunkSize / 512) }
    var total = ChunkedTextColumn.chunkSize
    while total < ChunkedTextColumn.chunkSize * 5 / 2 {
      let length = Int.random(in: 0..<4, using: &random) == 0 ? 0 : Int.random(in: 1...6_000, using: &random)
      let letter = UInt8(0x61 + strings.count % 26)
      strings.append([UInt8](repeating: letter, count: length))
      total += length
      if strings.count == 700 {
        strings.append([UInt8](repeating: 0x7A, count: ChunkedTextColumn.chunkSize + 11))
        total += ChunkedTextColumn.chunkSize + 11
      }
    }
    return strings
  }

  static func column(_ strings: some Sequence<[UInt8]>) -> ChunkedTextColumn {
    var column = ChunkedTextColumn()
    for string in strings { string.withUnsafeBufferPointer { _ = column.append(bytes: $0) } }
    return column
  }

  @Test("parts appended whole give the column of their strings appended one by one", arguments: [1, 2, 3])
  func joinedParts(seed: UInt64) {
    let strings = Self.strings(seed: seed)
    let reference = Self.column(strings)
    #expect(reference.chunkCount > 3)
    var random = SplitMix64(seed: seed &+ 100)
    // Cuts inside the first chunk, at its last string (which fills it exactly), at and after the long string, and
    // at random places.
    var cuts = [0, 300, 511, 512, 700, 701, 702, strings.count]
    for _ in 0..<6 { cuts.append(Int.random(in: 0...strings.count, using: &random)) }
    cuts.sort()
    var joined = ChunkedTextColumn()
    for (lower, upper) in zip(cuts, cuts.dropFirst()) {
      joined.append(contentsOf: Self.column(strings[lower..<upper]))
    }
    // Compared whole, not printed: a failure would print megabytes.
    let same = joined == reference
    #expect(same)
    #expect(joined.count == strings.count)
  }
}
