/// The immutable fold table: what every Unicode scalar folds to and how it takes part in words and grapheme
/// clusters.
///
/// Built once, on first use, from the generated text in `FoldTable+Generated.swift` (regenerate it with
/// `SUGGEST_WRITE_FOLD_TABLE=1 swift test --filter FoldingTableTests`, which also checks that the shipped table
/// matches what the toolchain's Unicode data says). Lookups are two array loads: a block index by `scalar >> 7`,
/// then the entry in a deduplicated 128-entry block.
///
/// The lookup data lives in buffers the table allocates in `init`, fills, never writes again and frees in `deinit`:
/// the folding loop reads them through plain pointers, with no reference counting or bounds-check overhead per
/// scalar. That immutability is why the class is `@unchecked Sendable`: after `init` returns nothing writes to it,
/// so any number of threads may read it at once; `shared` is a `static let`, which Swift initialises exactly once,
/// thread-safely.
final class FoldTable: @unchecked Sendable {
  /// The table every fold uses.
  static let shared = FoldTable(generated: FoldTable.generatedData)

  /// Scalars per block of the two-stage lookup.
  private static let blockShift: UInt32 = 7
  private static let blockSize = 1 << blockShift

  /// For each block of 128 scalars, the index of its first entry in `entries`.
  private let blockStarts: UnsafeBufferPointer<UInt32>
  /// The deduplicated blocks of entries.
  private let entries: UnsafeBufferPointer<UInt32>
  /// `mappingBytes[mappingStarts[k]..<mappingStarts[k + 1]]` is the folded UTF-8 of mapping `k`; mapping 0 is
  /// unused (it means "folds to itself").
  let mappingStarts: UnsafeBufferPointer<UInt32>
  /// The folded UTF-8 of every mapping, back to back.
  let mappingBytes: UnsafeBufferPointer<UInt8>
  /// Canonical compositions whose result folds to itself, keyed by `first << 21 | second`.
  private let compositions: [UInt64: UInt32]
  /// The most folded bytes any scalar gives per byte of its UTF-8 (at least 1): output buffers of
  /// `maxExpansion × source length` bytes always suffice.
  let maxExpansion: Int
  /// For each ASCII byte: the folded byte in the low 8 bits, the ``WordClass`` in the high 8 bits.
  let ascii: UnsafeBufferPointer<UInt16>
  /// For each pair of word classes (`previous << 4 | next`), the ``FoldFlags`` the first folded byte of `next`
  /// gets: ``FoldFlags/wordStart`` and ``FoldFlags/separator``.
  let transitionFlags: UnsafeBufferPointer<UInt8>

  /// The entry of a non-ASCII scalar.
  ///
  /// - Parameter scalar: A Unicode scalar value (at most 0x10FFFF).
  /// - Returns: Its entry; a value past the Unicode range gets the entry of an unassigned scalar.
  @inline(__always)
  func entry(_ scalar: UInt32) -> FoldEntry {
    let block = Int(truncatingIfNeeded: scalar >> Self.blockShift)
    guard block < blockStarts.count else { return FoldEntry(rawValue: 0) }
    let start = Int(truncatingIfNeeded: blockStarts[block])
    return FoldEntry(rawValue: entries[start + Int(truncatingIfNeeded: scalar) & (Self.blockSize - 1)])
  }

  /// The folded UTF-8 of mapping `index`, as a range of ``mappingBytes``.
  @inline(__always)
  func mappingRange(_ index: Int) -> Range<Int> {
    Int(truncatingIfNeeded: mappingStarts[index])..<Int(truncatingIfNeeded: mappingStarts[index + 1])
  }

  /// The canonical composition of `first` and `second`, when it exists and folds to itself.
  ///
  /// Hangul syllables are composed arithmetically; everything else comes from the generated composition list.
  func composition(of first: UInt32, _ second: UInt32) -> UInt32? {
    if first >= 0x1100 && first <= 0x1112 && second >= 0x1161 && second <= 0x1175 {
      return 0xAC00 + ((first - 0x1100) * 21 + (second - 0x1161)) * 28
    }
    if first >= 0xAC00 && first <= 0xD7A3 && (first - 0xAC00) % 28 == 0 && second >= 0x11A8 && second <= 0x11C2 {
      return first + (second - 0x11A7)
    }
    return compositions[UInt64(first) << 21 | UInt64(second)]
  }

