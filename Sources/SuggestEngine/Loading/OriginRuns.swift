/// The origins of one part's rows, kept as runs: a run is a first origin and the rows after it whose known line and
/// known index each go up by one per row.
///
/// A line-based file gives one run per stretch of lines without a skipped or blank line, so a first load holds a few
/// bytes per part instead of eight per row until its parts are joined (7 MB for a catalog of 886,000 rows, at the
/// load's peak). Origins that follow no such pattern cost one run each.
struct OriginRuns: Sendable {
  /// The offset of each run's first row.
  private var firstOffsets: [Int32] = []
  /// Each run's first origin.
  private var firsts: [RowOrigin] = []
  /// The number of rows.
  private(set) var count = 0

  /// Keeps `origins` as runs.
  init(_ origins: [RowOrigin]) {
    for origin in origins {
      if let last = firsts.last, let first = firstOffsets.last,
        origin == Self.advance(last, by: count - Int(first))
      {
        count += 1
        continue
      }
      firstOffsets.append(Int32(truncatingIfNeeded: count))
      firsts.append(origin)
      count += 1
    }
  }

  /// The number of runs.
  var runCount: Int { firsts.count }

  /// The origin of the row at `offset` (`0..<count`).
  subscript(offset: Int) -> RowOrigin {
    // The last run starting at or before `offset`.
    var low = 0
    var high = firstOffsets.count
    while high - low > 1 {
      let mid = (low + high) / 2
      if Int(firstOffsets[mid]) <= offset { low = mid } else { high = mid }
    }
    return Self.advance(firsts[low], by: offset - Int(firstOffsets[low]))
  }

  /// The origin `rows` rows after `origin` in its run: its known line and known index moved on by as many.
  private static func advance(_ origin: RowOrigin, by rows: Int) -> RowOrigin {
    var advanced = origin
    let step = Int32(truncatingIfNeeded: rows)
    // Wrapping: the origin after a run's last may lie past `Int32.max`, and then it is simply not in the run.
    if advanced.line > 0 { advanced.line &+= step }
    if advanced.index >= 0 { advanced.index &+= step }
    return advanced
  }
}
