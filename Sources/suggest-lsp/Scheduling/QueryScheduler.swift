import Locking

/// Debouncing and supersession of keystroke queries: per key, only the newest query runs and answers.
///
/// The daemon uses it in two steps:
/// 1. ``arrive(_:key:)``, synchronously on the transport's reader thread as each request arrives (in arrival order,
///    before its handler task starts): it records the query as the newest of its key and returns the older
///    unanswered one, which the caller answers at once as superseded and whose task it cancels (the daemon maps
///    that to its wire error).
/// 2. ``run(_:key:debounce:operation:deliver:)`` (or ``run(_:key:debounce:operation:)``), in the query's handler
///    task: it waits `debounce` on the clock, runs the operation only if the query is still the newest of its key
///    and not cancelled, and throws ``QuerySuperseded`` instead of handing on a result that a newer query made
///    stale.
///
/// Together with the transport's exactly-once table (an answered request's late result is dropped) this gives the
/// contract's guarantees: a superseded query is answered at once, one superseded while it waits never runs, and no
/// result of an older query is delivered after one of a newer query of the same key — the older query counts as
/// unanswered until its result is delivered, so the newer one's arrival either finds it already answered or
/// answers it as superseded, always before the newer one can produce anything.
///
/// The state sits behind a `Locked` lock so that ``arrive(_:key:)`` can be called synchronously from any thread. Only
/// unanswered queries are tracked (one per key at most), so memory is bounded by the requests in flight whatever
/// keys clients invent — provided every arrived query either goes through `run` or is passed to ``finish(_:key:)``.
///
/// Generic over what makes queries compete (the daemon's ``QueryKey``), and over the clock, so tests drive
/// debouncing with a manual clock and never sleep.
final class QueryScheduler<Key: Hashable & Sendable, ID: Hashable & Sendable, C: Clock>: Sendable
where C.Duration == Duration {
  /// The mutable state, only ever touched inside `state.withLock`.
  private struct State {
    /// The newest unanswered query of each key. A key is removed when its newest query finishes.
    var newest: [Key: ID] = [:]
    /// How many operations have started since creation.
    var started = 0
    /// How many of them were answered at once (``answerAtOnce(_:key:answer:deliver:)``).
    var answeredAtOnce = 0
  }

  /// The clock debounce delays are measured on.
  private let clock: C
  /// Protects the state; held only for dictionary operations, never across a suspension.
  private let state = Locked(State())

  /// Creates a scheduler.
  ///
  /// - Parameter clock: The clock for debounce delays (`ContinuousClock()` in the daemon).
  init(clock: C) {
    self.clock = clock
  }

  /// Records `id` as the newest query of `key` and returns the older unanswered query of that key.
  ///
  /// Call it as each request arrives, in arrival order. The caller answers every returned id as superseded by `id`
  /// and cancels its task; the scheduler forgets them at once, so an id is returned at most once. Arriving again
  /// with the id that is already the newest of `key` changes nothing.
  ///
  /// - Parameters:
  ///   - id: The new query's id.
  ///   - key: What it competes with (the newest query of a key supersedes the older ones).
  /// - Returns: The superseded ids (at most one: every arrival answers its predecessor).
  /// - Complexity: O(1) on average (one hash of `key`).
  func arrive(_ id: ID, key: Key) -> [ID] {
    state.withLock { state in
      guard let previous = state.newest.updateValue(id, forKey: key), previous != id else { return [] }
      return [previous]
    }
  }

  /// Marks `id` as answered, for a query that the caller answers without ``run(_:key:debounce:operation:)``
  /// (e.g. invalid params), so that a later arrival does not report it again.
  ///
  /// - Parameters:
  ///   - id: The query's id.
  ///   - key: Its key.
  /// - Returns: Whether `id` was the newest unanswered query of `key`.
  /// - Complexity: O(1) on average.
  @discardableResult
  func finish(_ id: ID, key: Key) -> Bool {
    state.withLock { state in
      guard state.newest[key] == id else { return false }
      state.newest[key] = nil
      return true
    }
  }

  /// Waits `debounce`, then runs `operation` if `id` is still the newest query of `key`, and returns its result
  /// unless a newer query arrived meanwhile.
  ///
  /// However it ends (result, error, cancellation), `id` is no longer unanswered afterwards: a newer arrival no
  /// longer returns it. Note the window this leaves when the caller delivers the result after this returns: a newer
  /// query arriving between the return and the delivery is not told about `id`, so its result could in principle be
  /// written first. ``run(_:key:debounce:operation:deliver:)`` closes that window.
  ///
  /// - Parameters:
  ///   - id: The query's id, passed to ``arrive(_:key:)`` before.
  ///   - key: Its key.
  ///   - debounce: How long to wait before running; zero or less runs at once, without touching the clock.
  ///   - operation: The query's work. It should check for cancellation as it goes: the caller cancels the task
  ///     of a superseded query.
  /// - Returns: The operation's result.
  /// - Throws: `CancellationError` when the task was cancelled before the operation started; ``QuerySuperseded``
  ///   when a newer query of `key` arrived before the operation started or before it returned (the result is then
  ///   discarded); otherwise whatever `operation` throws.
  func run<T: Sendable>(
    _ id: ID,
    key: Key,
    debounce: Duration,
    operation: @Sendable () async throws -> T
  ) async throws -> T {
    try await begin(id, key: key, debounce: debounce)
    let result: T
    do {
      result = try await operation()
    } catch {
      finish(id, key: key)
      throw error
    }
    // Checking and finishing in one step: either the result is current and `id` is answered by it, or a newer
    // query arrived first (and answered `id` as superseded), never both.
    try state.withLock { state throws(QuerySuperseded<ID>) in
      guard state.newest[key] == id else { throw QuerySuperseded(id: id, newest: state.newest[key]) }
      state.newest[key] = nil
    }
    return result
  }

  /// Waits `debounce`, runs `operation` if `id` is still the newest query of `key`, and hands its result to
  /// `deliver` while `id` still counts as unanswered; `id` is finished once `deliver` returns.
  ///
  /// This is the variant that makes the ordering guarantee hold end to end: while `deliver` writes the response, a
  /// newer arrival still returns `id`, so the caller's "answer as superseded" meets the delivery in the transport's
  /// exactly-once table, which orders the two; the newer query's own result can only come after its arrival.
  ///
  /// - Parameters:
  ///   - id: The query's id, passed to ``arrive(_:key:)`` before.
  ///   - key: Its key.
  ///   - debounce: How long to wait before running; zero or less runs at once, without touching the clock.
  ///   - operation: The query's work; it should check for cancellation as it goes.
  ///   - deliver: Sends the result (e.g. writes the response through the transport).
  /// - Throws: As ``run(_:key:debounce:operation:)``, and whatever `deliver` throws; `deliver` is not called when
  ///   a newer query arrived before the operation returned.
  func run<T: Sendable>(
    _ id: ID,
    key: Key,
    debounce: Duration,
    operation: @Sendable () async throws -> T,
    deliver: @Sendable (T) async throws -> Void
  ) async throws {
    try await begin(id, key: key, debounce: debounce)
    do {
      let result = try await operation()
      try state.withLock { state throws(QuerySuperseded<ID>) in
        guard state.newest[key] == id else { throw QuerySuperseded(id: id, newest: state.newest[key]) }
      }
      try await deliver(result)
    } catch {
      finish(id, key: key)
      throw error
    }
    finish(id, key: key)
  }

  /// Answers `id` without waiting, for a query whose result is ready as it arrives: when `id` is still the newest
  /// query of `key` and `answer` gives a result, hands it to `deliver` and finishes `id`, counting it as started.
  ///
  /// Call it on the thread queries arrive on, right after ``arrive(_:key:)``: no newer query of `key` can arrive
  /// meanwhile, so the result is current when it is delivered.
  ///
  /// - Returns: Whether `id` was answered; if not, `id` is left as it was, to go through `run`.
  func answerAtOnce<T>(_ id: ID, key: Key, answer: () -> T?, deliver: (T) -> Void) -> Bool {
    guard state.withLock({ $0.newest[key] == id }), let result = answer() else { return false }
    // Counted before the answer is written: a client that reads the counts once it has the answer sees it counted.
    state.withLock { state in
      state.started += 1
      state.answeredAtOnce += 1
    }
    deliver(result)
    state.withLock { state in
      if state.newest[key] == id { state.newest[key] = nil }
    }
    return true
  }

  /// Debounces, then admits `id` to run: it must not be cancelled and must still be the newest of `key`.
  ///
  /// - Throws: `CancellationError` or ``QuerySuperseded``; `id` is then finished.
  private func begin(_ id: ID, key: Key, debounce: Duration) async throws {
    do {
      if debounce > .zero {
        try await clock.sleep(until: clock.now.advanced(by: debounce), tolerance: nil)
      }
      try Task.checkCancellation()
      try state.withLock { state throws(QuerySuperseded<ID>) in
        guard state.newest[key] == id else { throw QuerySuperseded(id: id, newest: state.newest[key]) }
        state.started += 1
      }
    } catch {
      finish(id, key: key)
      throw error
    }
  }

  /// How many queries were answered at once.
  var answeredAtOnceCount: Int {
    state.withLock { $0.answeredAtOnce }
  }

  /// The number of keys with an unanswered query.
  var pendingCount: Int {
    state.withLock { $0.newest.count }
  }

  /// The newest unanswered query of `key`, if any.
  ///
  /// - Parameter key: The key.
  /// - Returns: The query's id, or `nil`.
  func newest(for key: Key) -> ID? {
    state.withLock { $0.newest[key] }
  }

  /// How many operations have started (queries that were neither superseded nor cancelled before running).
  var startedCount: Int {
    state.withLock { $0.started }
  }
}
