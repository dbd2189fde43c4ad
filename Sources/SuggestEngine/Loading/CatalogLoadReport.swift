/// What a load did: how many items and tokens it produced, which rows it skipped and what it warns about.
///
/// The lists keep the first ``storedIssueLimit`` entries, in file order; the counts are exact. The daemon prints
/// ``lines`` on stderr and returns the counts to the client.
public struct CatalogLoadReport: Sendable, Hashable {
  /// How many issues of each kind are kept in full.
  public static let storedIssueLimit = 100

  /// The number of items loaded (after duplicates were merged).
  public var itemCount: Int
  /// The number of tokens (declared ones plus those created for undeclared references).
  public var tokenCount: Int
  /// The first skipped rows, in file order.
  public var skipped: [LoadIssue]
  /// The number of skipped rows.
  public var skippedCount: Int
  /// The first warnings, in file order: duplicate ids, tokens created for undeclared references, ignored columns.
  public var warnings: [LoadIssue]
  /// The number of warnings.
  public var warningCount: Int

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - itemCount: The number of items loaded.
  ///   - tokenCount: The number of tokens.
  ///   - skipped: The first skipped rows.
  ///   - skippedCount: The number of skipped rows (at least `skipped.count`).
  ///   - warnings: The first warnings.
  ///   - warningCount: The number of warnings (at least `warnings.count`).
  public init(
    itemCount: Int = 0,
    tokenCount: Int = 0,
    skipped: [LoadIssue] = [],
    skippedCount: Int? = nil,
    warnings: [LoadIssue] = [],
    warningCount: Int? = nil
  ) {
    self.itemCount = itemCount
    self.tokenCount = tokenCount
    self.skipped = skipped
    self.skippedCount = max(skippedCount ?? skipped.count, skipped.count)
    self.warnings = warnings
    self.warningCount = max(warningCount ?? warnings.count, warnings.count)
  }

  /// One line: `loaded 886323 items and 0 tokens; skipped 2 rows; 1 warning`.
  public var summary: String {
    var text = "loaded \(itemCount) \(itemCount == 1 ? "item" : "items") and \(tokenCount) "
    text += tokenCount == 1 ? "token" : "tokens"
    if skippedCount > 0 { text += "; skipped \(skippedCount) \(skippedCount == 1 ? "row" : "rows")" }
    if warningCount > 0 { text += "; \(warningCount) \(warningCount == 1 ? "warning" : "warnings")" }
    return text
  }

  /// The summary, then one line per stored issue (`skipped line 12: ...`, `warning line 3: ...`), then a line
  /// saying how many were not listed, if any.
  public var lines: [String] {
    var result = [summary]
    result += skipped.map { "skipped \($0)" }
    if skippedCount > skipped.count { result.append("... and \(skippedCount - skipped.count) more skipped rows") }
    result += warnings.map { "warning \($0)" }
    if warningCount > warnings.count { result.append("... and \(warningCount - warnings.count) more warnings") }
    return result
  }
}