  /// Builds the table from generated text.
  ///
  /// The text has one line per scalar or range of scalars, in ascending order, covering U+0080–U+10FFFF:
  /// `START[-END] PROPS[:MAPPING]`, all hexadecimal, where `PROPS` is the 16 property bits of ``FoldEntry`` and
  /// `MAPPING` the folded scalars separated by `.` (empty: the scalar folds to nothing). A line
  /// `+FIRST.SECOND:COMPOSITE` lists a composition. Lines that do not parse are skipped (the table tests catch
  /// them).
  ///
  /// - Parameter generated: The generated table text.
  init(generated: String) {
    var ranges: [(range: ClosedRange<UInt32>, value: UInt32)] = []
    var mappingStarts: [UInt32] = [0, 0]
    var mappingBytes: [UInt8] = []
    var mappingIndex: [[UInt8]: UInt16] = [:]
    var compositions: [UInt64: UInt32] = [:]
    var maxExpansion = 1
    for line in generated.utf8.split(separator: UInt8(ascii: "\n")) {
      guard let parsed = GeneratedLine(line) else { continue }
      switch parsed {
      case .composition(let first, let second, let composite):
        compositions[UInt64(first) << 21 | UInt64(second)] = composite
      case .scalars(let range, let properties, let mapping):
        var index: UInt16 = 0
        if let mapping {
          let sourceLength = range.lowerBound < 0x800 ? 2 : range.lowerBound < 0x10000 ? 3 : 4
          maxExpansion = max(maxExpansion, (mapping.count + sourceLength - 1) / sourceLength)
          if let known = mappingIndex[mapping] {
            index = known
          } else {
            index = UInt16(truncatingIfNeeded: mappingStarts.count - 1)
            mappingIndex[mapping] = index
            mappingBytes.append(contentsOf: mapping)
            mappingStarts.append(UInt32(truncatingIfNeeded: mappingBytes.count))
          }
        }
        ranges.append((range, FoldEntry(properties: properties, mapping: index).rawValue))
      }
    }
    self.mappingStarts = Self.copy(mappingStarts)
    self.mappingBytes = Self.copy(mappingBytes)
    self.compositions = compositions
    self.maxExpansion = maxExpansion
    let (blockStarts, entries) = Self.makeBlocks(ranges.sorted { $0.range.lowerBound < $1.range.lowerBound })
    self.blockStarts = Self.copy(blockStarts)
    self.entries = Self.copy(entries)
    self.ascii = Self.copy(Self.makeASCIITable())
    self.transitionFlags = Self.copy(Self.makeTransitionFlags())
  }

  deinit {
    blockStarts.deallocate()
    entries.deallocate()
    mappingStarts.deallocate()
    mappingBytes.deallocate()
    ascii.deallocate()
    transitionFlags.deallocate()
  }

