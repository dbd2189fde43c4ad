import SuggestEngine
import Synchronization

/// The refinement state of every search field: a query that extends the previous one in the same field searches only
/// the previous matches.
final class SearchSessions: Sendable {
  private let sessions = Mutex<[QueryKey: SearchSession]>([:])

  /// Runs `search` with the field's session and keeps the updated session when the search completes.
  func withSession<T>(
    _ key: QueryKey,
    _ search: (inout SearchSession) async throws -> T
  ) async throws -> T {
    var session = sessions.withLock { $0[key] } ?? SearchSession()
    let result = try await search(&session)
    sessions.withLock { $0[key] = session }
    return result
  }

  /// Forgets every session of `catalog` (its snapshot changed).
  func reset(catalog: String) {
    sessions.withLock { sessions in sessions = sessions.filter { $0.key.catalog != catalog } }
  }
}
