import JSONKit
import TestSupport
import Testing

@testable import SuggestEngine

/// The byte-level pieces of the loaders against slow, obviously correct references, on seeded random input.
@Suite struct CatalogLoaderInternalsTests {
  @Test("line counting matches splitting on line feeds", arguments: 0..<40)
  func lineCount(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let bytes = SplitMix64.textLikeBytes(Int.random(in: 0..<300, using: &random), &random)
    let expected =
      bytes.isEmpty
      ? 0
      : bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        - (bytes.last == 0x0A ? 1 : 0)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(ByteScan.lineCount(buffer, 0..<buffer.count) == expected)
      if buffer.count > 3 {
        #expect(
          ByteScan.lineCount(buffer, 3..<buffer.count) == ByteScan.lineCount(buffer, 0..<buffer.count)
            - bytes[0..<3].filter { $0 == 0x0A }.count
        )
      }
    }
  }

  @Test("splitting at lines gives consecutive ranges that start at line starts", arguments: 0..<30)
  func splitAtLines(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed))
    let bytes = SplitMix64.textLikeBytes(Int.random(in: 0..<500, using: &random), &random)
    let start = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
    for parts in 1...5 {
      let ranges = bytes.withUnsafeBufferPointer { ParallelParts.splitAtLines($0, start..<bytes.count, parts: parts) }
      #expect(ranges.first?.lowerBound == start)
      #expect(ranges.last?.upperBound == bytes.count)
      #expect(ranges.count <= parts)
      for (a, b) in zip(ranges, ranges.dropFirst()) {
        #expect(a.upperBound == b.lowerBound && !a.isEmpty)
        #expect(bytes[b.lowerBound - 1] == 0x0A)
      }
    }
  }

  @Test(
    "decimal numbers: the accepted grammar",
    arguments: [
      ("0", 0.0), ("42", 42), ("-7", -7), ("+3", 3), (" 12 ", 12), ("2.5", 2.5), ("-0.125", -0.125), ("5.", 5),
      (".5", 0.5), ("1e3", 1000), ("1E-2", 0.01), ("123456789012345678901", 1.2345678901234568e20),
      ("3.4028236e38", 3.4028236e38),
    ]
  )
  func decimalNumbers(text: String, value: Double) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { #expect(DecimalNumber.parse($0, 0..<$0.count) == value) }
  }

  @Test(
    "decimal numbers: what is refused",
    arguments: [
      "", " ", "-", ".", "e5", "1e", "1e+", "nan", "inf", "-Infinity", "0x1p3", "1_000", "1,5", "1e400",
      "12 apples", "--1", "1.2.3",
    ]
  )
  func notDecimalNumbers(text: String) {
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { #expect(DecimalNumber.parse($0, 0..<$0.count) == nil) }
  }

  @Test(
    "repeated ids are found as a dictionary finds them, on random ids with many repeats",
    arguments: [0, 1, 2, 3, 4_000]
  )
  func duplicates(count: Int) {
    var random = SplitMix64(seed: UInt64(count) + 99)
    let pool = (0..<max(1, count / 3)).map { "id-\($0)-" + String(repeating: "x", count: $0 % 20) }
    let ids = (0..<count).map { _ in pool.randomElement(using: &random) ?? "" }
    // Each repeat replaces the latest earlier position with its id.
    var latest: [String: Int] = [:]
    var expected: [(Int, Int)] = []
    for (position, id) in ids.enumerated() {
      if let earlier = latest[id] { expected.append((earlier, position)) }
      latest[id] = position
    }
    let found = IDIndex.replacements(among: ids)
    #expect(found.map(\.earlier) == expected.map(\.0))
    #expect(found.map(\.later) == expected.map(\.1))
    #expect(count < 4 || !found.isEmpty)
  }

  @Test("the id index finds every id at its latest slot, and no other key", arguments: [1, 17, 50_000])
  func idIndexFindsLatest(count: Int) {
    var random = SplitMix64(seed: UInt64(count))
    let ids = (0..<count).map { _ in "id-\(Int.random(in: 0..<max(1, count * 2 / 3), using: &random))" }
    let bytes = ids.map { Array($0.utf8) }
    var replacements: [(earlier: Int, later: Int)] = []
    let storage = bytes.map { bytes in
      let pointer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
      _ = pointer.initialize(from: bytes)
      return UnsafeBufferPointer(rebasing: pointer[0..<bytes.count])
    }
    defer { for buffer in storage { UnsafeMutableBufferPointer(mutating: buffer).deallocate() } }
    let index = IDIndex(indexing: count, replacements: &replacements) { storage[$0] }
    var latest: [String: Int] = [:]
    for (slot, id) in ids.enumerated() { latest[id] = slot }
    #expect(index.isValid(slotCount: count))
    #expect(replacements.count == count - latest.count)
    #expect(replacements.map(\.later) == replacements.map(\.later).sorted())
    for (id, slot) in latest {
      #expect(Array(id.utf8).withUnsafeBufferPointer { index.find($0) { storage[$0] } } == slot)
    }
    for missing in ["id-", "id-\(count * 2)", "", "x"] {
      #expect(Array(missing.utf8).withUnsafeBufferPointer { index.find($0) { storage[$0] } } == nil)
    }
  }

  @Test("ids are compared by their UTF-8 bytes, as a catalog's id index compares them")
  func duplicatesByBytes() {
    // Equal as Swift strings (canonically equivalent), but different ids.
    let ids = ["é", "e\u{301}", "é", "E", "e\u{301}"]
    let found = IDIndex.replacements(among: ids)
    #expect(found.map(\.earlier) == [0, 1])
    #expect(found.map(\.later) == [2, 4])
    let catalog = Catalog(items: ids.map { CatalogItem(id: $0, title: "t") })
    #expect(catalog.indices == [2, 3, 4])
  }

  @Test("a TSV file big enough for parallel parts decodes exactly as in one part, line numbers included")
  func parallelTSVMatchesOnePart() async throws {
    var random = SplitMix64(seed: 7)
    var text = "name\tsummary\trank\n"
    for index in 0..<40_000 {
      switch Int.random(in: 0..<200, using: &random) {
      case 0: text += "short row \(index)\n"
      case 1: text += "\tno title\t1\n"
      case 2: text += "bad rank \(index)\tx\tlow\n"
      case 3: text += "\n"
      case 4: text += "row \(index % 97)\tduplicate name\t\r\n"
      default:
        text +=
          "package-\(index)\tA summary with some words, number \(index)\t\(Int.random(in: 1...15_000, using: &random))\n"
      }
    }
    let bytes = Array(text.utf8)
    let cores = ParallelParts.count(forBytes: .max)
    #expect(ParallelParts.count(forBytes: bytes.count) == min(cores, 2))
    let parallel = try await CatalogLoader.load(bytes: bytes, format: .tsv)

    // The reference: the same decoder over the whole body in one part, then the same assembly.
    let header = try #require(bytes.withUnsafeBufferPointer(TSVDecoder.header(of:)))
    let decoder = TSVDecoder(layout: try TSVLayout(header: header.cells, mapping: .default))
    // Room for no row: every item goes through the sink's overflow.
    var rows = DecodedRows<CatalogItem>.decoding(regionSizes: [0]) { _, sink in
      bytes.withUnsafeBufferPointer { decoder.decodePart($0, header.bodyStart..<$0.count, into: &sink) }
    }
    rows.shiftLines(by: header.bodyLine - 1)
    decoder.finish(&rows)
    let reference = CatalogAssembler.assemble(items: rows)

    #expect(parallel.items == reference.items)
    #expect(parallel.report == reference.report)
    #expect(parallel.report.skippedCount > 500)
    #expect(parallel.report.warningCount > 0)
  }

  @Test("random bytes in every format load or fail with a typed error, never crash", arguments: 0..<50)
  func garbage(seed: Int) async {
    var random = SplitMix64(seed: UInt64(seed) &* 7_919)
    let alphabet = Array("{}[]\",:\\ \t\n\r0123456789.eE+-truefalsnitlemdwhkyo".utf8) + [0xC3, 0xA9, 0xFF, 0xED, 0xA0]
    let bytes = (0..<Int.random(in: 0..<400, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? 0 }
    for format in CatalogFormat.allCases {
      do throws(CatalogLoadError) {
        let catalog = try await CatalogLoader.load(bytes: bytes, format: format)
        #expect(catalog.report.itemCount == catalog.items.count)
        #expect(catalog.report.tokenCount == catalog.tokens.count)
        #expect(Set(catalog.items.map { Array($0.id.utf8) }).count == catalog.items.count)
        #expect(catalog.items.allSatisfy { !TextChecks.isBlank($0.title) })
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
  }
}
