import Dispatch
import Locking

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
  /// Decodes parts in parallel straight into one array of values, part `k` into a region of `regionSizes[k]`
  /// values (room for every value it can have), and closes the regions up in place.
  ///
  /// Decoding the parts into arrays of their own and joining them would hold every value twice at the peak of a
  /// load. A part that appends more values than its region holds (never expected) still gets them in order.
  ///
  /// - Parameters:
  ///   - regionSizes: The room of each part.
  ///   - body: Decodes part `k` into its sink, and sets the sink's ``RowSink/lineCount`` when lines are relative to
  ///     the part (the parts are joined as ``joined(_:)`` does).
  /// - Returns: The values, origins and skipped rows of every part, in part order.
  static func decoding(
    regionSizes: [Int],
    _ body: @Sendable (Int, inout RowSink<Value>) -> Void
  ) -> DecodedRows<Value> {
    var starts = [0]
    for size in regionSizes { starts.append((starts.last ?? 0) + size) }
    let regionStarts = starts
    // Each part's rows with only its overflow for values (the others go to the shared array), and its value count.
    let decoded = Locked<[Int: (rows: DecodedRows<Value>, count: Int)]>([:])
    // At least one: `Array(unsafeUninitializedCapacity: 0)` stores its count into the shared empty-array singleton,
    // a data race when two threads decode empty parts at once.
    var values = [Value](unsafeUninitializedCapacity: max(regionStarts.last ?? 0, 1)) { buffer, initialized in
      initialized = 0
      guard let base = buffer.baseAddress else { return }
      HugePages.advise(base, byteCount: buffer.count * MemoryLayout<Value>.stride)
      // Dispatch, not a task group: the array's memory is only lent to this synchronous closure. The calling thread
      // takes part, so the parts progress even when Dispatch has no thread to spare.
      let memory = DisjointRegions(base: base)
      DispatchQueue.concurrentPerform(iterations: regionSizes.count) { part in
        var sink = RowSink(
          buffer: UnsafeMutableBufferPointer(start: memory.base + regionStarts[part], count: regionSizes[part])
        )
        body(part, &sink)
        var rows = DecodedRows()
        rows.values = sink.overflow
        rows.origins = sink.origins
        rows.skipped = sink.skipped
        rows.lineCount = sink.lineCount
        decoded.withLock { $0[part] = (rows, sink.count) }
      }
      // Close up the regions (moves, which may overlap).
      for part in regionSizes.indices {
        let count = decoded.withLock { $0[part]?.count ?? 0 }
        if initialized != regionStarts[part] {
          (base + initialized).moveInitialize(from: base + regionStarts[part], count: count)
        }
        initialized += count
      }
    }
    var parts: [DecodedRows<Value>] = []
    var partEnds: [Int] = []
    decoded.withLock { decoded in
      for part in regionSizes.indices {
        guard let (rows, count) = decoded.removeValue(forKey: part) else { continue }
        parts.append(rows)
        partEnds.append((partEnds.last ?? 0) + count)
      }
    }
    for part in parts.indices.reversed() where !parts[part].values.isEmpty {
      values.insert(contentsOf: parts[part].values, at: partEnds[part])
      parts[part].values = []
    }
    var rows = joined(&parts)
    rows.values = values
    return rows
  }
}

/// The memory of a values array that the parts of ``DecodedRows/decoding(regionSizes:_:)`` write at once: each part
/// initialises only its own region, and the regions do not overlap.
private struct DisjointRegions<Value>: @unchecked Sendable {
  let base: UnsafeMutablePointer<Value>
}
