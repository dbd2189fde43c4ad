/// The ranges and start lines of the elements of one JSON array.
struct JSONElements: Sendable {
  /// Each element's bytes, without surrounding white space.
  var ranges: [Range<Int>] = []
  /// The 1-based line where each element starts.
  var lines: [Int32] = []
}
