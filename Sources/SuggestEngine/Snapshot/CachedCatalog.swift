/// A catalog loaded through a ``CatalogCache``.
public struct CachedCatalog: Sendable {
  /// The catalog.
  public var catalog: Catalog
  /// The report of the load that built it (from the snapshot when it was read from one).
  public var report: CatalogLoadReport
  /// The snapshot file used or written, if the cache is on.
  public var snapshotPath: String?
  /// Whether the catalog was read from its snapshot rather than built from the file.
  public var fromSnapshot: Bool
  /// Why a snapshot could not be used or written (the catalog is still right): for stderr.
  public var warnings: [String]
  /// The snapshot still to write, when the catalog was built by a load asked to write it
  /// ``SnapshotWriting/later`` (and the cache has a directory).
  public var pendingSnapshot: PendingSnapshot?

  /// Creates the outcome of a load: a catalog `fromSnapshot` or built (with `report`), through `snapshotPath` when
  /// the cache has a directory; by default one built with no cache, as from a request's inline items.
  public init(
    catalog: Catalog,
    report: CatalogLoadReport,
    snapshotPath: String? = nil,
    fromSnapshot: Bool = false,
    warnings: [String] = [],
    pendingSnapshot: PendingSnapshot? = nil
  ) {
    self.catalog = catalog
    self.report = report
    self.snapshotPath = snapshotPath
    self.fromSnapshot = fromSnapshot
    self.warnings = warnings
    self.pendingSnapshot = pendingSnapshot
  }
}
