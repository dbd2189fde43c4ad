/// Where each slot of a catalog built in parts came from, kept as the parts' own runs (``OriginRuns``; joining them
/// would hold them twice at the peak of a load), each with the shift that makes its lines those of the file.
struct SlotOrigins {
  /// The parts' origins, in slot order.
  private var parts: [OriginRuns] = []
  /// The first slot of each part.
  private var starts: [Int] = []
  /// What to add to each part's (known) lines.
  private var lineShifts: [Int32] = []
  /// The number of slots.
  private var count = 0

  /// Appends the origins of the next part, whose lines are shifted by `lineShift`.
  mutating func append(_ origins: OriginRuns, lineShift: Int) {
    parts.append(origins)
    starts.append(count)
    lineShifts.append(Int32(truncatingIfNeeded: lineShift))
    count += origins.count
  }

  /// The origin of `slot`, with its line in the file.
  subscript(slot: Int) -> RowOrigin {
    // The last part starting at or before `slot`.
    var low = 0
    var high = starts.count
    while high - low > 1 {
      let mid = (low + high) / 2
      if starts[mid] <= slot { low = mid } else { high = mid }
    }
    var origin = parts[low][slot - starts[low]]
    if origin.line > 0 { origin.line += lineShifts[low] }
    return origin
  }
}
