/// Where a decoded item or token came from: its line in the file and its index in a JSON array; and the hash of its
/// id.
struct RowOrigin: Sendable, Hashable {
  /// The 1-based line, or 0 when unknown (items given as JSON values rather than a file).
  var line: Int32
  /// The 0-based index in a JSON array, or -1 for line-based formats.
  var index: Int32
  /// The hash of the row's id (``DuplicateFinder/hash(_:)``), taken when the row is appended (in parallel, while
  /// the id's bytes are in cache) so that finding duplicates later need not read every id again.
  var idHash: UInt64 = 0

  init(line: Int, index: Int? = nil, idHash: UInt64 = 0) {
    self.line = Int32(truncatingIfNeeded: line)
    self.index = Int32(truncatingIfNeeded: index ?? -1)
    self.idHash = idHash
  }

  /// The line, if known.
  var knownLine: Int? { line > 0 ? Int(line) : nil }
  /// The array index, if any.
  var knownIndex: Int? { index >= 0 ? Int(index) : nil }

  /// How a message refers to this row: `line 3`, or `items[2]` when only the index is known.
  func reference(arrayName: String) -> String {
    if let line = knownLine { return "line \(line)" }
    if let index = knownIndex { return "\(arrayName)[\(index)]" }
    return "an earlier row"
  }

  /// An issue located at this row.
  func issue(_ message: String) -> LoadIssue {
    LoadIssue(line: knownLine, index: knownIndex, message: message)
  }
}

/// Values decoded from (a part of) a catalog, with where each came from, before duplicates and undeclared tokens
/// are resolved by ``CatalogAssembler``.
struct DecodedRows<Value: CatalogRow>: Sendable {
  /// The values, in file order.
  var values: [Value] = []
  /// Where each value came from (parallel to ``values``).
  var origins: [RowOrigin] = []
  /// The rows skipped.
  var skipped = IssueList()
  /// The number of lines this part spans (line-based formats), for numbering the lines of the next part.
  var lineCount = 0

  /// Creates an empty list with room for `capacity` values.
  init(reservingCapacity capacity: Int = 0) {
    values.reserveCapacity(capacity)
    origins.reserveCapacity(capacity)
  }

  /// Appends a value.
  @inline(__always)
  mutating func append(_ value: Value, origin: RowOrigin) {
    var origin = origin
    origin.idHash = DuplicateFinder.hash(value.id)
    values.append(value)
    origins.append(origin)
  }

  /// Appends a later part of the same file whose lines were counted from 1 at its start, renumbering them to
  /// follow this part's lines.
  mutating func append(part later: DecodedRows<Value>) {
    let shift = Int32(truncatingIfNeeded: lineCount)
    values.append(contentsOf: later.values)
    if shift == 0 {
      origins.append(contentsOf: later.origins)
    } else {
      origins.append(
        contentsOf: later.origins.lazy.map { origin in
          var shifted = origin
          if shifted.line > 0 { shifted.line += shift }
          return shifted
        }
      )
    }
    var issues = later.skipped
    issues.shiftLines(by: lineCount)
    skipped.append(contentsOf: issues)
    lineCount += later.lineCount
  }

  /// Concatenates parts decoded in parallel, in order, leaving `parts` empty.
  ///
  /// The parts are swapped out of the array rather than copied, so their storage stays uniquely referenced and the
  /// first part grows in place (a copy would duplicate every item).
  static func joined(_ parts: inout [DecodedRows<Value>]) -> DecodedRows<Value> {
    guard !parts.isEmpty else { return DecodedRows() }
    var result = DecodedRows<Value>()
    swap(&result, &parts[0])
    let total = parts.reduce(result.values.count) { $0 + $1.values.count }
    result.values.reserveCapacity(total)
    result.origins.reserveCapacity(total)
    for index in parts.indices.dropFirst() {
      var part = DecodedRows<Value>()
      swap(&part, &parts[index])
      result.append(part: part)
    }
    parts.removeAll()
    return result
  }

  /// Adds `delta` to every line number (for parts whose first line is not line 1 of the file).
  mutating func shiftLines(by delta: Int) {
    guard delta != 0 else { return }
    let shift = Int32(truncatingIfNeeded: delta)
    for index in origins.indices where origins[index].line > 0 { origins[index].line += shift }
    skipped.shiftLines(by: delta)
  }
}

/// Collects the values of one part straight into memory reserved for them.
///
/// `Array.append` of a struct holding strings copies it in (retaining every string) and then releases the
/// original; initialising reserved memory with a consumed value moves it instead, which matters at a million rows.
struct RowSink<Value: CatalogRow> {
  /// The reserved memory; `count` values are initialised.
  private let buffer: UnsafeMutableBufferPointer<Value>
  /// The number of values in ``buffer``.
  private(set) var count = 0
  /// Values beyond the reserved room (never expected: the room is the part's line count).
  fileprivate var overflow: [Value] = []
  /// Where each value came from.
  var origins: [RowOrigin] = []
  /// The rows skipped.
  var skipped = IssueList()
  /// The number of lines the part spans.
  var lineCount = 0

  fileprivate init(buffer: UnsafeMutableBufferPointer<Value>) {
    self.buffer = buffer
    origins.reserveCapacity(buffer.count)
  }

  /// Appends a value, moving it into place.
  @inline(__always)
  mutating func append(_ value: consuming Value, origin: RowOrigin) {
    var origin = origin
    origin.idHash = DuplicateFinder.hash(value.id)
    origins.append(origin)
    if count < buffer.count {
      buffer.initializeElement(at: count, to: value)
      count += 1
    } else {
      overflow.append(value)
    }
  }
}

extension DecodedRows {
  /// Decodes a part with `body`, which appends to a ``RowSink`` with room for `capacity` values.
  ///
  /// - Parameters:
  ///   - capacity: The room to reserve (the part's line count, or the whole file's for the first part, so that
  ///     later parts are appended without reallocating).
  ///   - body: Decodes the rows.
  init(capacity: Int, decoding body: (inout RowSink<Value>) -> Void) {
    var origins: [RowOrigin] = []
    var skipped = IssueList()
    var lineCount = 0
    var overflow: [Value] = []
    values = [Value](unsafeUninitializedCapacity: max(capacity, 0)) { buffer, initialized in
      HugePages.advise(buffer.baseAddress, byteCount: buffer.count * MemoryLayout<Value>.stride)
      var sink = RowSink(buffer: buffer)
      body(&sink)
      initialized = sink.count
      origins = sink.origins
      skipped = sink.skipped
      lineCount = sink.lineCount
      overflow = sink.overflow
    }
    values.append(contentsOf: overflow)
    self.origins = origins
    self.skipped = skipped
    self.lineCount = lineCount
  }
}
