import Locking

/// A one-shot signal: ``wait()`` returns once ``complete()`` was called.
final class Completion: Sendable {
  private struct State {
    var isComplete = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  /// Whether ``complete()`` was called.
  var isComplete: Bool {
    state.withLock { $0.isComplete }
  }

  func complete() {
    let waiters = state.withLock { state in
      state.isComplete = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  func wait() async {
    await withCheckedContinuation { continuation in
      let isComplete = state.withLock { state in
        if !state.isComplete { state.waiters.append(continuation) }
        return state.isComplete
      }
      if isComplete { continuation.resume() }
    }
  }
}
