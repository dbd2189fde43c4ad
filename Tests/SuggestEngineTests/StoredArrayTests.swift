import Foundation
import Testing

@testable import SuggestEngine

/// `StoredArray`: the same elements whether held in an array or read in place from a mapped file, and a mapped one
/// never written through.
@Suite struct StoredArrayTests {
  /// `values` written to a temporary file behind a 64-byte header, mapped, and the file removed (the mapping stays).
  static func mapped(_ values: [UInt32]) throws -> (MappedFile, offset: Int) {
    let path = NSTemporaryDirectory() + "stored-array-\(UUID().uuidString)"
    var bytes = [UInt8](repeating: 0xEE, count: 64)
    values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { unlink(path) }
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    return (try #require(MappedFile(descriptor: descriptor, size: bytes.count)), 64)
  }

  @Test("a mapped array reads, compares and iterates as the array it was written from")
  func sameElements() throws {
    let values: [UInt32] = (0..<1_000).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
    let (file, offset) = try Self.mapped(values)
    let mapped = StoredArray<UInt32>(mapped: file, offset: offset, count: values.count)
    #expect(mapped.isMapped && mapped.residentBytes == 0)
    #expect(mapped == StoredArray(values))
    #expect(Array(mapped) == values)
    #expect(mapped[999] == values[999] && mapped.count == values.count)
    #expect(mapped.withUnsafeBufferPointer { Array($0) } == values)
    #expect(mapped.trimmed().isMapped)
    #expect(StoredArray<UInt32>(mapped: file, offset: offset, count: 999) != StoredArray(values))
  }

  @Test("changing a mapped array copies it first; the mapping and other copies keep their elements")
  func copyOnChange() throws {
    let values: [UInt32] = Array(100..<200)
    let (file, offset) = try Self.mapped(values)
    let mapped = StoredArray<UInt32>(mapped: file, offset: offset, count: values.count)
    var changed = mapped
    changed[3] = 7
    changed.append(9)
    #expect(!changed.isMapped && changed.residentBytes >= 101 * 4)
    #expect(changed[3] == 7 && changed.last == 9 && changed.count == 101)
    #expect(Array(mapped) == values)
    let again = StoredArray<UInt32>(mapped: file, offset: offset, count: values.count)
    #expect(Array(again) == values)
  }

  @Test("an array-held column changes in place, as an array does")
  func arrayHeld() {
    var stored = StoredArray<UInt8>()
    stored.reserveCapacity(64)
    stored.append(contentsOf: [1, 2, 3])
    #expect(!stored.isMapped && stored.residentBytes >= 64)
    #expect(stored.trimmed().residentBytes < stored.residentBytes)
    let copy = stored
    stored[0] = 9
    #expect(Array(stored) == [9, 2, 3] && Array(copy) == [1, 2, 3])
  }
}

extension StoredArrayTests {
  @Test("copied elements equal the column's, held or mapped, for every range of a small column")
  func copiedElements() throws {
    let values: [UInt32] = (0..<40).map { UInt32(truncatingIfNeeded: $0 &* 40_503 &+ 7) }
    let (file, offset) = try Self.mapped(values)
    for stored in [StoredArray(values), StoredArray<UInt32>(mapped: file, offset: offset, count: values.count)] {
      for start in 0...values.count {
        for end in start...values.count {
          #expect(stored.copied(start..<end) == Array(values[start..<end]), "\(start)..<\(end), \(stored.isMapped)")
        }
      }
      #expect(values.indices.allSatisfy { stored.copiedElement(at: $0) == values[$0] })
    }
    let text = Array("naïve café, 東京".utf8)
    let bytes = StoredArray<UInt8>(mapped: try Self.mappedBytes(text), offset: 64, count: text.count)
    #expect(bytes.copiedString(0..<text.count) == "naïve café, 東京" && bytes.copiedString(0..<0) == "")
  }

  #if os(Linux)
  @Test("copying from a mapped column makes none of its pages resident; reading it in place does")
  func copyMapsNothing() throws {
    let values = [UInt32](repeating: 0x5A5A_5A5A, count: 1 << 20)
    let (file, offset) = try Self.mapped(values)
    let stored = StoredArray<UInt32>(mapped: file, offset: offset, count: values.count)
    file.releaseResidentPages()
    var sum: UInt64 = 0
    for position in stride(from: 0, to: values.count, by: 4_099) { sum &+= UInt64(stored.copiedElement(at: position)) }
    #expect(sum > 0)
    #expect(try CatalogSnapshotTests.residentKilobytes(ofMappingAt: file.base) == 0)
    for position in stride(from: 0, to: values.count, by: 4_099) { sum &+= UInt64(stored[position]) }
    #expect(try #require(try CatalogSnapshotTests.residentKilobytes(ofMappingAt: file.base)) > 0)
  }
  #endif

  /// `bytes` written behind a 64-byte header and mapped (see ``mapped(_:)``).
  static func mappedBytes(_ bytes: [UInt8]) throws -> MappedFile {
    let padded = bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    let words = padded.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    return try mapped(words).0
  }
}
