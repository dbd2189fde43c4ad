import Locking
import SuggestEngine

/// The refinement state of the most recently used search fields: a query that extends the previous one in the same
/// field searches only the previous matches.
///
/// Field names are the client's: a script that gives every query a field of its own (as protocol.md suggests for
/// independent queries) would otherwise leave one session behind per query, each holding a match set as large as the
/// catalog's item count in bits, for as long as the daemon runs. So only the most recently used fields keep a
/// session: at most `capacity` of them, and only as many as fit in `byteBudget` (``SearchSession/keptBytes``) beyond
/// the `minimumCount` most recent; a field that lost its session just searches from scratch next time. A user types
/// in one field at a time: a burst of one-off fields is what fills them.
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
  /// The most bytes of match sets the sessions keep together, unless only the `minimumCount` most recent are left.
  let byteBudget: Int
  /// The fields that keep their session whatever its size.
  let minimumCount: Int

  /// Creates an empty set of sessions.
  ///
  /// - Parameters:
  ///   - capacity: The most fields that keep a session (at least one).
  ///   - byteBudget: The most bytes of match sets kept together (2 MiB: 18 fields of a million-item catalog).
  ///   - minimumCount: The most recently used fields that keep their session even past `byteBudget`.
  init(capacity: Int = 64, byteBudget: Int = 2 << 20, minimumCount: Int = 4) {
    self.capacity = max(1, capacity)
    self.byteBudget = byteBudget
    self.minimumCount = max(1, min(minimumCount, self.capacity))
  }

  /// Runs `search` with the field's session and keeps the updated session when the search completes, forgetting the
  /// least recently used field's session if there are more than `capacity`.
  func withSession<T>(
    _ key: QueryKey,
    _ search: (inout SearchSession) async throws -> T
  ) async throws -> T {
    var session = state.withLock { $0.entries[key]?.session } ?? SearchSession()
    let result = try await search(&session)
    keep(session, for: key)
    return result
  }

  /// Keeps `session` as field `key`'s, forgetting the least recently used field's session if there are more than
  /// `capacity`.
  func keep(_ session: SearchSession, for key: QueryKey) {
    state.withLock { state in
      state.uses += 1
      state.entries[key] = Entry(session: session, lastUse: state.uses)
      var bytes = state.entries.values.reduce(0) { $0 + $1.session.keptBytes }
      while state.entries.count > capacity || (bytes > byteBudget && state.entries.count > minimumCount),
        let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        state.entries[oldest.key] = nil
        bytes -= oldest.value.session.keptBytes
      }
    }
  }

  /// Forgets every session of `catalog` (its snapshot changed).
  func reset(catalog: String) {
    state.withLock { state in state.entries = state.entries.filter { $0.key.catalog != catalog } }
  }

  /// The session field `key` keeps, if any.
  func session(for key: QueryKey) -> SearchSession? {
    state.withLock { $0.entries[key]?.session }
  }

  /// The number of fields that keep a session.
  var count: Int {
    state.withLock { $0.entries.count }
  }

  /// The bytes of match sets the sessions keep (``SearchSession/keptBytes``).
  var keptBytes: Int {
    state.withLock { $0.entries.values.reduce(0) { $0 + $1.session.keptBytes } }
  }
}
