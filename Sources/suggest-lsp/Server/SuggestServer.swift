import Foundation
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

  /// The methods `initialize` lists: every method of the table but the handshake itself, sorted.
  var methodNames: [String] {
    let handshake = [InitializeRequest.method, InitializedNotification.method]
    return methods().methodNames.filter { !handshake.contains($0) }
  }

  let settings: Locked<ServerSettings>
  let recents: RecentsKeeper
  let catalogs: CatalogRegistry
  let scheduler = QueryScheduler<QueryKey, QueryToken, ContinuousClock>(clock: ContinuousClock())
  /// The number of search requests that have arrived, to tell apart queries that reuse an answered id.
  let searchArrivals = Atomic<UInt64>(0)
  let sessions = SearchSessions()
  /// The workers searches run on: about one per core, so a burst of searches waits as parsed requests. During a
  /// burst and when it ends, its freed memory and the pages of the catalogs' mapped columns it read go back to the
  /// system (``releaseMemory(of:)``).
  let workers: SearchWorkers
  /// The background work of a field's pause: the matches its next keystroke refines, and its likely next keystrokes
  /// answered ahead.
  let followUps: RefinementFollowUps
  /// The answers worked out ahead for a field's likely next keystrokes.
  let guessed = GuessedAnswers()
  /// How many next keystrokes a field's pause answers ahead (`--lookahead`).
  let lookahead: Int
  /// The newest batched query of each field, superseded by the next query of its field even once answered.
  let batchedQueries = BatchedQueries()
  let ordering = RequestOrdering()
  /// The editor's open documents.
  let documents = OpenDocuments()
  /// Catalog files the completion configuration names, loaded on first use.
  let catalogFiles: CatalogFiles
  /// Where catalog files are loaded through their snapshots.
  let catalogCache: CatalogCache
  /// Prepares the first keystrokes' answers of large catalogs in the background.
  let shortQueries: ShortQueryPreparation
  /// Writes the snapshots of catalogs built from their files once they are served.
  let snapshotWrites: SnapshotWrites

  /// Creates the daemon state.
  ///
  /// - Parameters:
  ///   - options: The command line.
  ///   - catalogs: The catalogs to serve (the demo catalog when the command line names none).
  ///   - catalogCache: The snapshot cache used by `catalog/load {path}`.
  ///   - taskExecutor: Where the server's own tasks run (the loads of completion catalog files), as
  ///     ``ConnectionOptions/taskExecutor`` for the handlers; `nil`: the global concurrent executor.
  init(
    options: CommandLineOptions,
    catalogs: CatalogRegistry,
    catalogCache: CatalogCache = CatalogCache(directory: nil),
    taskExecutor: (any TaskExecutor)? = nil
  ) {
    self.catalogCache = catalogCache
    let snapshotWrites = SnapshotWrites()
    self.snapshotWrites = snapshotWrites
    catalogFiles = CatalogFiles(cache: catalogCache, snapshotWrites: snapshotWrites, taskExecutor: taskExecutor)
    settings = Locked(
      ServerSettings(
        positionEncoding: options.positionEncoding,
        debounceMilliseconds: options.debounceMilliseconds,
        maxRecents: options.maxRecents
      )
    )
    self.catalogs = catalogs
    workers = SearchWorkers(limit: SearchWorkers.coreCount) { Self.releaseMemory(of: catalogs) }
    lookahead = options.lookahead
    followUps = RefinementFollowUps(workers: workers, sessions: sessions, guessed: guessed)
    shortQueries = ShortQueryPreparation(searchActivity: { [workers] in workers.activity }) {
      Self.releaseMemory(of: catalogs)
    }
    recents = RecentsKeeper(stateDirectory: options.stateDirectory, maxCount: options.maxRecents)
    if let diagnostic = recents.loadDiagnostic {
      Log.error("\(diagnostic)")
    }
  }

  /// Loads the command line's catalogs (or the demo catalog) and creates the daemon state, its own tasks on
  /// `taskExecutor` (see ``init(options:catalogs:catalogCache:taskExecutor:)``).
  ///
  /// - Throws: ``CatalogLoadError`` naming the file that could not be loaded.
  static func start(
    options: CommandLineOptions,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    taskExecutor: (any TaskExecutor)? = nil
  ) async throws -> SuggestServer {
    // On the other core while the catalogs load: a catalog read from its snapshot folds nothing, and the first
    // search would build the table.
    let foldTable = Task.detached { TextFolder.loadTable() }
    let registry = CatalogRegistry()
    let cache = options.catalogCache(environment: environment)
    if options.catalogs.isEmpty {
      registry.set(Catalog(items: DemoCatalog.items, tokens: DemoCatalog.tokens))
    }
    var loads: [(name: String, loaded: CachedCatalog)] = []
    for (name, path) in options.catalogs {
      let loaded: CachedCatalog
      do {
        // A catalog built from its file is served before its snapshot is written: ready sooner.
        loaded = try await cache.load(path: path, writing: .later)
      } catch {
        throw StartupError(description: "cannot load catalog '\(path)': \(error)")
      }
      logSnapshot(of: loaded, catalog: name)
      Log.info("catalog \"\(name)\": \(loaded.report.summary)")
      if loaded.report.skippedCount > 0 || loaded.report.warningCount > 0 {
        Log.warning("catalog \"\(name)\" (\(path)): \(loaded.report.summary)")
        for line in loaded.report.lines.prefix(20) { Log.warning("  \(line)") }
      }
      loads.append((name, loaded))
    }
    Memory.releaseFreedPages()
    await foldTable.value
    let server = SuggestServer(options: options, catalogs: registry, catalogCache: cache, taskExecutor: taskExecutor)
    // At start there is no burst of edits to wait out: answers kept by an earlier start are taken at once.
    for name in registry.names { server.catalogChanged(name, preparingAfter: .zero) }
    for (name, loaded) in loads { server.serve(loaded, named: name, preparingAfter: .zero) }
    return server
  }

  /// Serves `loaded` as catalog `name` and prepares its first keystrokes after `delay`; when its snapshot is still
  /// to be written, writes it first and serves the catalog from it. A catalog read from its snapshot takes the
  /// answers an earlier start kept beside it before it is served, so that its first keystroke is answered at once.
  func serve(
    _ loaded: CachedCatalog,
    named name: String,
    preparingAfter delay: Duration = ShortQueryPreparation.delay
  ) {
    // A few milliseconds before the catalog is served, where a search racing the preparation would scan.
    if loaded.fromSnapshot { loaded.catalog.takeKeptShortQueries() }
    catalogs.set(loaded.catalog, named: name)
    guard let pending = loaded.pendingSnapshot else {
      catalogChanged(name, preparingAfter: delay)
      return
    }
    sessions.reset(catalog: name)
    // Prepared once served from the snapshot: the answers are kept beside it, and a preparation begun on the built
    // catalog would start over.
    snapshotWrites.write(pending, of: loaded.catalog, named: name, in: catalogs) {
      self.catalogChanged(name, preparingAfter: delay)
    }
  }

  /// Gives the memory a burst of searches used back to the system: what they kept for the next keystrokes (of no use
  /// after one-off queries), freed heap pages, and the pages of the catalogs' mapped columns they read in place (read
  /// again from the file when needed). ``SearchWorkers`` and ``ShortQueryPreparation`` decide when
  /// (``ReleaseCadence``).
  static func releaseMemory(of catalogs: CatalogRegistry) {
    catalogs.forgetRecentSearches()
    Memory.releaseFreedPages()
    catalogs.releaseMappedPages()
  }

  /// Forgets what depended on the previous snapshot of catalog `name` (the fields' refinement state) and prepares
  /// the new one's first keystrokes.
  func catalogChanged(_ name: String, preparingAfter delay: Duration = ShortQueryPreparation.delay) {
    sessions.reset(catalog: name)
    guessed.reset()
    shortQueries.schedule(catalog: name, in: catalogs, after: delay)
  }

  /// Reports on stderr why a snapshot was not used or not written (a warning), and where it came from (info).
  static func logSnapshot(of loaded: CachedCatalog, catalog name: String) {
    for warning in loaded.warnings { Log.warning("catalog \"\(name)\": \(warning)") }
    if let path = loaded.snapshotPath {
      let later = loaded.pendingSnapshot == nil ? "" : " (written once served)"
      Log.info("catalog \"\(name)\": \(loaded.fromSnapshot ? "read from" : "built; snapshot") \(path)\(later)")
    }
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
    registerDocumentSyncMethods(in: &table)
    registerCompletionMethod(in: &table)
    registerCompletionResolveMethod(in: &table)
    registerExecuteCommandMethod(in: &table)
    return table
  }
}
