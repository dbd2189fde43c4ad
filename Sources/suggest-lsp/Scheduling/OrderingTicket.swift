/// A request's place in a ``RequestOrdering``.
struct OrderingTicket: Sendable {
  private let previous: [Completion]
  private let mine: Completion

  /// A ticket that waits for `previous` and completes `mine`; made by ``RequestOrdering`` only.
  init(after previous: [Completion], completing mine: Completion) {
    self.previous = previous
    self.mine = mine
  }

  /// Waits for the requests this ticket comes after, then runs `work`, then lets later requests go.
  ///
  /// The wait is not cut short by cancellation: a cancelled request still holds its place until the ones before it
  /// are done, so the writes after it can never overtake them. `work` sees the cancellation as usual.
  func run<T>(_ work: () async throws -> T) async throws -> T {
    defer { mine.complete() }
    for earlier in previous { await earlier.wait() }
    return try await work()
  }

  /// Runs `work` now if the requests this ticket comes after are done, and lets later requests go when it did its
  /// part (returned `true`); otherwise (a write before it still runs, or `false`) the ticket is left to ``run(_:)``.
  ///
  /// - Returns: Whether `work` ran and returned `true`.
  func runAtOnce(_ work: () -> Bool) -> Bool {
    guard previous.allSatisfy(\.isComplete), work() else { return false }
    mine.complete()
    return true
  }
}
