import TestSupport
import Testing

@testable import SuggestEngine

/// A part's row origins kept as runs (`OriginRuns`) give back every origin as it was, and a line-based part's
/// origins take a run per stretch of consecutive lines.
@Suite struct OriginRunsTests {
  /// Origins as the decoders make them: lines that mostly follow on, with skipped and blank lines between; array
  /// indexes with or without lines; unknown lines; and lines at the end of 32 bits.
  private static func origins(seed: UInt64, count: Int) -> [RowOrigin] {
    var random = SplitMix64(seed: seed)
    var line = Int(random.next() % 3) + 1
    var index = 0
    let style = random.next() % 4
    var origins: [RowOrigin] = []
    for _ in 0..<count {
      switch style {
      case 0: origins.append(RowOrigin(line: line))
      case 1: origins.append(RowOrigin(line: line, index: index))
      case 2: origins.append(RowOrigin(line: 0, index: index))
      default: origins.append(RowOrigin(line: Int(Int32.max) - count * 3 + line))
      }
      line += random.next() % 5 == 0 ? Int(random.next() % 3) + 2 : 1
      index += 1
    }
    return origins
  }

  @Test func everyOriginComesBack() {
    for seed in 0..<200 as Range<UInt64> {
      // Mostly short parts; every fiftieth as long as a part of a large file.
      let origins = Self.origins(seed: seed, count: seed % 50 == 0 ? 20_000 : Int(seed % 40) * 7)
      let runs = OriginRuns(origins)
      #expect(runs.count == origins.count)
      for (offset, origin) in origins.enumerated() {
        #expect(runs[offset] == origin, "seed \(seed), offset \(offset)")
      }
    }
  }

  @Test func consecutiveLinesTakeOneRun() {
    let lines = (5..<10_005).map { RowOrigin(line: $0) }
    #expect(OriginRuns(lines).runCount == 1)
    #expect(OriginRuns(lines)[9_999] == RowOrigin(line: 10_004))
    // Two skipped lines (a bad row and a blank one) start two more runs.
    let gapped = lines[..<300] + lines[301..<700] + lines[702...]
    let runs = OriginRuns(Array(gapped))
    #expect(runs.runCount == 3)
    #expect(runs[299] == RowOrigin(line: 304))
    #expect(runs[300] == RowOrigin(line: 306))
    #expect(runs[699] == RowOrigin(line: 707))
    // An array's elements, one per line: the line and the index go up together.
    let elements = (0..<1_000).map { RowOrigin(line: $0 + 2, index: $0) }
    #expect(OriginRuns(elements).runCount == 1)
    // Unknown lines stay unknown along a run.
    let unknown = (0..<1_000).map { RowOrigin(line: 0, index: $0) }
    #expect(OriginRuns(unknown).runCount == 1)
    #expect(OriginRuns(unknown)[999] == RowOrigin(line: 0, index: 999))
  }
}
