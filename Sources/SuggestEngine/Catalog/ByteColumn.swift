/// Many byte strings stored back to back in one buffer, with an offsets array (struct-of-arrays storage).
struct ByteColumn: Sendable, Equatable {
  /// Every string's bytes, concatenated.
  private(set) var bytes = StoredArray<UInt8>()
  /// `offsets[i]..<offsets[i + 1]` is string `i`; one more entry than there are strings.
  private(set) var offsets: StoredArray<UInt32> = [0]

  /// Creates an empty column.
  init() {}

  /// Creates a column from its parts.
  ///
  /// - Parameters:
  ///   - bytes: Every string's bytes, concatenated.
  ///   - offsets: Where each string starts, then the end of the last one.
  init(bytes: StoredArray<UInt8>, offsets: StoredArray<UInt32>) {
    self.bytes = bytes
    self.offsets = offsets
  }

  /// The number of strings.
  var count: Int { offsets.count - 1 }

  /// The anonymous memory held (see ``StoredArray/residentBytes``).
  var residentBytes: Int { bytes.residentBytes + offsets.residentBytes }

  /// The byte range of string `index` in ``bytes``.
  @inline(__always) func range(_ index: Int) -> Range<Int> {
    Int(offsets[index])..<Int(offsets[index + 1])
  }

  /// Calls `body` with the bytes of string `index`.
  func withString<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range(index)])) }
  }

  /// String `index` decoded as UTF-8.
  func string(_ index: Int) -> String {
    bytes.withUnsafeBufferPointer { buffer in
      let range = range(index)
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
    }
  }

  /// String `index`, read without making pages of a mapped column resident (``StoredArray/copy(_:into:)``): for
  /// the few strings a result shows.
  func copiedString(_ index: Int) -> String {
    guard bytes.isMapped || offsets.isMapped else { return string(index) }
    return bytes.copiedString(offsets.copiedBounds(index))
  }

  /// Appends a string's UTF-8.
  mutating func append(_ string: String) {
    var copy = string
    copy.withUTF8 { bytes.append(contentsOf: $0) }
    endString()
  }

  /// Appends raw bytes as one string.
  mutating func append<C: Collection>(bytes newBytes: C) where C.Element == UInt8 {
    bytes.append(contentsOf: newBytes)
    endString()
  }

  /// Appends every string of `other`.
  mutating func append(contentsOf other: ByteColumn) {
    let shift = UInt32(truncatingIfNeeded: bytes.count)
    other.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    other.offsets.withUnsafeBufferPointer { offsets.append(contentsOf: $0.dropFirst().lazy.map { $0 &+ shift }) }
  }

  /// Appends `count` empty strings.
  mutating func appendEmpty(count: Int) {
    let end = UInt32(truncatingIfNeeded: bytes.count)
    offsets.append(contentsOf: repeatElement(end, count: count))
  }

  /// Ends the string being built.
  mutating func endString() {
    offsets.append(UInt32(truncatingIfNeeded: bytes.count))
  }

  /// Direct access to the byte buffer (for folding into it).
  mutating func withBytes<R>(_ body: (inout [UInt8]) -> R) -> R {
    bytes.withArray(body)
  }

  /// Releases spare capacity.
  mutating func shrink() {
    bytes = bytes.trimmed()
    offsets = offsets.trimmed()
  }

  /// Reserves room for `byteCount` bytes and `stringCount` strings.
  mutating func reserve(bytes byteCount: Int, strings stringCount: Int) {
    bytes.reserveCapacity(byteCount)
    offsets.reserveCapacity(stringCount + 1)
  }
}

extension Array {
  /// A copy without spare capacity (or `self` when there is little to gain).
  func trimmed() -> [Element] {
    guard capacity > count + count / 32 + 16 else { return self }
    // `Array(unsafeUninitializedCapacity: 0)` stores its count into the shared empty-array singleton, a data race
    // with every thread reading an empty array (ThreadSanitizer saw it while two catalogs were built at once).
    guard !isEmpty else { return [] }
    return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      self.withUnsafeBufferPointer { source in
        _ = buffer.initialize(fromContentsOf: source)
      }
      initialized = count
    }
  }
}
