import TestSupport
import Testing

@testable import SuggestEngine

/// `ChunkedTextColumn`: a column joined from parts takes over their chunks and holds the strings of one that had
/// each string appended in turn.
@Suite struct ChunkedTextColumnTests {
  /// Strings of every length up to a few thousand bytes, some empty, and one longer than a chunk (string 700).
  static func strings(seed: UInt64) -> [[UInt8]] {
    var random = SplitMix64(seed: seed)
    var strings: [[UInt8]] = []
    var total = 0
    while total < ChunkedTextColumn.chunkSize * 5 / 2 {
      let length = Int.random(in: 0..<4, using: &random) == 0 ? 0 : Int.random(in: 1...6_000, using: &random)
      strings.append((0..<length).map { _ in UInt8.random(in: 0x61...0x7A, using: &random) })
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
    for string in strings { string.withUnsafeBufferPointer { column.append(bytes: $0) } }
    return column
  }

  @Test("parts appended whole give the strings of the one-by-one column, in the parts' own chunks", arguments: [1, 2])
  func joinedParts(seed: UInt64) {
    let strings = Self.strings(seed: seed)
    let reference = Self.column(strings)
    var random = SplitMix64(seed: seed &+ 100)
    // Cuts at and after the long string, and at random places (some parts empty).
    var cuts = [0, 0, 700, 701, 702, strings.count]
    for _ in 0..<6 { cuts.append(Int.random(in: 0...strings.count, using: &random)) }
    cuts.sort()
    var joined = ChunkedTextColumn()
    var chunks = 0
    for (lower, upper) in zip(cuts, cuts.dropFirst()) {
      let part = Self.column(strings[lower..<upper])
      chunks += part.chunkCount
      joined.append(contentsOf: part)
    }
    #expect(joined.count == strings.count && joined.chunkCount == chunks)
    // Compared whole, not printed: a failure would print megabytes.
    let same = joined == reference
    #expect(same)
    let read = (0..<joined.count).allSatisfy { joined.string($0) == String(decoding: strings[$0], as: UTF8.self) }
    #expect(read)
    // The memory report counts the bytes held, not the room left in the parts' chunks (never written).
    let bytes = strings.reduce(0) { $0 + $1.count }
    #expect(joined.storageBytes >= bytes && joined.storageBytes <= bytes + 8 * joined.count + 64)
  }

  @Test("columns differ when one string does, or when a byte moves from one string to the next")
  func equality() {
    let strings: [[UInt8]] = [Array("ab".utf8), [], Array("cde".utf8), Array("f".utf8)]
    let column = Self.column(strings)
    var joined = Self.column(strings.prefix(2))
    joined.append(contentsOf: Self.column(strings.dropFirst(2)))
    #expect(joined == column)
    #expect(column != Self.column([Array("ab".utf8), [], Array("cdf".utf8), Array("f".utf8)]))
    #expect(column != Self.column([Array("ab".utf8), [], Array("cd".utf8), Array("ef".utf8)]))
    #expect(column != Self.column(strings.dropLast()))
  }
}
