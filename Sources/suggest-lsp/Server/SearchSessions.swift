import Locking
import SuggestEngine

/// The refinement state of the most recently used search fields: a query that extends the previous one in the same
/// field searches only the previous matches.
///
/// Field names are the client's: a script that gives every query a field of its own (as protocol.md suggests for
/// independent queries) would otherwise leave one session behind per query, each holding a match set as large as the
/// catalog's item count in bits, for as long as the daemon runs. So only the `capacity` most recently used fields
/// keep a session; a field that lost its session just searches from scratch next time.
final class SearchSessions: Sendable {
  private struct Entry {
    var session: SearchSession
    var lastUse: UInt64
  }

  private struct State {
    var entries: [QueryKey: Entry] = [:]
    var uses: UInt64 = 0
  }

  private let state = Locked(State())
  /// The most fields that keep a session.
  let capacity: Int

  /// Creates an empty set of sessions.
  ///
  /// - Parameter capacity: The most fields that keep a session (at least one).
  init(capacity: Int = 64) {
    self.capacity = max(1, capacity)
  }

  /// Runs `search` with the field's session and keeps the updated session when the search completes, forgetting the
  /// least recently used field's session if there are more than `capacity`.
  func withSession<T>(
    _ key: QueryKey,
    _ search: (inout SearchSession) async throws -> T
  ) async throws -> T {
    var session = state.withLock { $0.entries[key]?.session } ?? SearchSession()
    let result = try await search(&session)
    state.withLock { state in
      state.uses += 1
      state.entries[key] = Entry(session: session, lastUse: state.uses)
      if state.entries.count > capacity,
        let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
      {
        state.entries[oldest] = nil
      }
    }
    return result
  }

  /// Forgets every session of `catalog` (its snapshot changed).
  func reset(catalog: String) {
    state.withLock { state in state.entries = state.entries.filter { $0.key.catalog != catalog } }
  }

  /// The number of fields that keep a session.
  var count: Int {
    state.withLock { $0.entries.count }
  }
}
