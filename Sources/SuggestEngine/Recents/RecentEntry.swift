/// One recent search or viewed item: what the user chose, how often, and when last.
///
/// Times are whole milliseconds since 1970-01-01T00:00:00Z (Unix time, as JavaScript's `Date.now()`), kept as an
/// integer so that they go to the wire (`lastUsed`) and to the state file as an exact JSON integer and come back
/// unchanged.
public struct RecentEntry: Sendable, Hashable {
  /// The text as the user last spelled it (the newest spelling wins on re-use).
  public var text: String
  /// The catalog item's id when the entry is a viewed item, `nil` for a free-text search.
  public var id: String?
  /// How many times the entry was used; at least 1.
  public var count: Int
  /// When the entry was last used, in milliseconds since 1970-01-01T00:00:00Z.
  public var lastUsed: Int64

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - text: The text as the user spelled it.
  ///   - id: The catalog item's id, or `nil` for a free-text search.
  ///   - count: How many times the entry was used.
  ///   - lastUsed: When it was last used, in milliseconds since 1970-01-01T00:00:00Z.
  public init(text: String, id: String? = nil, count: Int = 1, lastUsed: Int64) {
    self.text = text
    self.id = id
    self.count = count
    self.lastUsed = lastUsed
  }
}
