import JSONKit
import RPCKit
import SuggestEngine
import Synchronization

/// The daemon: its state, and the method table that serves it.
///
/// Shared state has one owner each: settings behind a `Mutex`, recents in their actor, catalogs in the engine's
/// registry of immutable snapshots, stale-query bookkeeping in the scheduler.
final class SuggestServer: Sendable {
  /// The version reported in `serverInfo` and by `--version`.
  static let version = "0.1.0"

  /// Every method the daemon answers, in the order `initialize` lists them.
  static let methodNames = [
    "search/filter", "search/complete", "search/tokens",
    "recents/add", "recents/list", "recents/remove", "recents/clear",
    "catalog/load", "catalog/add", "catalog/remove", "catalog/stats",
  ]

  let settings: Mutex<ServerSettings>
  let recents: RecentsKeeper
  /// Keeps the effects of requests in arrival order.
  let ordering = RequestOrdering()

  /// Creates the daemon state from the command line.
  init(options: CommandLineOptions) {
    settings = Mutex(
      ServerSettings(
        positionEncoding: options.positionEncoding,
        debounceMilliseconds: options.debounceMilliseconds,
        maxRecents: options.maxRecents
      )
    )
    recents = RecentsKeeper(stateDirectory: options.stateDirectory, maxCount: options.maxRecents)
    if let diagnostic = recents.loadDiagnostic {
      Log.error("\(diagnostic)")
    }
  }

  /// The names of the loaded catalogs.
  var catalogNames: [String] { ["default"] }

  /// The method table.
  func methods() -> MethodTable {
    var table = MethodTable()
    registerLifecycleMethods(in: &table)
    registerRecentsMethods(in: &table)
    return table
  }
}
