import Locking
import SuggestEngine

/// Scans, in the background, the short queries answered at once from a kept answer, so that the field's next
/// keystroke refines their matches instead of scanning the whole catalog: the work a kept answer skipped, done while
/// the user looks at it. Without it, the keystroke after three letters answered at once (`tes` → `test`) visits
/// every title with the query's letters; after it, only the matches of `tes`.
///
/// A follow-up waits ``delay`` first and is cancelled by its field's next query, so keystrokes that come at once
/// (a paste, a script) start no scan. It starts only while no search runs or waits for a worker, and runs on a
/// worker like any search, so a burst of searches starts none either.
final class RefinementFollowUps: Sendable {
  private struct Running {
    let number: UInt64
    let task: Task<Void, Never>
  }

  private struct State {
    var running: [QueryKey: Running] = [:]
    var started: UInt64 = 0
  }

  /// How long a follow-up waits before it scans: longer than a client takes to send a keystroke that follows at once.
  static let delay: Duration = .milliseconds(15)

  private let state = Locked(State())
  private let workers: SearchWorkers
  private let sessions: SearchSessions
  private let delay: Duration

  /// Creates follow-ups that run on `workers` and keep what they find in `sessions`.
  init(workers: SearchWorkers, sessions: SearchSessions, delay: Duration = RefinementFollowUps.delay) {
    self.workers = workers
    self.sessions = sessions
    self.delay = delay
  }

  /// Scans `query` in `catalog` after ``delay`` for the session of field `key`, replacing the field's earlier
  /// follow-up; nothing when a search runs or waits.
  func start(_ query: SearchQuery, key: QueryKey, catalog: Catalog) {
    guard workers.runningCount == 0 && workers.waitingCount == 0 else { return }
    let (workers, sessions, delay) = (self.workers, self.sessions, self.delay)
    state.withLock { state in
      state.started += 1
      let number = state.started
      let task = Task.detached(priority: .utility) { [self] in
        defer { finished(key, number: number) }
        do {
          try await Task.sleep(for: delay)
          try await workers.run { scratch in
            try await sessions.withSession(key) { session in
              try await catalog.prepareRefinement(query, session: &session, scratch: &scratch)
            }
          }
        } catch {
          // Cancelled by the field's next query: it needs the session as it is.
        }
      }
      state.running.updateValue(Running(number: number, task: task), forKey: key)?.task.cancel()
    }
  }

  /// Cancels the follow-up of field `key`, if one waits or runs: the field has a newer query.
  func cancel(_ key: QueryKey) {
    state.withLock { $0.running.removeValue(forKey: key) }?.task.cancel()
  }

  /// The number of follow-ups waiting or running.
  var count: Int { state.withLock { $0.running.count } }

  /// Forgets follow-up `number` of `key` once it ended (not a newer one of the same field).
  private func finished(_ key: QueryKey, number: UInt64) {
    state.withLock { state in
      if state.running[key]?.number == number { state.running[key] = nil }
    }
  }
}
