/// The result of loading a catalog: its items and tokens, ready for the catalog builder, and the report.
public struct LoadedCatalog: Sendable {
  /// The items in file order, ids unique (a later duplicate replaced the earlier one, at its own position).
  public var items: [CatalogItem]
  /// The declared tokens in file order, ids unique, then tokens created for undeclared references.
  public var tokens: [CatalogToken]
  /// Counts, skipped rows and warnings.
  public var report: CatalogLoadReport

  /// Moves the items out, leaving ``items`` empty, so that the catalog built from them holds the only reference and
  /// can release them as soon as it no longer needs them (`Catalog(items: loaded.takeItems(), ...)`).
  ///
  /// - Returns: The items.
  public mutating func takeItems() -> [CatalogItem] {
    var taken: [CatalogItem] = []
    swap(&taken, &items)
    return taken
  }

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
