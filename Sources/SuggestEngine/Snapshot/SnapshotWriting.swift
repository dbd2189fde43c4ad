/// When ``CatalogCache/load(path:format:writing:)`` writes the snapshot of a catalog it had to build.
public enum SnapshotWriting: Sendable {
  /// Before the load returns: the catalog returned is served from the snapshot.
  case beforeReturning
  /// By the caller, once it serves the built catalog: the load returns a ``PendingSnapshot`` in
  /// ``CachedCatalog/pendingSnapshot``. A daemon is ready sooner that way.
  case later
}
