/// Turns decoded items and tokens into a ``LoadedCatalog``: merges duplicate ids, creates undeclared tokens and
/// writes the report. Every format goes through here, so the rules are the same for all:
///
/// - **Duplicate item ids**: the later item replaces the earlier one, *at its own position* (as the catalog builder
///   shadows an earlier slot with the same id), with a warning naming both rows.
/// - **Duplicate token ids**: the same, for tokens.
/// - **Repeated token ids within one item** are kept once.
/// - **Token references**: empty token ids are dropped and undeclared tokens created as ``TokenReferences`` says,
///   the rules the catalog built in parts follows too.
enum CatalogAssembler {
  /// Assembles a catalog.
  ///
  /// - Parameters:
  ///   - items: The decoded items.
  ///   - tokens: The decoded (declared) tokens.
  ///   - headerWarnings: Warnings found before the rows (about a TSV header), reported first.
  ///   - itemArrayName: How messages name the item array when only an index is known (`items`).
  ///   - tokenArrayName: How messages name the token array when only an index is known (`tokens`).
  ///   - catalog: The catalog the items are added to (`catalog/add`), if any: the tokens it defines are declared
  ///     too, so an item naming one gets no token created (and the catalog's definition is kept).
  /// - Returns: The catalog and its report.
  /// - Complexity: O(*n*) hash operations for *n* items.
  static func assemble(
    items: consuming DecodedRows<CatalogItem>,
    tokens: consuming DecodedRows<CatalogToken> = DecodedRows(),
    headerWarnings: [LoadIssue] = [],
    itemArrayName: String = "items",
    tokenArrayName: String = "tokens",
    addingTo catalog: Catalog? = nil
  ) -> LoadedCatalog {
    // Moved, not copied: a copy would make the first mutation duplicate every item.
    var itemRows = consume items
    var tokenRows = consume tokens
    var itemWarnings = IssueList()
    var tokenWarnings = IssueList()
    TokenReferences.dropEmptyIDs(&itemRows, into: &itemWarnings)
    // Taken before duplicates are merged: a replaced row's tokens count too, as they do for the catalog builder.
    let mentionRanks = TokenReferences.mentionRanks(itemRows.values)
    mergeDuplicates(&itemRows, kind: "id", arrayName: itemArrayName, into: &itemWarnings)
    mergeDuplicates(&tokenRows, kind: "token id", arrayName: tokenArrayName, into: &tokenWarnings)
    removeRepeatedTokenIDs(&itemRows.values)
    let declared = Set(tokenRows.values.lazy.map(\.id))
    let references = TokenReferences(items: itemRows.values, mentionRanks: mentionRanks) { id in
      declared.contains(id) || catalog?.tokenTable.isDefined(id) == true
    }
    references.warn(into: &itemWarnings, origin: { itemRows.origins[$0] }, itemID: { itemRows.values[$0].id })
    tokenRows.values += references.createdTokens

    let report = report(
      itemCount: itemRows.values.count,
      tokenCount: tokenRows.values.count,
      itemSkipped: itemRows.skipped,
      tokenSkipped: tokenRows.skipped,
      headerWarnings: headerWarnings,
      itemWarnings: itemWarnings,
      tokenWarnings: tokenWarnings
    )
    return LoadedCatalog(items: itemRows.values, tokens: tokenRows.values, report: report)
  }

  /// The report of a load: the issues of items and tokens, each list in file order, merged by line.
  ///
  /// - Parameters:
  ///   - itemCount: The number of items loaded.
  ///   - tokenCount: The number of tokens.
  ///   - itemSkipped: The item rows skipped.
  ///   - tokenSkipped: The token rows skipped.
  ///   - headerWarnings: Warnings found before the rows, reported first.
  ///   - itemWarnings: Warnings about items.
  ///   - tokenWarnings: Warnings about tokens.
  /// - Returns: The report.
  static func report(
    itemCount: Int,
    tokenCount: Int,
    itemSkipped: IssueList,
    tokenSkipped: IssueList,
    headerWarnings: [LoadIssue],
    itemWarnings: IssueList,
    tokenWarnings: IssueList
  ) -> CatalogLoadReport {
    CatalogLoadReport(
      itemCount: itemCount,
      tokenCount: tokenCount,
      skipped: sortedByLine(itemSkipped.stored + tokenSkipped.stored),
      skippedCount: itemSkipped.count + tokenSkipped.count,
      warnings: Array(
        (headerWarnings + sortedByLine(itemWarnings.stored + tokenWarnings.stored)).prefix(
          CatalogLoadReport.storedIssueLimit
        )
      ),
      warningCount: headerWarnings.count + itemWarnings.count + tokenWarnings.count
    )
  }

  /// Sorts issues by line (stable), keeping the first ``CatalogLoadReport/storedIssueLimit``: item and token
  /// issues were collected in separate lists, each in file order.
  private static func sortedByLine(_ issues: [LoadIssue]) -> [LoadIssue] {
    let sorted = issues.enumerated().sorted { a, b in
      (a.element.line ?? Int.max, a.offset) < (b.element.line ?? Int.max, b.offset)
    }
    return sorted.prefix(CatalogLoadReport.storedIssueLimit).map(\.element)
  }

  /// Merges values with equal ids: the later value replaces the earlier, at its own position, with a warning naming
  /// the row it replaces. The repeats are found by the catalog's own rule (``IDIndex/replacements(among:)``).
  static func mergeDuplicates<Value: CatalogRow>(
    _ rows: inout DecodedRows<Value>,
    kind: String,
    arrayName: String,
    into warnings: inout IssueList
  ) {
    let count = rows.values.count
    let replacements = IDIndex.replacements(among: rows.values.lazy.map(\.id))
    guard !replacements.isEmpty else { return }

    var isRemoved = [Bool](repeating: false, count: count)
    for (replaced, later) in replacements {
      warnings.append(
        rows.origins[later].duplicateIssue(
          kind: kind,
          id: rows.values[later].id,
          replacing: rows.origins[replaced],
          arrayName: arrayName
        )
      )
      isRemoved[replaced] = true
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

  /// Removes repeated token ids within items (the first of each is kept).
  private static func removeRepeatedTokenIDs(_ items: inout [CatalogItem]) {
    // Most catalogs have no tokens at all: find out without touching (copying) the items.
    let firstWithTokens = items.withUnsafeBufferPointer { items in items.firstIndex { $0.tokens.count > 1 } }
    guard let firstWithTokens else { return }
    for position in firstWithTokens..<items.count {
      let tokenIDs = items[position].tokens
      if tokenIDs.count > 1, hasRepeats(tokenIDs) {
        var seen = Set<String>()
        items[position].tokens = tokenIDs.filter { seen.insert($0).inserted }
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
