import Locking
import SuggestEngine

/// Uses the pause after a field's answer, while the user looks at it, for the field's next keystroke:
/// - a short query answered at once from a kept answer is scanned, so that the next keystroke refines its matches
///   instead of scanning the whole catalog: the work a kept answer skipped. Without it, the keystroke after three
///   letters answered at once (`tes` → `test`) visits every title with the query's letters; after it, only the
///   matches of `tes`;
/// - then the few keystrokes most likely to come next (``NextKeystrokes``) are searched, each refining those
///   matches, and kept in ``GuessedAnswers``: when one of them comes, it is answered as it arrives.
///
/// A follow-up waits ``delay`` first and is dropped when its field's next query arrives, so keystrokes that come at
/// once (a paste, a script) start no scan. It runs on a search worker, and only when none is busy, so a burst of
/// searches starts none either. Only the fields of the ``maximumPending`` latest answers have one: a person types in
/// one field at a time, and a script's burst of short queries in a thousand fields must not leave a thousand scans
/// behind.
///
/// Asking for a follow-up wakes no thread when one is already waiting: one loop task sleeps until the earliest is
/// due and starts it, and exits when none is left. A task per follow-up, started and cancelled with every keystroke,
/// cost each short query two thread wake-ups, more than its whole answer.
final class RefinementFollowUps: Sendable {
  private struct Pending: Sendable {
    let work: FollowUp
    let catalog: Catalog
    let due: ContinuousClock.Instant
  }

  private struct Running {
    let number: UInt64
    let task: Task<Void, Never>
  }

  private struct State {
    var pending: [QueryKey: Pending] = [:]
    var running: [QueryKey: Running] = [:]
    /// Whether the loop task is alive (it exits when nothing is pending).
    var isLooping = false
    var started: UInt64 = 0
  }

  /// What the loop does next.
  private enum Step {
    case stop
    case sleep(until: ContinuousClock.Instant)
    case scanned
  }

  /// How long a follow-up waits before it scans: longer than a client takes to send a keystroke that follows at once.
  static let delay: Duration = .milliseconds(15)
  /// The most follow-ups waiting at once; a newer one drops the oldest.
  static let maximumPending = 4

  private let state = Locked(State())
  private let workers: SearchWorkers
  private let sessions: SearchSessions
  private let guessed: GuessedAnswers
  private let delay: Duration

  /// Creates follow-ups that run on `workers` and keep what they find in `sessions` and `guessed`.
  init(
    workers: SearchWorkers,
    sessions: SearchSessions,
    guessed: GuessedAnswers = GuessedAnswers(),
    delay: Duration = RefinementFollowUps.delay
  ) {
    self.workers = workers
    self.sessions = sessions
    self.guessed = guessed
    self.delay = delay
  }

  /// Starts `work` in `catalog` after ``delay`` for field `key`, replacing the field's earlier follow-up; nothing when
  /// another search runs or waits (`fromSearch`: the caller is a search that is about to end, and counts as none).
  func start(_ work: FollowUp, key: QueryKey, catalog: Catalog, fromSearch: Bool = false) {
    guard work.refines || work.guesses > 0,
      isIdle(besides: fromSearch ? 1 : 0)
    else { return }
    let due = ContinuousClock.now + delay
    let startsLoop = state.withLock { state in
      state.pending[key] = Pending(work: work, catalog: catalog, due: due)
      if state.pending.count > Self.maximumPending,
        let oldest = state.pending.min(by: { $0.value.due < $1.value.due })?.key
      {
        state.pending[oldest] = nil
      }
      defer { state.isLooping = true }
      return !state.isLooping
    }
    if startsLoop { Task.detached(priority: .utility) { [self] in await loop() } }
  }

  /// Drops the follow-up of field `key`, cancelling its scan if it started: the field has a newer query.
  func cancel(_ key: QueryKey) {
    state.withLock { state in
      state.pending[key] = nil
      return state.running.removeValue(forKey: key)
    }?.task.cancel()
  }

  /// The number of follow-ups waiting or scanning.
  var count: Int { state.withLock { $0.pending.count + $0.running.count } }

  /// Whether no search waits for a worker and at most `running` run (the caller's own, when it is one).
  private func isIdle(besides running: Int = 0) -> Bool {
    workers.runningCount <= running && workers.waitingCount == 0
  }

  /// Starts each follow-up when it is due, until none is left.
  private func loop() async {
    while true {
      switch nextStep() {
      case .stop: return
      case .sleep(let due): try? await Task.sleep(until: due, clock: .continuous)
      case .scanned: continue
      }
    }
  }

  /// Starts the follow-ups that are due, or says how long to sleep, or ends the loop.
  private func nextStep() -> Step {
    let idle = isIdle()
    return state.withLock { state in
      guard let (key, first) = state.pending.min(by: { $0.value.due < $1.value.due }) else {
        state.isLooping = false
        return .stop
      }
      guard first.due <= .now else { return .sleep(until: first.due) }
      state.pending[key] = nil
      // A search that started meanwhile goes first: the follow-up would only delay it.
      guard idle else { return .scanned }
      state.started += 1
      let number = state.started
      let (workers, sessions, guessed) = (self.workers, self.sessions, self.guessed)
      let task = Task.detached(priority: .utility) { [self] in
        defer { finished(key, number: number) }
        let (work, catalog) = (first.work, first.catalog)
        do {
          try await workers.run { scratch in
            // Only the scan changes the field's session: the guesses search copies of it, so that a follow-up
            // cancelled late never writes back a session older than the one its field has taken since.
            let session =
              work.refines
              ? try await sessions.withSession(key) { session in
                try await catalog.prepareRefinement(work.query, session: &session, scratch: &scratch)
                return session
              }
              : sessions.session(for: key) ?? SearchSession()
            // A guess with a kept answer is answered at once anyway, and scanned in the pause after it.
            let guesses = NextKeystrokes.guesses(
              after: work.query,
              result: work.result,
              catalog: catalog,
              count: 2 * work.guesses
            ).filter { catalog.keptAnswer($0) == nil }.prefix(work.guesses)
            for guess in guesses {
              try Task.checkCancellation()
              var next = session
              let result = try await catalog.search(guess, session: &next, scratch: &scratch)
              guessed.keep(.init(query: guess, result: result, session: next), key: key, catalog: catalog)
            }
          }
        } catch {
          // Cancelled by the field's next query: it needs the session as it is.
        }
      }
      state.running.updateValue(Running(number: number, task: task), forKey: key)?.task.cancel()
      return .scanned
    }
  }

  /// Forgets scan `number` of `key` once it ended (not a newer one of the same field).
  private func finished(_ key: QueryKey, number: UInt64) {
    state.withLock { state in
      if state.running[key]?.number == number { state.running[key] = nil }
    }
  }
}
