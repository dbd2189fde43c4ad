import Locking

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The owner of the recents: one book for every catalog, saved to the state directory before each change returns.
///
/// An actor, so changes from concurrent requests are applied and saved one at a time, in the order they reach it,
/// and the file always ends with the latest state. Each changing method returns only once the new state is on
/// disk (or throws and leaves the state as it was), which is what lets the daemon answer a `recents/*` request
/// only when a `kill -9` can no longer lose it. Its methods run on their own serial queue (``SerialQueueExecutor``)
/// because they block in `fsync`.
///
/// Reads do not wait for the actor: the committed book sits behind a lock too, so a search reads the recents on its
/// own thread. Hopping to the actor's queue and back cost every search two thread wake-ups per read, the largest part
/// of a short query's round trip. Changes still go through the actor, one at a time, and are readable as soon as
/// they are on disk, before the changing method returns.
///
/// Without a state directory the book lives in memory only and changes never fail.
public actor RecentsKeeper {
  /// The executor all of the actor's methods run on.
  private let executor = SerialQueueExecutor(label: "suggest-lsp.recents")
  /// The file, or `nil` when recents are not persisted.
  private let file: RecentsFile?
  /// The clock for `lastUsed`, in milliseconds since 1970-01-01T00:00:00Z.
  private let now: @Sendable () -> Int64

  /// The problem with the state file found at start, if any: print it on stderr.
  public nonisolated let loadDiagnostic: RecentsFileDiagnostic?
  /// The committed book: written only by the actor's methods, read from any thread.
  private nonisolated let committed: Locked<RecentsBook>

  /// The recents of every catalog.
  public nonisolated var book: RecentsBook { committed.withLock { $0 } }

  /// Runs the actor's methods on its own queue.
  public nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Loads the recents from `stateDirectory` (see ``RecentsFile/load(maxCount:now:)``): never fails.
  ///
  /// - Parameters:
  ///   - stateDirectory: The state directory, or `nil` to keep recents in memory only.
  ///   - maxCount: The most entries kept per catalog.
  ///   - now: The wall clock in milliseconds since 1970-01-01T00:00:00Z (tests pass a fixed one).
  public init(
    stateDirectory: String?,
    maxCount: Int = 5,
    now: @escaping @Sendable () -> Int64 = RecentsKeeper.wallClockMilliseconds
  ) {
    self.now = now
    if let stateDirectory {
      let file = RecentsFile(directory: stateDirectory)
      let loaded = file.load(maxCount: maxCount, now: now())
      self.file = file
      self.committed = Locked(loaded.book)
      self.loadDiagnostic = loaded.diagnostic
    } else {
      self.file = nil
      self.committed = Locked(RecentsBook(maxCount: maxCount))
      self.loadDiagnostic = nil
    }
  }

  /// The current wall-clock time in milliseconds since 1970-01-01T00:00:00Z.
  @Sendable public static func wallClockMilliseconds() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
  }

  /// The state file, or `nil` when recents are kept in memory only.
  public nonisolated var stateFile: RecentsFile? { file }

  /// The recents of `catalog`, newest first.
  ///
  /// - Parameter catalog: The catalog name.
  /// - Returns: The entries, newest first.
  public nonisolated func entries(catalog: String) -> [RecentEntry] {
    committed.withLock { $0[catalog: catalog].entries }
  }

  /// The frecency boosts of `catalog`'s recents now.
  ///
  /// - Parameters:
  ///   - catalog: The catalog name.
  ///   - frecency: The boost formula.
  /// - Returns: The table the suggestion layer boosts items with.
  public nonisolated func frecencyTable(catalog: String, using frecency: Frecency = Frecency()) -> FrecencyTable {
    let recents = committed.withLock { $0[catalog: catalog] }
    return recents.frecencyTable(at: now(), using: frecency)
  }

  /// Records a use of `text` (and of item `id`) in `catalog` now, and saves.
  ///
  /// - Parameters:
  ///   - text: The text as the user spelled it.
  ///   - id: The catalog item's id, or `nil` for a free-text search.
  ///   - catalog: The catalog name.
  /// - Returns: The catalog's entries after the change, newest first.
  /// - Throws: ``RecentsSaveError`` when the change could not be made durable; the change is then not made.
  public func add(text: String, id: String? = nil, catalog: String) throws(RecentsSaveError) -> [RecentEntry] {
    var changed = book
    changed.add(text: text, id: id, at: now(), catalog: catalog)
    try commit(changed)
    return book[catalog: catalog].entries
  }

  /// Removes the entries of `catalog` that match `text` or `id`, and saves when something was removed.
  ///
  /// - Parameters:
  ///   - text: The text to match after folding, or `nil`.
  ///   - id: The item id to match, or `nil`.
  ///   - catalog: The catalog name.
  /// - Returns: Whether an entry was removed, and the catalog's entries after the change.
  /// - Throws: ``RecentsSaveError`` when the change could not be made durable; the change is then not made.
  public func remove(
    text: String? = nil,
    id: String? = nil,
    catalog: String
  ) throws(RecentsSaveError) -> (removed: Bool, entries: [RecentEntry]) {
    var changed = book
    let removed = changed.remove(text: text, id: id, catalog: catalog)
    if removed { try commit(changed) }
    return (removed, book[catalog: catalog].entries)
  }

  /// Removes every entry of `catalog`, and saves.
  ///
  /// - Parameter catalog: The catalog name.
  /// - Throws: ``RecentsSaveError`` when the change could not be made durable; the change is then not made.
  public func clear(catalog: String) throws(RecentsSaveError) {
    var changed = book
    changed.clear(catalog: catalog)
    try commit(changed)
  }

  /// Changes the cap of every catalog (dropping the oldest entries beyond it), and saves.
  ///
  /// - Parameter maxCount: The most entries kept per catalog; negative values count as 0.
  /// - Throws: ``RecentsSaveError`` when the change could not be made durable; the change is then not made.
  public func setMaxCount(_ maxCount: Int) throws(RecentsSaveError) {
    var changed = book
    changed.maxCount = maxCount
    try commit(changed)
  }

  /// Writes the whole book again (e.g. at shutdown); a no-op without a state directory.
  ///
  /// - Throws: ``RecentsSaveError`` when the save failed.
  public func save() throws(RecentsSaveError) {
    try file?.save(book)
  }

  /// Saves `changed` and makes it the current book; keeps the old book when the new one is not on disk.
  private func commit(_ changed: RecentsBook) throws(RecentsSaveError) {
    guard let file else {
      committed.withLock { $0 = changed }
      return
    }
    do {
      try file.save(changed)
      committed.withLock { $0 = changed }
    } catch {
      // Only the directory flush failed: the file already holds the new book, so memory must agree with it.
      if error.isInPlace { committed.withLock { $0 = changed } }
      throw error
    }
  }
}
