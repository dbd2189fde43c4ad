/// What makes two queries compete: the same method, catalog and search field.
///
/// A newer query of a key supersedes every older unanswered one of the same key; queries of different keys never
/// affect each other.
struct QueryKey: Hashable, Sendable {
  /// The method name (e.g. `search/complete`).
  var method: String
  /// The catalog name.
  var catalog: String
  /// The search field's identity, chosen by the client.
  var field: String

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - method: The method name.
  ///   - catalog: The catalog name.
  ///   - field: The search field's identity.
  init(method: String, catalog: String, field: String) {
    self.method = method
    self.catalog = catalog
    self.field = field
  }
}
