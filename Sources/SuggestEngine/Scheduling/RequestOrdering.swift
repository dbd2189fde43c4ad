import Synchronization

/// Keeps the effects of requests in arrival order while their work runs concurrently.
///
/// A *write* (anything that changes state: loading a catalog, adding a recent) runs after every write that arrived
/// before it; a *read* (a search) runs after every write that arrived before it, and concurrently with other reads.
/// So a shell pipe that loads a catalog and then searches it gets the new catalog, and a `recents/list` after a
/// `recents/add` sees the addition, although every request runs in its own task.
///
/// Take a ticket when the request arrives (synchronously, in arrival order), then run the work through it.
public final class RequestOrdering: Sendable {
  private let lastWrite = Mutex<Completion?>(nil)

  /// Creates an ordering with no write in flight.
  public init() {}

  /// A ticket for a write that just arrived: it runs after every earlier write.
  public func arriveWrite() -> OrderingTicket {
    let mine = Completion()
    let previous = lastWrite.withLock { last in
      defer { last = mine }
      return last
    }
    return OrderingTicket(after: previous, completing: mine)
  }

  /// A ticket for a read that just arrived: it runs after every earlier write.
  public func arriveRead() -> OrderingTicket {
    OrderingTicket(after: lastWrite.withLock { $0 }, completing: nil)
  }
}

/// A request's place in a ``RequestOrdering``.
public struct OrderingTicket: Sendable {
  private let previous: Completion?
  private let mine: Completion?

  fileprivate init(after previous: Completion?, completing mine: Completion?) {
    self.previous = previous
    self.mine = mine
  }

  /// Waits for the writes this ticket comes after, then runs `work`; a write ticket then lets later requests go.
  ///
  /// The wait is not cut short by cancellation: a cancelled write still holds its place until the writes before it
  /// are done, so the writes after it can never overtake them. `work` sees the cancellation as usual.
  public func run<T>(_ work: () async throws -> T) async throws -> T {
    defer { mine?.complete() }
    await previous?.wait()
    return try await work()
  }
}

/// A one-shot signal: ``wait()`` returns once ``complete()`` was called.
final class Completion: Sendable {
  private struct State {
    var isComplete = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

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
