import Locking

/// A clock that only moves when a test advances it, modelled on swift-async-algorithms' `ManualClock`.
///
/// Sleepers are resumed by ``advance(by:)`` once their deadline is reached, in deadline order; a cancelled sleeper
/// throws `CancellationError` at once. Tests never wait on wall time: they wait for sleepers to register with
/// ``waitForSleepers(_:maxYields:)``, which spins on `Task.yield()` a bounded number of times.
final class ManualClock: Clock, Sendable {
  /// A point on the manual time line: the offset from the clock's start.
  struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the clock's start.
    var offset: Duration

    func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    var description: String { "t+\(offset)" }
  }

  /// One registered sleeper.
  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var nextToken = 0
    var sleepers: [Int: Sleeper] = [:]
    /// Tokens whose task was cancelled before the sleeper registered.
    var cancelledEarly: Set<Int> = []
    /// How many sleeps returned normally (deadline reached).
    var woken = 0
  }

  private let state = Locked(State())

  var now: Instant { state.withLock { $0.now } }

  var minimumResolution: Duration { .zero }

  /// The number of sleepers waiting now.
  var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// The number of sleeps that ended because their deadline was reached.
  var wokenCount: Int { state.withLock { $0.woken } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let token = state.withLock { state in
      defer { state.nextToken += 1 }
      return state.nextToken
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Outcome { case registered, wake, cancel }
        let outcome = state.withLock { state -> Outcome in
          if state.cancelledEarly.remove(token) != nil { return .cancel }
          if deadline <= state.now {
            state.woken += 1
            return .wake
          }
          state.sleepers[token] = Sleeper(deadline: deadline, continuation: continuation)
          return .registered
        }
        switch outcome {
        case .registered: break
        case .wake: continuation.resume()
        case .cancel: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
        if let sleeper = state.sleepers.removeValue(forKey: token) { return sleeper.continuation }
        // Not registered yet (or already woken: then the stray token is harmless).
        state.cancelledEarly.insert(token)
        return nil
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline is reached, earliest first.
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }.sorted {
        ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key)
      }
      for (token, _) in due { state.sleepers[token] = nil }
      state.woken += due.count
      return due.map(\.value.continuation)
    }
    for continuation in due { continuation.resume() }
  }

  /// Waits, by yielding, until at least `count` sleepers are registered.
  ///
  /// - Returns: Whether they were, within `maxYields` yields.
  func waitForSleepers(_ count: Int, maxYields: Int = 100_000) async -> Bool {
    await ManualClock.yield(until: { self.sleeperCount >= count }, maxYields: maxYields)
  }

  /// Yields until `condition` holds, at most `maxYields` times.
  ///
  /// - Returns: Whether the condition held.
  static func yield(until condition: () -> Bool, maxYields: Int = 100_000) async -> Bool {
    for _ in 0..<maxYields {
      if condition() { return true }
      await Task.yield()
    }
    return condition()
  }
}
