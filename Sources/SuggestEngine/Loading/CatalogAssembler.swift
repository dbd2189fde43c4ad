/// Turns decoded items and tokens into a ``LoadedCatalog``: merges duplicate ids, creates undeclared tokens and
/// writes the report. Every format goes through here, so the rules are the same for all:
///
/// - **Duplicate item ids**: the later item replaces the earlier one *in the earlier one's place* (catalog order
///   is the order of first appearance), with a warning naming both rows.
/// - **Duplicate token ids**: the same, for tokens.
/// - **Repeated token ids within one item** are kept once.
/// - **Undeclared tokens**: an item that refers to a token id no token declares gets a token created with that id
///   as its label, with one warning per token (at the first item that refers to it).
enum CatalogAssembler {
  /// Assembles a catalog.
  ///
  /// - Parameters:
  ///   - items: The decoded items.
  ///   - tokens: The decoded (declared) tokens.
  ///   - headerWarnings: Warnings found before the rows (about a TSV header), reported first.
  ///   - itemArrayName: How messages name the item array when only an index is known (`items`).
  ///   - tokenArrayName: How messages name the token array when only an index is known (`tokens`).
  /// - Returns: The catalog and its report.
  /// - Complexity: O(*n*) hash operations for *n* items.
  static func assemble(
    items: consuming DecodedRows<CatalogItem>,
    tokens: consuming DecodedRows<CatalogToken> = DecodedRows(),
    headerWarnings: [LoadIssue] = [],
    itemArrayName: String = "items",
    tokenArrayName: String = "tokens"
  ) -> LoadedCatalog {
    // Moved, not copied: a copy would make the first mutation duplicate every item.
    var itemRows = consume items
    var tokenRows = consume tokens
    var itemWarnings = IssueList()
    var tokenWarnings = IssueList()
    mergeDuplicates(&itemRows, kind: "id", arrayName: itemArrayName, into: &itemWarnings)
    mergeDuplicates(&tokenRows, kind: "token id", arrayName: tokenArrayName, into: &tokenWarnings)
    resolveTokens(&itemRows, declared: &tokenRows.values, into: &itemWarnings)

    let report = CatalogLoadReport(
      itemCount: itemRows.values.count,
      tokenCount: tokenRows.values.count,
      skipped: sortedByLine(itemRows.skipped.stored + tokenRows.skipped.stored),
      skippedCount: itemRows.skipped.count + tokenRows.skipped.count,
      warnings: Array(
        (headerWarnings + sortedByLine(itemWarnings.stored + tokenWarnings.stored)).prefix(
          CatalogLoadReport.storedIssueLimit
        )
      ),
      warningCount: headerWarnings.count + itemWarnings.count + tokenWarnings.count
    )
    return LoadedCatalog(items: itemRows.values, tokens: tokenRows.values, report: report)
  }

  /// Sorts issues by line (stable), keeping the first ``CatalogLoadReport/storedIssueLimit``: item and token
  /// issues were collected in separate lists, each in file order.
  private static func sortedByLine(_ issues: [LoadIssue]) -> [LoadIssue] {
    let sorted = issues.enumerated().sorted { a, b in
      (a.element.line ?? Int.max, a.offset) < (b.element.line ?? Int.max, b.offset)
    }
    return sorted.prefix(CatalogLoadReport.storedIssueLimit).map(\.element)
  }

  /// Merges values with equal ids: the later value replaces the earlier in its place.
  private static func mergeDuplicates<Value: CatalogRow>(
    _ rows: inout DecodedRows<Value>,
    kind: String,
    arrayName: String,
    into warnings: inout IssueList
  ) {
    let count = rows.values.count
    let replacedBy = rows.values.withUnsafeBufferPointer { values in
      rows.origins.withUnsafeBufferPointer { DuplicateFinder.duplicates(in: values, origins: $0) }
    }
    guard !replacedBy.isEmpty else { return }

    var isRemoved = [Bool](repeating: false, count: count)
    for (earlier, later) in replacedBy {
      // The earlier position holds the content of the row that last replaced it, and that row's origin.
      let laterOrigin = rows.origins[later]
      warnings.append(
        laterOrigin.issue(
          "duplicate \(kind) \"\(rows.values[later].id)\": replaces the one from "
            + rows.origins[earlier].reference(arrayName: arrayName)
        )
      )
      rows.values[earlier] = rows.values[later]
      rows.origins[earlier] = laterOrigin
      isRemoved[later] = true
    }
    var kept = 0
    for position in 0..<count where !isRemoved[position] {
      if kept != position {
        rows.values.swapAt(kept, position)
        rows.origins.swapAt(kept, position)
      }
      kept += 1
    }
    rows.values.removeLast(count - kept)
    rows.origins.removeLast(count - kept)
  }

  /// Removes repeated token ids within items and creates tokens (appended to `declared`) for ids no token declares.
  private static func resolveTokens(
    _ rows: inout DecodedRows<CatalogItem>,
    declared: inout [CatalogToken],
    into warnings: inout IssueList
  ) {
    // Most catalogs have no tokens at all: find out without touching (copying) the items.
    let firstWithTokens = rows.values.withUnsafeBufferPointer { items in items.firstIndex { !$0.tokens.isEmpty } }
    guard let firstWithTokens else { return }
    var known = Set(declared.map(\.id))
    for position in firstWithTokens..<rows.values.count {
      let tokenIDs = rows.values[position].tokens
      if tokenIDs.isEmpty { continue }
      if tokenIDs.count > 1, hasRepeats(tokenIDs) {
        var seen = Set<String>()
        rows.values[position].tokens = tokenIDs.filter { seen.insert($0).inserted }
      }
      for tokenID in rows.values[position].tokens where !known.contains(tokenID) {
        known.insert(tokenID)
        declared.append(CatalogToken(id: tokenID, label: tokenID))
        warnings.append(
          rows.origins[position].issue(
            "item \"\(rows.values[position].id)\" refers to undeclared token \"\(tokenID)\": "
              + "created with label \"\(tokenID)\""
          )
        )
      }
    }
  }

  private static func hasRepeats(_ ids: [String]) -> Bool {
    guard ids.count <= 16 else { return Set(ids).count != ids.count }
    for i in ids.indices {
      for j in ids.indices where j > i && ids[i] == ids[j] { return true }
    }
    return false
  }
}
