import Locking
import RPCKit
import SuggestEngine

/// The newest query of each field that came in a batch, whose answer may still wait in its unsent batch.
///
/// The scheduler forgets a query once its result is delivered, but a batch member's result is only written with the
/// rest of its batch, possibly after the result of a newer query of its field: a stale flash. So a newer query of the
/// field also supersedes the field's last batched query; the transport replaces the waiting result if the batch has
/// not been sent yet, and ignores the supersession otherwise.
///
/// Only batch members are kept, one per field at most, and those already written are pruned as the table grows.
final class BatchedQueries: Sendable {
  private struct State {
    var newest: [QueryKey: RequestContext] = [:]
    /// The size at which written queries are pruned next.
    var pruneAt = 64
  }

  private let state = Locked(State())

  /// Records the arrival of the query `context` of `key` (kept if it is a batch member) and returns the field's
  /// previous batched query, if any, for the caller to supersede.
  ///
  /// - Complexity: O(1) amortised: the table is pruned of written queries whenever it doubles.
  func arrive(_ context: RequestContext, key: QueryKey) -> RequestContext? {
    state.withLock { state in
      let previous =
        context.isBatchMember ? state.newest.updateValue(context, forKey: key) : state.newest.removeValue(forKey: key)
      if state.newest.count >= state.pruneAt {
        state.newest = state.newest.filter { $0.value.isPending }
        state.pruneAt = max(64, 2 * state.newest.count)
      }
      return previous
    }
  }

  /// The number of fields with a batched query kept.
  var count: Int {
    state.withLock { $0.newest.count }
  }
}
