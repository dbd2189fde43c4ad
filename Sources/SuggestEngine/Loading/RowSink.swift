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
  private(set) var overflow: [Value] = []
  /// Where each value came from.
  var origins: [RowOrigin] = []
  /// The rows skipped.
  var skipped = IssueList()
  /// The number of lines the part spans.
  var lineCount = 0

  /// Collects into `buffer`, which must be uninitialised memory owned by the caller.
  init(buffer: UnsafeMutableBufferPointer<Value>) {
    self.buffer = buffer
    origins.reserveCapacity(buffer.count)
  }

  /// Appends a value, moving it into place.
  @inline(__always)
  mutating func append(_ value: consuming Value, origin: RowOrigin) {
    origins.append(origin)
    if count < buffer.count {
      buffer.initializeElement(at: count, to: value)
      count += 1
    } else {
      overflow.append(value)
    }
  }
}
