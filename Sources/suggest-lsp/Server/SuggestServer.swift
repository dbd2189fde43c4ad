import JSONKit
import Locking
import RPCKit
import SuggestEngine
import Synchronization

/// The daemon: its state, and the method table that serves it.
///
/// Shared state has one owner each: settings behind a `Locked` lock, recents in their actor, catalogs in the engine's
/// registry of immutable snapshots, stale-query bookkeeping in the scheduler, refinement state per field in
/// ``SearchSessions``; ``RequestOrdering`` keeps the effects of requests in arrival order.
final class SuggestServer: Sendable {
  /// The version reported in `serverInfo` and by `--version`.
  static let version = "0.1.0"

  /// Every method the daemon answers, in the order `initialize` lists them.
  static let methodNames = [
    SearchFilterRequest.method, SearchCompleteRequest.method, SearchTokensRequest.method,
    RecentsAddRequest.method, RecentsListRequest.method, RecentsRemoveRequest.method, RecentsClearRequest.method,
    CatalogLoadRequest.method, CatalogAddRequest.method, CatalogRemoveRequest.method, CatalogStatsRequest.method,
  ]

  let settings: Locked<ServerSettings>
  let recents: RecentsKeeper
  let catalogs: CatalogRegistry
  let scheduler = QueryScheduler<QueryToken, ContinuousClock>(clock: ContinuousClock())
  /// The number of search requests that have arrived, to tell apart queries that reuse an answered id.
  let searchArrivals = Atomic<UInt64>(0)
  let sessions = SearchSessions()
  /// The workers searches run on: about one per core, so a burst of searches waits as parsed requests.
  let workers = SearchWorkers(limit: SearchWorkers.coreCount, drained: Memory.releaseFreedPages)
  /// The newest batched query of each field, superseded by the next query of its field even once answered.
  let batchedQueries = BatchedQueries()
  let ordering = RequestOrdering()

  /// Creates the daemon state.
  ///
  /// - Parameters:
  ///   - options: The command line.
  ///   - catalogs: The catalogs to serve (the demo catalog when the command line names none).
  init(options: CommandLineOptions, catalogs: CatalogRegistry) {
    settings = Locked(
      ServerSettings(
        positionEncoding: options.positionEncoding,
        debounceMilliseconds: options.debounceMilliseconds,
        maxRecents: options.maxRecents
      )
    )
    self.catalogs = catalogs
    recents = RecentsKeeper(stateDirectory: options.stateDirectory, maxCount: options.maxRecents)
    if let diagnostic = recents.loadDiagnostic {
      Log.error("\(diagnostic)")
    }
  }

  /// Loads the command line's catalogs (or the demo catalog) and creates the daemon state.
  ///
  /// - Throws: ``CatalogLoadError`` naming the file that could not be loaded.
  static func start(options: CommandLineOptions) async throws -> SuggestServer {
    let registry = CatalogRegistry()
    if options.catalogs.isEmpty {
      registry.set(Catalog(items: DemoCatalog.items, tokens: DemoCatalog.tokens))
    }
    for (name, path) in options.catalogs {
      var loaded: LoadedCatalog
      do {
        loaded = try await CatalogLoader.load(path: path)
      } catch {
        throw StartupError(description: "cannot load catalog '\(path)': \(error)")
      }
      registry.set(Catalog(items: loaded.takeItems(), tokens: loaded.tokens), named: name)
      Log.info("catalog \"\(name)\": \(loaded.report.summary)")
      if loaded.report.skippedCount > 0 || loaded.report.warningCount > 0 {
        Log.warning("catalog \"\(name)\" (\(path)): \(loaded.report.summary)")
        for line in loaded.report.lines.prefix(20) { Log.warning("  \(line)") }
      }
    }
    Memory.releaseFreedPages()
    return SuggestServer(options: options, catalogs: registry)
  }

  /// The names of the loaded catalogs.
  var catalogNames: [String] { catalogs.names }

  /// The method table.
  func methods() -> MethodTable {
    var table = MethodTable()
    registerInitializeMethod(in: &table)
    registerInitializedMethod(in: &table)
    registerFilterMethod(in: &table)
    registerCompleteMethod(in: &table)
    registerTokensMethod(in: &table)
    registerRecentsAddMethod(in: &table)
    registerRecentsListMethod(in: &table)
    registerRecentsRemoveMethod(in: &table)
    registerRecentsClearMethod(in: &table)
    registerCatalogLoadMethod(in: &table)
    registerCatalogAddMethod(in: &table)
    registerCatalogRemoveMethod(in: &table)
    registerCatalogStatsMethod(in: &table)
    return table
  }
}

/// A failure to start, reported on stderr with exit status 2.
struct StartupError: Error, CustomStringConvertible {
  var description: String
}
