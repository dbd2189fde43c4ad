/// The recents of every catalog: catalog name → ``RecentsStore``, all with the same cap.
///
/// Catalog names are data, never paths: the whole book is saved as one file (``RecentsFile``) whose name is
/// fixed, so a name such as `"../x"` or one with a NUL only ever appears inside the JSON.
public struct RecentsBook: Sendable, Hashable {
  /// The non-empty stores by catalog name (an empty store is dropped, so the book stays small).
  public private(set) var stores: [String: RecentsStore] = [:]
  /// The cap, never negative.
  private var limit: Int

  /// The most entries kept per catalog; shrinking it drops the oldest entries of every catalog at once. Negative
  /// values count as 0.
  public var maxCount: Int {
    get { limit }
    set {
      limit = max(0, newValue)
      for name in stores.keys { stores[name]?.maxCount = limit }
      stores = stores.filter { !$0.value.isEmpty }
    }
  }

  /// Creates an empty book.
  ///
  /// - Parameter maxCount: The most entries kept per catalog (default 5); negative values count as 0.
  public init(maxCount: Int = 5) {
    self.limit = max(0, maxCount)
  }

  /// Creates a book from stores, for instance as loaded from the state file; each store takes the book's cap.
  ///
  /// - Parameters:
  ///   - maxCount: The most entries kept per catalog; negative values count as 0.
  ///   - stores: The stores by catalog name.
  public init(maxCount: Int = 5, stores: [String: RecentsStore]) {
    self.init(maxCount: maxCount)
    for (name, var store) in stores {
      store.maxCount = limit
      if !store.isEmpty { self.stores[name] = store }
    }
  }

  /// Whether no catalog has any entry.
  public var isEmpty: Bool { stores.isEmpty }

  /// The recents of `catalog` (an empty store when it has none).
  ///
  /// - Parameter catalog: The catalog name.
  public subscript(catalog catalog: String) -> RecentsStore {
    stores[catalog] ?? RecentsStore(maxCount: limit)
  }

  /// Records a use of `text` (and of item `id`) in `catalog`; see ``RecentsStore/add(text:id:at:)``.
  ///
  /// - Parameters:
  ///   - text: The text as the user spelled it.
  ///   - id: The catalog item's id, or `nil` for a free-text search.
  ///   - time: When it was used, in milliseconds since 1970-01-01T00:00:00Z.
  ///   - catalog: The catalog name.
  /// - Returns: The new entry.
  /// - Complexity: O(*n* + *m*) for *n* entries in the catalog and a text of *m* bytes.
  @discardableResult
  public mutating func add(text: String, id: String? = nil, at time: Int64, catalog: String) -> RecentEntry {
    var store = self[catalog: catalog]
    let entry = store.add(text: text, id: id, at: time)
    set(store, for: catalog)
    return entry
  }

  /// Removes the entries of `catalog` that match `text` or `id`; see ``RecentsStore/remove(text:id:)``.
  ///
  /// - Parameters:
  ///   - text: The text to match after folding, or `nil`.
  ///   - id: The item id to match, or `nil`.
  ///   - catalog: The catalog name.
  /// - Returns: Whether an entry was removed.
  /// - Complexity: O(*n* + *m*) for *n* entries in the catalog and a text of *m* bytes.
  @discardableResult
  public mutating func remove(text: String? = nil, id: String? = nil, catalog: String) -> Bool {
    guard var store = stores[catalog] else { return false }
    let removed = store.remove(text: text, id: id)
    set(store, for: catalog)
    return removed
  }

  /// Removes every entry of `catalog`.
  ///
  /// - Parameter catalog: The catalog name.
  public mutating func clear(catalog: String) {
    stores[catalog] = nil
  }

  /// Removes every entry of every catalog.
  public mutating func clearAll() {
    stores.removeAll()
  }

  /// Stores `store` under `catalog`, or drops the name when the store is empty.
  private mutating func set(_ store: RecentsStore, for catalog: String) {
    stores[catalog] = store.isEmpty ? nil : store
  }
}
