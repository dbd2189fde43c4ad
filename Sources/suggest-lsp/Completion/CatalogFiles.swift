import Locking
import RPCKit
import SuggestEngine

/// Catalog files named by the completion configuration, each loaded once, on first use, into a catalog named by its
/// path; completions that arrive while it loads wait for the same load.
final class CatalogFiles: Sendable {
  private let loads = Locked<[String: Task<Void, any Error>]>([:])
  /// Where the files' built indexes are kept between runs.
  private let cache: CatalogCache
  /// Writes the snapshots of the files built, once they are served.
  private let snapshotWrites: SnapshotWrites
  /// Where the loads run (`nil`: the global concurrent executor).
  private let taskExecutor: (any TaskExecutor)?

  /// Creates an empty set that loads through `cache`, its loads on `taskExecutor`, and writes the snapshots of the
  /// files it builds through `snapshotWrites`.
  init(cache: CatalogCache, snapshotWrites: SnapshotWrites, taskExecutor: (any TaskExecutor)? = nil) {
    self.cache = cache
    self.snapshotWrites = snapshotWrites
    self.taskExecutor = taskExecutor
  }

  /// Loads `path` into `registry` unless it is there already.
  ///
  /// - Throws: -32603 naming the file when it cannot be loaded (the failure is kept: fix the file, then change the
  ///   configuration to try again).
  func ensureLoaded(_ path: String, into registry: CatalogRegistry) async throws {
    if registry.catalog(named: path) != nil { return }
    let load = loads.withLock { loads in
      if let load = loads[path] { return load }
      // Its own task, not the first caller's: a cancelled completion request must not cancel a shared load.
      let cache = self.cache
      let snapshotWrites = self.snapshotWrites
      let load = Task(executorPreference: taskExecutor) {
        let loaded: CachedCatalog
        do {
          loaded = try await cache.load(path: path, writing: .later)
        } catch {
          Log.error("cannot load catalog '\(path)': \(error)")
          throw ResponseError.internalError("cannot load catalog '\(path)': \(error)")
        }
        SuggestServer.logSnapshot(of: loaded, catalog: path)
        registry.set(loaded.catalog, named: path)
        if let pending = loaded.pendingSnapshot {
          snapshotWrites.write(pending, of: loaded.catalog, named: path, in: registry) {}
        }
        Log.info("catalog \"\(path)\": \(loaded.report.summary)")
      }
      loads[path] = load
      return load
    }
    try await load.value
  }

  /// Forgets failed and finished loads, so that a changed configuration tries failed files again.
  func reset() {
    loads.withLock { $0 = [:] }
  }
}
