/// The result of loading a catalog: its items and tokens, ready for the catalog builder, and the report.
public struct LoadedCatalog: Sendable {
  /// The items in file order, ids unique (a later duplicate replaced the earlier one in place).
  public var items: [CatalogItem]
  /// The declared tokens in file order, ids unique, then tokens created for undeclared references.
  public var tokens: [CatalogToken]
  /// Counts, skipped rows and warnings.
  public var report: CatalogLoadReport

  /// Creates a loaded catalog.
  ///
  /// - Parameters:
  ///   - items: The items.
  ///   - tokens: The tokens.
  ///   - report: The report.
  public init(items: [CatalogItem], tokens: [CatalogToken], report: CatalogLoadReport) {
    self.items = items
    self.tokens = tokens
    self.report = report
  }
}
