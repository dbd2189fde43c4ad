import Locking

/// Keeps the effects of requests in arrival order while their work runs concurrently.
///
/// A *write* (anything that changes state: loading a catalog, adding a recent) runs after every request that arrived
/// before it, reads included; a *read* (a search) runs after every write that arrived before it, and concurrently
/// with other reads. So a shell pipe that loads a catalog and then searches it gets the new catalog, a `recents/list`
/// after a `recents/add` sees the addition, and a search written before a `catalog/add` never sees the added items,
/// although every request runs in its own task. (A write therefore waits for the reads before it to finish, a
/// debounced query's delay included; a superseded query finishes at once.)
///
/// Take a ticket when the request arrives (synchronously, in arrival order), then run the work through it.
final class RequestOrdering: Sendable {
  private struct State {
    /// The newest write.
    var lastWrite: Completion?
    /// The reads that arrived after the newest write (finished ones are pruned now and then).
    var reads: [Completion] = []
    /// The length of `reads` at which finished reads are pruned next.
    var pruneAt = 64
  }

  private let state = Locked(State())

  /// Creates an ordering with no write in flight.
  init() {}

  /// A ticket for a write that just arrived: it runs after every earlier request.
  func arriveWrite() -> OrderingTicket {
    let mine = Completion()
    let previous = state.withLock { state in
      // The newest write itself came after every request before it, so it and the reads since stand for them all.
      let previous = state.reads + (state.lastWrite.map { [$0] } ?? [])
      state.lastWrite = mine
      state.reads = []
      state.pruneAt = 64
      return previous
    }
    return OrderingTicket(after: previous, completing: mine)
  }

  /// A ticket for a read that just arrived: it runs after every earlier write.
  func arriveRead() -> OrderingTicket {
    let mine = Completion()
    let previous = state.withLock { state in
      if state.reads.count >= state.pruneAt {
        // Amortised O(1): the list only holds the reads in flight since the last write.
        state.reads.removeAll { $0.isComplete }
        state.pruneAt = max(64, 2 * state.reads.count)
      }
      state.reads.append(mine)
      return state.lastWrite.map { [$0] } ?? []
    }
    return OrderingTicket(after: previous, completing: mine)
  }
}
