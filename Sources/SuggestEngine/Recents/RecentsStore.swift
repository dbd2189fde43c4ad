/// The recent searches and viewed items of one catalog: no duplicates, newest first, at most ``maxCount``.
///
/// This is the seed's `addToRecents` (remove the duplicate, put the new one first, keep five) with use counts and
/// last-used times for a frecency boost. Two entries are duplicates when they have the same non-`nil` id, or the
/// same text after folding (case, diacritics, width and separators, through ``TextFolder``): "Café", "cafe" and
/// "CAFÉ" are one entry. A value type: the owner (``RecentsKeeper`` in the daemon) decides when to persist it.
public struct RecentsStore: Sendable, Hashable {
  /// The entries, newest first.
  public private(set) var entries: [RecentEntry] = []
  /// The folded text of each entry, parallel to `entries`: the duplicate key for text. Derived from `entries`,
  /// so the synthesized equality stays consistent.
  private var foldedTexts: [[UInt8]] = []
  /// The cap, never negative.
  private var limit: Int

  /// The most entries kept; the oldest beyond it are dropped at once when it shrinks. Negative values count as 0.
  public var maxCount: Int {
    get { limit }
    set {
      limit = max(0, newValue)
      trim()
    }
  }

  /// Creates an empty store.
  ///
  /// - Parameter maxCount: The most entries kept (default 5, as in the seed); negative values count as 0.
  public init(maxCount: Int = 5) {
    self.limit = max(0, maxCount)
  }

  /// Creates a store holding `entries`, for instance as loaded from the state file.
  ///
  /// An entry that duplicates a newer one (possible when the folding rules changed since the entries were saved)
  /// is merged into it: the counts add up and the later `lastUsed` is kept. Entries beyond `maxCount` are dropped.
  ///
  /// - Parameters:
  ///   - maxCount: The most entries kept; negative values count as 0.
  ///   - entries: The entries, newest first.
  /// - Complexity: O(*n*²) for *n* entries (the store is small by design).
  public init(maxCount: Int = 5, entries: [RecentEntry]) {
    self.init(maxCount: maxCount)
    for entry in entries {
      let folded = Self.fold(entry.text)
      if let index = self.entries.indices.first(where: { matches(at: $0, id: entry.id, folded: folded) }) {
        self.entries[index].count = Self.saturatingSum(self.entries[index].count, entry.count)
        self.entries[index].lastUsed = max(self.entries[index].lastUsed, entry.lastUsed)
        if self.entries[index].id == nil { self.entries[index].id = entry.id }
      } else {
        self.entries.append(entry)
        foldedTexts.append(folded)
      }
    }
    trim()
  }

  /// Whether the store holds no entry.
  public var isEmpty: Bool { entries.isEmpty }

  /// Records a use of `text` (and of item `id`) at `time`, as the newest entry.
  ///
  /// Every duplicate (same id, or same folded text) is replaced by the new entry, which takes the newest spelling,
  /// `time` as `lastUsed`, the sum of their counts plus one, and `id`, or when `id` is `nil` the id of the newest
  /// duplicate that had one. The oldest entries beyond ``maxCount`` are dropped.
  ///
  /// - Parameters:
  ///   - text: The text as the user spelled it.
  ///   - id: The catalog item's id, or `nil` for a free-text search.
  ///   - time: When it was used, in milliseconds since 1970-01-01T00:00:00Z.
  /// - Returns: The new entry (returned even when ``maxCount`` is 0 and nothing is kept).
  /// - Complexity: O(*n* + *m*) for *n* entries and a text of *m* bytes.
  @discardableResult
  public mutating func add(text: String, id: String? = nil, at time: Int64) -> RecentEntry {
    let folded = Self.fold(text)
    var entry = RecentEntry(text: text, id: id, count: 1, lastUsed: time)
    var keptEntries: [RecentEntry] = [entry]
    var keptFolded: [[UInt8]] = [folded]
    keptEntries.reserveCapacity(entries.count + 1)
    keptFolded.reserveCapacity(entries.count + 1)
    for index in entries.indices {
      if matches(at: index, id: id, folded: folded) {
        entry.count = Self.saturatingSum(entry.count, entries[index].count)
        if entry.id == nil { entry.id = entries[index].id }
      } else {
        keptEntries.append(entries[index])
        keptFolded.append(foldedTexts[index])
      }
    }
    keptEntries[0] = entry
    entries = keptEntries
    foldedTexts = keptFolded
    trim()
    return entry
  }

  /// Removes every entry that matches `text` (by folded text) or `id`, with the same rules as ``add(text:id:at:)``.
  ///
  /// - Parameters:
  ///   - text: The text to match after folding, or `nil` to match by id only.
  ///   - id: The item id to match, or `nil` to match by text only.
  /// - Returns: Whether an entry was removed (`false` when both arguments are `nil`).
  /// - Complexity: O(*n* + *m*) for *n* entries and a text of *m* bytes.
  @discardableResult
  public mutating func remove(text: String? = nil, id: String? = nil) -> Bool {
    guard text != nil || id != nil else { return false }
    let folded = text.map(Self.fold)
    var keptEntries: [RecentEntry] = []
    var keptFolded: [[UInt8]] = []
    for index in entries.indices where !matches(at: index, id: id, folded: folded) {
      keptEntries.append(entries[index])
      keptFolded.append(foldedTexts[index])
    }
    let removed = keptEntries.count != entries.count
    entries = keptEntries
    foldedTexts = keptFolded
    return removed
  }

  /// Removes every entry.
  public mutating func clear() {
    entries.removeAll()
    foldedTexts.removeAll()
  }

  /// The frecency boosts of the entries at time `now`, for the suggestion layer to look items up in.
  ///
  /// - Parameters:
  ///   - now: The current time, in milliseconds since 1970-01-01T00:00:00Z.
  ///   - frecency: The boost formula.
  /// - Returns: A table from item id and from folded text to a boost in `0...1`.
  /// - Complexity: O(*n*) for *n* entries.
  public func frecencyTable(at now: Int64, using frecency: Frecency = Frecency()) -> FrecencyTable {
    FrecencyTable(
      boosts: entries.indices.map { index in
        FrecencyTable.Boost(
          id: entries[index].id,
          foldedText: foldedTexts[index],
          value: frecency.boost(for: entries[index], now: now)
        )
      }
    )
  }

  /// Whether entry `index` has the non-`nil` `id`, or the folded text `folded`.
  private func matches(at index: Int, id: String?, folded: [UInt8]?) -> Bool {
    if let id, entries[index].id == id { return true }
    if let folded, foldedTexts[index] == folded { return true }
    return false
  }

  /// Drops the oldest entries beyond the cap.
  private mutating func trim() {
    guard entries.count > limit else { return }
    entries.removeLast(entries.count - limit)
    foldedTexts.removeLast(foldedTexts.count - limit)
  }

  /// The duplicate key of `text`: its folded UTF-8.
  private static func fold(_ text: String) -> [UInt8] {
    TextFolder.fold(text).bytes
  }

  /// `a + b`, or `Int.max` when that overflows (counts come from a file we do not fully trust).
  private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : sum
  }
}
