import Locking
import RPCKit
import SuggestEngine

/// Writes the snapshots of the catalogs the daemon had to build from their files, once it serves them (contract
/// §9): a first start is ready when its catalog is built, not once a hundred megabytes are written and synced.
///
/// Once a snapshot is written, the catalog is served from it, its display columns mapped from the file rather than
/// held in memory, as a later start serves it. An edit or another load that came in the meantime wins: the catalog
/// it made stays.
final class SnapshotWrites: Sendable {
  /// The writes under way, by number.
  private let writes = Locked<(next: Int, tasks: [Int: Task<Void, Never>])>((0, [:]))

  /// Creates an idle writer.
  init() {}

  /// Writes `pending`, the snapshot of `built`, then serves catalog `name` in `registry` from it if `registry` still
  /// serves `built` there.
  ///
  /// - Parameters:
  ///   - pending: The snapshot the load left to write.
  ///   - built: The catalog the load built, as `registry` serves it.
  ///   - name: Its name in `registry`.
  ///   - registry: Where it is served.
  ///   - served: Called when the write ends and `registry` still serves this load's catalog: from the snapshot, or
  ///     as built when the snapshot could not be written. Not called when an edit or a load replaced it meanwhile.
  func write(
    _ pending: PendingSnapshot,
    of built: Catalog,
    named name: String,
    in registry: CatalogRegistry,
    then served: @escaping @Sendable () -> Void
  ) {
    // Handed over, not captured: the task lets go of the built catalog once it is replaced, so that its memory
    // goes back to the system then, not when the task ends.
    let handedOver = Locked<Catalog?>(built)
    writes.withLock { writes in
      let number = writes.next
      writes.next += 1
      writes.tasks[number] = Task.detached {
        Self.write(pending, of: handedOver, named: name, in: registry, then: served)
        _ = self.writes.withLock { $0.tasks.removeValue(forKey: number) }
      }
    }
  }

  /// Writes `pending`, the snapshot of the catalog `built` holds, and serves catalog `name` in `registry` from it,
  /// as ``write(_:of:named:in:then:)`` says, leaving `built` empty.
  private static func write(
    _ pending: PendingSnapshot,
    of built: Locked<Catalog?>,
    named name: String,
    in registry: CatalogRegistry,
    then served: @Sendable () -> Void
  ) {
    guard var catalog = built.withLock({ $0.take() }) else { return }
    let start = ContinuousClock.now
    do {
      let mapped = try pending.write(catalog)
      guard registry.replace(named: name, ifStill: catalog, with: mapped) else {
        Log.info("catalog \"\(name)\": snapshot \(pending.file) written; the catalog changed meanwhile")
        return
      }
      catalog = mapped  // the built catalog's last reference: its memory goes back to the system now
      Memory.releaseFreedPages()
      Log.info("catalog \"\(name)\": snapshot \(pending.file) written in \(ContinuousClock.now - start)")
      served()
    } catch {
      Log.warning("catalog \"\(name)\": snapshot \(pending.file): \(error)")
      if registry.catalog(named: name)?.isSameSnapshot(as: catalog) ?? false { served() }
    }
  }

  /// Returns once every write begun so far has ended: the daemon waits for this before it exits, so that the next
  /// start finds the snapshot.
  func finish() async {
    while let task = writes.withLock({ $0.tasks.values.first }) {
      await task.value
    }
  }
}
