import Foundation
import TestSupport
import Testing

@testable import SuggestEngine

/// The shipped fold table against the Unicode data of the toolchain (`FoldingTableReference`).
@Suite(.ownThreads) struct FoldingTableTests {
  /// Computed once for all tests of the suite: it takes a few seconds.
  private static let reference: (rows: [FoldingTableReference.Row], compositions: [FoldingTableReference.Composition]) =
    {
      let compositions = FoldingTableReference.compositions()
      return (FoldingTableReference.rows(compositions: compositions), compositions)
    }()

  @Test("the shipped table equals the table computed from the toolchain's Unicode data, for every scalar")
  func shippedTableMatchesReference() throws {
    let (rows, compositions) = Self.reference
    if ProcessInfo.processInfo.environment["SUGGEST_WRITE_FOLD_TABLE"] != nil {
      let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SuggestEngine/Folding/FoldTable+Generated.swift")
      let source = FoldingTableReference.generatedSource(rows: rows, compositions: compositions)
      try source.write(to: path, atomically: true, encoding: .utf8)
      print("wrote \(path.path): rebuild and run the tests again")
      return
    }
    let table = FoldTable.shared
    var mismatches: [String] = []
    for (index, row) in rows.enumerated() {
      let value = UInt32(index + 0x80)
      let entry = table.entry(value)
      var expectedMapping: [UInt8] = []
      for scalar in row.mapping ?? [] { expectedMapping.append(contentsOf: scalar.utf8) }
      let actualMapping =
        entry.mappingIndex == 0 ? nil : Array(table.mappingBytes[table.mappingRange(entry.mappingIndex)])
      if entry.properties != row.properties || actualMapping != (row.mapping == nil ? nil : expectedMapping) {
        mismatches.append(String(value, radix: 16, uppercase: true))
        if mismatches.count > 20 { break }
      }
    }
    #expect(mismatches.isEmpty, "scalars whose shipped row differs: \(mismatches)")
    for composition in compositions {
      #expect(table.composition(of: composition.first, composition.second) == composition.composite)
    }
  }

  @Test("unassigned planes 4–13 share one row, as the generator assumes")
  func unassignedPlanesAreUniform() throws {
    let seconds: Set<UInt32> = []
    let last = FoldingTableReference.row(try #require(Unicode.Scalar(0x10FFFF as UInt32)), composingSeconds: seconds)
    for value in stride(from: UInt32(0x40000), through: 0xDFFFF, by: 0x1001) {
      let scalar = try #require(Unicode.Scalar(value))
      #expect(FoldingTableReference.row(scalar, composingSeconds: seconds) == last)
    }
  }

  @Test("every scalar's fold is its own fold (folding is idempotent scalar by scalar)")
  func everyMappingIsAFixedPoint() {
    let table = FoldTable.shared
    var failures: [String] = []
    for value in UInt32(0x80)...0x10FFFF {
      let entry = table.entry(value)
      guard entry.mappingIndex != 0, let scalar = Unicode.Scalar(value) else { continue }
      let once = TextFolder.folded(String(scalar))
      if TextFolder.folded(once) != once { failures.append(String(value, radix: 16)) }
    }
    #expect(failures.isEmpty, "\(failures.prefix(20))")
  }

  @Test("ASCII: letters lower-case, -_. and whitespace are separators, everything else is kept")
  func asciiTable() {
    for value in UInt8(0)..<0x80 {
      let text = String(decoding: [value], as: UTF8.self)
      let folded = TextFolder.fold(text)
      let scalar = Unicode.Scalar(value)
      if "-_. \t\n\u{B}\u{C}\r".unicodeScalars.contains(scalar) {
        #expect(folded.bytes == [TextFolder.separator])
        #expect(folded.flags == [FoldFlags.separator.rawValue])
      } else if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(value) {
        #expect(folded.bytes == [value + 0x20])
      } else {
        #expect(folded.bytes == [value])
      }
    }
  }

  @Test("the table is the same however many threads build and read it")
  func concurrentUse() async {
    let texts = ["Crème Brûlée", "ΣΊΣΥΦΟΣ", "ﾃﾞｰﾀ", "Straße", "👨‍👩‍👧 family", "한국어", ""]
    let expected = texts.map(TextFolder.fold)
    await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        group.addTask {
          (0..<200).allSatisfy { _ in texts.map(TextFolder.fold) == expected }
        }
      }
      for await same in group { #expect(same) }
    }
  }
}
