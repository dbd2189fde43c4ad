/// Where a decoded item or token came from: its line in the file and its index in a JSON array.
struct RowOrigin: Sendable, Hashable {
  /// The 1-based line, or 0 when unknown (items given as JSON values rather than a file).
  var line: Int32
  /// The 0-based index in a JSON array, or -1 for line-based formats.
  var index: Int32

  init(line: Int, index: Int? = nil) {
    self.line = Int32(truncatingIfNeeded: line)
    self.index = Int32(truncatingIfNeeded: index ?? -1)
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

  /// The warning of this row, whose `kind` ("id", "token id") `id` repeats that of the row from `replaced`.
  func duplicateIssue(kind: String, id: String, replacing replaced: RowOrigin, arrayName: String) -> LoadIssue {
    issue("duplicate \(kind) \"\(id)\": replaces the one from " + replaced.reference(arrayName: arrayName))
  }
}
