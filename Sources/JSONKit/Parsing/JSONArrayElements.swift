/// The byte ranges and start lines of the elements of one JSON array, as ``JSONShallowReader/splitArray()`` finds
/// them: for parsing the elements apart (in parallel, each knowing its line).
public struct JSONArrayElements: Sendable {
  /// Each element's bytes, without surrounding white space, as offsets into the text read.
  public var ranges: [Range<Int>]
  /// The 1-based line where each element starts.
  public var lines: [Int32]

  /// Creates an empty list.
  public init() {
    ranges = []
    lines = []
  }

  /// The number of elements.
  public var count: Int { ranges.count }
}