  /// A buffer of its own holding the elements of `array`.
  private static func copy<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
    _ = buffer.initialize(from: array)
    return UnsafeBufferPointer(rebasing: buffer[..<array.count])
  }

  /// Builds the two-stage lookup from sorted ranges of entries, sharing identical blocks. Scalars no range covers
  /// get entry 0 (an unassigned scalar).
  private static func makeBlocks(
    _ ranges: [(range: ClosedRange<UInt32>, value: UInt32)]
  ) -> (blockStarts: [UInt32], entries: [UInt32]) {
    var blockStarts: [UInt32] = []
    var entries: [UInt32] = []
    var uniformBlocks: [UInt32: UInt32] = [:]
    var mixedBlocks: [[UInt32]: UInt32] = [:]
    var next = 0  // the first range that may overlap the current block
    var block = [UInt32](repeating: 0, count: blockSize)
    for blockStart in stride(from: UInt32(0), to: 0x110000, by: blockSize) {
      let blockEnd = blockStart + UInt32(blockSize) - 1
      while next < ranges.count && ranges[next].range.upperBound < blockStart { next += 1 }
      var uniform: UInt32?
      if next < ranges.count && ranges[next].range.lowerBound <= blockStart && ranges[next].range.upperBound >= blockEnd
      {
        uniform = ranges[next].value
      } else if next == ranges.count || ranges[next].range.lowerBound > blockEnd {
        uniform = 0
      }
      if let uniform {
        if let known = uniformBlocks[uniform] {
          blockStarts.append(known)
        } else {
          let start = UInt32(truncatingIfNeeded: entries.count)
          entries.append(contentsOf: repeatElement(uniform, count: blockSize))
          uniformBlocks[uniform] = start
          blockStarts.append(start)
        }
        continue
      }
      for slot in block.indices { block[slot] = 0 }
      var current = next
      while current < ranges.count && ranges[current].range.lowerBound <= blockEnd {
        let low = max(ranges[current].range.lowerBound, blockStart)
        let high = min(ranges[current].range.upperBound, blockEnd)
        for scalar in low...high { block[Int(scalar - blockStart)] = ranges[current].value }
        current += 1
      }
      if let known = mixedBlocks[block] {
        blockStarts.append(known)
      } else {
        let start = UInt32(truncatingIfNeeded: entries.count)
        entries.append(contentsOf: block)
        mixedBlocks[block] = start
        blockStarts.append(start)
      }
    }
    return (blockStarts, entries)
  }

  private static func makeASCIITable() -> [UInt16] {
    (0..<128).map { (value: Int) -> UInt16 in
      let byte = UInt8(value)
      let wordClass: WordClass
      var folded = byte
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"):
        wordClass = .upper
        folded = byte | 0x20
      case UInt8(ascii: "a")...UInt8(ascii: "z"): wordClass = .lower
      case UInt8(ascii: "0")...UInt8(ascii: "9"): wordClass = .digit
      case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: " "), 0x09...0x0D:
        wordClass = .separator
        folded = TextFolder.separator
      default: wordClass = .other
      }
      return UInt16(folded) | UInt16(wordClass.rawValue) << 8
    }
  }

  private static func makeTransitionFlags() -> [UInt8] {
    var table = [UInt8](repeating: 0, count: 256)
    for previous in WordClass.allCases {
      for next in WordClass.allCases {
        var flags = FoldFlags()
        if next == .separator { flags.insert(.separator) }
        if WordClass.startsWord(after: previous, at: next) { flags.insert(.wordStart) }
        table[Int(previous.rawValue) << 4 | Int(next.rawValue)] = flags.rawValue
      }
    }
    return table
  }
}

/// One parsed line of the generated table text (see ``FoldTable/init(generated:)``).
private enum GeneratedLine {
  case scalars(ClosedRange<UInt32>, properties: UInt16, mapping: [UInt8]?)
  case composition(first: UInt32, second: UInt32, composite: UInt32)

  init?(_ line: Substring.UTF8View) {
    var reader = HexReader(bytes: line)
    if reader.skip(UInt8(ascii: "+")) {
      guard let first = reader.number(), reader.skip(UInt8(ascii: ".")), let second = reader.number(),
        reader.skip(UInt8(ascii: ":")), let composite = reader.number(), reader.isAtEnd
      else { return nil }
      self = .composition(first: first, second: second, composite: composite)
      return
    }
    guard let start = reader.number() else { return nil }
    var end = start
    if reader.skip(UInt8(ascii: "-")) {
      guard let value = reader.number() else { return nil }
      end = value
    }
    guard start <= end, reader.skip(UInt8(ascii: " ")), let properties = reader.number(), properties <= 0xFFFF
    else { return nil }
    var mapping: [UInt8]?
    if reader.skip(UInt8(ascii: ":")) {
      var utf8: [UInt8] = []
      while !reader.isAtEnd {
        guard let value = reader.number(), let scalar = Unicode.Scalar(value) else { return nil }
        utf8.append(contentsOf: scalar.utf8)
        _ = reader.skip(UInt8(ascii: "."))
      }
      mapping = utf8
    }
    guard reader.isAtEnd else { return nil }
    self = .scalars(start...end, properties: UInt16(properties), mapping: mapping)
  }
}

/// Reads hexadecimal numbers and punctuation from a line of generated text.
private struct HexReader {
  var bytes: Substring.UTF8View

  var isAtEnd: Bool { bytes.isEmpty }

  mutating func skip(_ byte: UInt8) -> Bool {
    guard bytes.first == byte else { return false }
    bytes.removeFirst()
    return true
  }

  mutating func number() -> UInt32? {
    var value: UInt32 = 0
    var digits = 0
    while let byte = bytes.first, digits < 8 {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return digits == 0 ? nil : value
      }
      value = value << 4 | UInt32(digit)
      digits += 1
      bytes.removeFirst()
    }
    return digits == 0 ? nil : value
  }
}
