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
    // At least one: `Array(unsafeUninitializedCapacity: 0)` stores its count into the shared empty-array singleton,
    // a data race when two threads decode empty parts at once.
    values = [Value](unsafeUninitializedCapacity: max(capacity, 1)) { buffer, initialized in
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
