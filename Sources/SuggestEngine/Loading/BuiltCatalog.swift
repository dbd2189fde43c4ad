/// A catalog built from a file, and the report of its load.
public struct BuiltCatalog: Sendable {
  /// The catalog.
  public var catalog: Catalog
  /// Counts, skipped rows and warnings.
  public var report: CatalogLoadReport

  /// Creates a built catalog.
  public init(catalog: Catalog, report: CatalogLoadReport) {
    self.catalog = catalog
    self.report = report
  }
}
