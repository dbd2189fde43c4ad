/// One row a loader skipped, or a warning about one: where it is and what is wrong.
public struct LoadIssue: Sendable, Hashable, CustomStringConvertible {
  /// The 1-based line of the file where the row (or JSON item) starts; `nil` when the items did not come from a
  /// file.
  public var line: Int?
  /// The 0-based position of the item in a JSON `items` array; `nil` for line-based formats.
  public var index: Int?
  /// What is wrong, e.g. `items[3].title: expected a string, got a number` or `expected 5 fields, found 4`.
  public var message: String

  /// Creates an issue.
  ///
  /// - Parameters:
  ///   - line: The 1-based line, if known.
  ///   - index: The 0-based item index in a JSON array, if any.
  ///   - message: What is wrong.
  public init(line: Int? = nil, index: Int? = nil, message: String) {
    self.line = line
    self.index = index
    self.message = message
  }

  /// `line 12: <message>`, or just the message when the line is unknown (the message names the index).
  public var description: String {
    guard let line else { return message }
    return "line \(line): \(message)"
  }
}
