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
}
