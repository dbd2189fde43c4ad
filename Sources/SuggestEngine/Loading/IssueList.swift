/// A capped list of issues with an exact count: keeps the first ``CatalogLoadReport/storedIssueLimit`` entries so
/// that a file of a million bad rows does not hold a million messages.
struct IssueList: Sendable {
  /// The first issues, in the order they were appended.
  private(set) var stored: [LoadIssue] = []
  /// How many issues were appended in all.
  private(set) var count = 0

  /// Appends an issue, keeping it only while fewer than the limit are stored.
  mutating func append(_ issue: @autoclosure () -> LoadIssue) {
    count += 1
    if stored.count < CatalogLoadReport.storedIssueLimit { stored.append(issue()) }
  }

  /// Appends the issues of a later part of the same file.
  mutating func append(contentsOf other: IssueList) {
    count += other.count
    let room = CatalogLoadReport.storedIssueLimit - stored.count
    if room > 0 { stored += other.stored.prefix(room) }
  }

  /// Adds `delta` to every stored line number (for a part of a file decoded with lines counted from its start).
  mutating func shiftLines(by delta: Int) {
    guard delta != 0 else { return }
    for index in stored.indices {
      if let line = stored[index].line { stored[index].line = line + delta }
    }
  }
}
