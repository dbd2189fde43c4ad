/// The elements of one column: a Swift array while the column is built, or a region of a snapshot file mapped into
/// memory and used in place.
///
/// A mapped column costs no anonymous memory: the kernel reads its pages from the file when they are first touched
/// and may drop them again under pressure, since the file holds them. Columns read only to show a result (original
/// titles, subtitles, weights) are mapped, so a daemon started from a snapshot stays small.
struct StoredArray<Element: BitwiseCopyable>: @unchecked Sendable {
  // `@unchecked`: the mapped case holds a pointer into a read-only mapping that `MappedFile` keeps alive and never
  // writes; the array case is an ordinary value.
  private enum Storage {
    case array([Element])
    case mapped(MappedFile, UnsafePointer<Element>, count: Int)
  }

  private var storage: Storage

  /// An empty array.
  init() { storage = .array([]) }

  /// The elements of `array`.
  init(_ array: [Element]) { storage = .array(array) }

  /// `count` elements of `file` from byte `offset`, used in place.
  ///
  /// - Precondition: The range lies inside the mapping and `offset` is aligned for `Element`.
  init(mapped file: MappedFile, offset: Int, count: Int) {
    precondition(
      offset >= 0 && count >= 0 && offset + count * MemoryLayout<Element>.stride <= file.size
        && offset % MemoryLayout<Element>.alignment == 0,
      "mapped column out of bounds"
    )
    storage = .mapped(file, (file.base + offset).assumingMemoryBound(to: Element.self), count: count)
  }

  /// Whether the elements are read from a mapped file.
  var isMapped: Bool {
    if case .mapped = storage { return true }
    return false
  }

  /// The anonymous memory held (a mapped column holds none of its own).
  var residentBytes: Int {
    switch storage {
    case .array(let array): array.capacity * MemoryLayout<Element>.stride
    case .mapped: 0
    }
  }

  /// Calls `body` with the elements in contiguous memory.
  @inline(__always)
  func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
    switch storage {
    case .array(let array): try array.withUnsafeBufferPointer(body)
    case .mapped(_, let base, let count): try body(UnsafeBufferPointer(start: base, count: count))
    }
  }

  /// Calls `body` with the elements' bytes.
  func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
    withUnsafeBufferPointer { body(UnsafeRawBufferPointer($0)) }
  }

  /// Copies the elements of `range` into `destination` (of `range.count` elements) without reading through a
  /// mapping: a mapped column reads them from its file (``MappedFile/read(into:at:)``), which leaves no page of the
  /// mapping resident. For a few values scattered over a large column (a result's items).
  ///
  /// - Precondition: `range` lies inside the column.
  func copy(_ range: Range<Int>, into destination: UnsafeMutableBufferPointer<Element>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count && destination.count == range.count)
    switch storage {
    case .array(let array):
      array.withUnsafeBufferPointer { _ = destination.initialize(fromContentsOf: $0[range]) }
    case .mapped(let file, let base, _):
      file.read(
        into: UnsafeMutableRawBufferPointer(destination),
        at: file.base.distance(to: UnsafeRawPointer(base + range.lowerBound))
      )
    }
  }

  /// The elements of `range`, read as ``copy(_:into:)`` does.
  ///
  /// - Precondition: `range` lies inside the column.
  func copied(_ range: Range<Int>) -> [Element] {
    // `Array(unsafeUninitializedCapacity: 0)` writes into the shared empty-array singleton (a data race).
    guard !range.isEmpty else { return [] }
    return [Element](unsafeUninitializedCapacity: range.count) { buffer, initialized in
      copy(range, into: buffer)
      initialized = range.count
    }
  }

  /// The element at `position`, read as ``copy(_:into:)`` does.
  func copiedElement(at position: Int) -> Element {
    withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { buffer in
      copy(position..<(position + 1), into: buffer)
      return buffer[0]
    }
  }

  /// Calls `body` with the elements as a mutable array (a mapped column is copied into one first).
  mutating func withArray<R>(_ body: (inout [Element]) -> R) -> R {
    var array: [Element]
    switch storage {
    case .array(let stored): array = stored
    case .mapped(_, let base, let count): array = Array(UnsafeBufferPointer(start: base, count: count))
    }
    // Leave nothing else referring to the array's buffer, so that `body` mutates it in place.
    storage = .array([])
    defer { storage = .array(array) }
    return body(&array)
  }

  /// Appends `element`.
  mutating func append(_ element: Element) { withArray { $0.append(element) } }

  /// Appends `elements`.
  mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
    withArray { $0.append(contentsOf: elements) }
  }

  /// Reserves room for `count` elements.
  mutating func reserveCapacity(_ count: Int) { withArray { $0.reserveCapacity(count) } }

  /// A copy without spare capacity (see `Array.trimmed()`); a mapped column is returned as it is.
  func trimmed() -> StoredArray {
    guard case .array(let array) = storage else { return self }
    return StoredArray(array.trimmed())
  }
}

extension StoredArray: RandomAccessCollection {
  var startIndex: Int { 0 }

  var endIndex: Int {
    switch storage {
    case .array(let array): array.count
    case .mapped(_, _, let count): count
    }
  }

  @inline(__always) subscript(position: Int) -> Element {
    get {
      switch storage {
      case .array(let array): return array[position]
      case .mapped(_, let base, let count):
        precondition(position >= 0 && position < count, "index out of range")
        return base[position]
      }
    }
    set { withArray { $0[position] = newValue } }
  }
}

extension StoredArray where Element == UInt32 {
  /// `self[index]..<self[index + 1]`, read as ``copy(_:into:)`` does: the bounds of one string of an offsets column.
  func copiedBounds(_ index: Int) -> Range<Int> {
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2) { bounds in
      copy(index..<(index + 2), into: bounds)
      return Int(bounds[0])..<Int(bounds[1])
    }
  }
}

extension StoredArray where Element == UInt8 {
  /// The bytes of `range` decoded as UTF-8, read as ``copy(_:into:)`` does.
  func copiedString(_ range: Range<Int>) -> String {
    String(unsafeUninitializedCapacity: range.count) { buffer in
      copy(range, into: buffer)
      return range.count
    }
  }
}

extension StoredArray: Equatable where Element: Equatable {
  static func == (lhs: StoredArray, rhs: StoredArray) -> Bool {
    lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { right in left.elementsEqual(right) } }
  }
}

extension StoredArray: ExpressibleByArrayLiteral {
  init(arrayLiteral elements: Element...) { self.init(elements) }
}
