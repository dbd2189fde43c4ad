import Locking

/// A thread-safe set of named catalog snapshots; replacing one is an atomic swap, so readers always see a whole
/// snapshot.
public final class CatalogRegistry: Sendable {
  /// The name used when a request names no catalog.
  public static let defaultName = "default"

  /// The snapshots by name, guarded by the mutex (only whole values are read or swapped).
  private let catalogs: Locked<[String: Catalog]>

  /// Creates a registry, optionally with a default catalog.
  public init(default catalog: Catalog? = nil) {
    var initial: [String: Catalog] = [:]
    if let catalog { initial[Self.defaultName] = catalog }
    catalogs = Locked(initial)
  }

  /// The snapshot named `name`, if any.
  public func catalog(named name: String = CatalogRegistry.defaultName) -> Catalog? {
    catalogs.withLock { $0[name] }
  }

  /// Stores `catalog` under `name`, replacing any previous snapshot.
  public func set(_ catalog: Catalog, named name: String = CatalogRegistry.defaultName) {
    catalogs.withLock { $0[name] = catalog }
  }

  /// Applies `change` to the snapshot named `name` (an empty catalog if none) and stores the result atomically.
  ///
  /// `change` runs under the registry's lock, so concurrent edits of the same catalog never lose each other.
  ///
  /// - Returns: The new snapshot.
  @discardableResult
  public func update(named name: String = CatalogRegistry.defaultName, _ change: (Catalog) -> Catalog) -> Catalog {
    catalogs.withLock { catalogs in
      let updated = change(catalogs[name] ?? .empty)
      catalogs[name] = updated
      return updated
    }
  }

  /// Stores `replacement` under `name` only if the snapshot there is still `current`: a catalog whose snapshot was
  /// just written is served from it unless an edit or another load came first.
  ///
  /// - Returns: Whether `replacement` was stored.
  @discardableResult
  public func replace(named name: String, ifStill current: Catalog, with replacement: Catalog) -> Bool {
    catalogs.withLock { catalogs in
      guard let stored = catalogs[name], stored.isSameSnapshot(as: current) else { return false }
      catalogs[name] = replacement
      return true
    }
  }

  /// Removes the snapshot named `name`.
  public func remove(named name: String) {
    catalogs.withLock { _ = $0.removeValue(forKey: name) }
  }

  /// Drops the pages every catalog's mapped columns have read (``Catalog/releaseMappedPages()``).
  public func releaseMappedPages() {
    for catalog in catalogs.withLock({ Array($0.values) }) { catalog.releaseMappedPages() }
  }

  /// Makes every catalog forget what recent searches kept for the next keystrokes
  /// (``Catalog/forgetRecentSearches()``).
  public func forgetRecentSearches() {
    for catalog in catalogs.withLock({ Array($0.values) }) { catalog.forgetRecentSearches() }
  }

  /// The names in use, sorted.
  public var names: [String] {
    catalogs.withLock { $0.keys.sorted() }
  }
}
