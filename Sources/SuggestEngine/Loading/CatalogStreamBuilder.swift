import Dispatch
import Locking

/// Builds a catalog from a file's parts as they are decoded: each part's items are built into a segment part
/// (``SegmentPartFinisher/build(_:)``) on the thread that decoded them and released there, and the parts are
/// joined by ``CatalogBuilder``. The file is never held as one array of items, which is what keeps the peak memory
/// of a first load low.
///
/// The duplicate rule is the builder's (a later item with the same id shadows the earlier one, and so takes its
/// place at its own position); the report says the same as ``CatalogAssembler``'s for the same rows.
struct CatalogStreamBuilder: Sendable {
  /// A decoded part, built.
  private struct BuiltPart: Sendable {
    var part: SegmentPartFinisher.Part
    /// Where each of the part's slots came from.
    var origins: OriginRuns
    var skipped: IssueList
    /// Warnings about the part's rows (empty token ids), lines numbered as in ``origins``.
    var warnings: IssueList
    var lineCount: Int
  }

  /// The number of the file's first decoded line, when each part numbers its lines from 1 (line-based formats);
  /// `nil` when the parts' lines are already those of the file.
  var firstLine: Int?
  /// When the decoded weights are only final once all are known (ranks): the weights from all of them.
  var finishingWeights: (@Sendable ([Double]) -> [Double])?
  /// Built parts by number.
  private let built = Locked<[Int: BuiltPart]>([:])

  /// Creates a builder.
  init(firstLine: Int?, finishingWeights: (@Sendable ([Double]) -> [Double])? = nil) {
    self.firstLine = firstLine
    self.finishingWeights = finishingWeights
  }

  /// Decodes and builds `partCount` parts in parallel, at most one per core at a time.
  ///
  /// - Parameters:
  ///   - partCount: The number of parts.
  ///   - decode: Decodes part `k` (its rows in order, lines numbered as ``firstLine`` says).
  func addParts(_ partCount: Int, decode: @Sendable (Int) -> DecodedRows<CatalogItem>) {
    // Dispatch rather than a task group: the file's memory is only lent to the caller's synchronous closure. The
    // calling thread takes part, so the parts progress even when Dispatch has no thread to spare.
    DispatchQueue.concurrentPerform(iterations: partCount) { number in
      var rows = decode(number)
      var warnings = IssueList()
      TokenReferences.dropEmptyIDs(&rows, into: &warnings)
      var items: [CatalogItem] = []
      swap(&items, &rows.values)
      let part = SegmentPartFinisher.build(consume items)
      // The items' text was freed as the part was built, in blocks too small for mappings of their own.
      if part.segment.count >= CatalogSegmentBuilder.trimmedPartCount { Memory.releaseFreedPages() }
      let built = BuiltPart(
        part: part,
        origins: OriginRuns(rows.origins),
        skipped: rows.skipped,
        warnings: warnings,
        lineCount: rows.lineCount
      )
      self.built.withLock { $0[number] = built }
    }
  }

  /// Joins the parts into the catalog and writes the report.
  ///
  /// - Parameters:
  ///   - tokens: The declared tokens.
  ///   - headerWarnings: Warnings found before the rows (about a TSV header), reported first.
  /// - Returns: The catalog and its report.
  func finish(tokens: consuming DecodedRows<CatalogToken>, headerWarnings: [LoadIssue] = []) -> BuiltCatalog {
    var parts: [SegmentPartFinisher.Part] = []
    var origins = SlotOrigins()
    var skipped = IssueList()
    // The assembler's order: empty token ids, then duplicates, then undeclared tokens.
    var itemWarnings = IssueList()
    var lineShift = (firstLine ?? 1) - 1
    built.withLock { built in
      for number in built.keys.sorted() {
        guard var part = built.removeValue(forKey: number) else { continue }
        origins.append(part.origins, lineShift: lineShift)
        part.skipped.shiftLines(by: lineShift)
        skipped.append(contentsOf: part.skipped)
        part.warnings.shiftLines(by: lineShift)
        itemWarnings.append(contentsOf: part.warnings)
        if firstLine != nil { lineShift += part.lineCount }
        parts.append(part.part)
      }
    }

    var tokenRows = consume tokens
    var tokenWarnings = IssueList()
    CatalogAssembler.mergeDuplicates(&tokenRows, kind: "token id", arrayName: "tokens", into: &tokenWarnings)
    var replacements: [(earlier: Int, later: Int)] = []
    var catalog = CatalogBuilder.build(
      parts: &parts,
      tokens: tokenRows.values,
      finishingWeights: finishingWeights,
      replacements: &replacements
    )

    for (earlier, later) in replacements {
      itemWarnings.append(
        origins[later].duplicateIssue(
          kind: "id",
          id: catalog.base.id(later),
          replacing: origins[earlier],
          arrayName: "items"
        )
      )
    }
    let declared = Set(tokenRows.values.lazy.map(\.id))
    let references = TokenReferences(catalog: catalog) { declared.contains($0) }
    references.warn(into: &itemWarnings, origin: { origins[$0] }, itemID: { catalog.base.id($0) })
    let created = references.createdTokens
    if catalog.tokenTable.ids.count > tokenRows.values.count {
      // Numbered as `Catalog(items:tokens:)` numbers them: declared tokens, then created ones, then ids only
      // shadowed items mention.
      catalog = catalog.renumberingTokens(definingFirst: tokenRows.values + created)
    }
    let report = CatalogAssembler.report(
      itemCount: catalog.count,
      tokenCount: tokenRows.values.count + created.count,
      itemSkipped: skipped,
      tokenSkipped: tokenRows.skipped,
      headerWarnings: headerWarnings,
      itemWarnings: itemWarnings,
      tokenWarnings: tokenWarnings
    )
    return BuiltCatalog(catalog: catalog, report: report)
  }
}
