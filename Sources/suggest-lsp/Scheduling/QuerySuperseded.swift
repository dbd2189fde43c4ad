/// Thrown by ``QueryScheduler/run(_:key:debounce:operation:)`` for a query that a newer one of its key replaced.
///
/// By the time it is thrown the query was already answered (as superseded) by the caller of
/// ``QueryScheduler/arrive(_:key:)``; it tells the query's task to deliver nothing.
struct QuerySuperseded<ID: Hashable & Sendable>: Error, Hashable, Sendable {
  /// The superseded query.
  var id: ID
  /// The newest query of the key when this was found, or `nil` when that one has finished too.
  var newest: ID?

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - id: The superseded query.
  ///   - newest: The newest query of the key, if it is still unanswered.
  init(id: ID, newest: ID?) {
    self.id = id
    self.newest = newest
  }
}
