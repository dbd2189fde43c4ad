import Locking
import TestSupport
import Testing

@testable import suggest_lsp

/// The wait of a background preparation for searches to be quiet (``QuietSpell``), on a manual clock.
@Suite struct QuietSpellTests {
  /// A pool's activity that a test sets.
  final class FakeActivity: Sendable {
    private let state = Locked(SearchWorkers.Activity(admitted: 0, isBusy: false))
    var now: SearchWorkers.Activity { state.withLock { $0 } }
    func admit() { state.withLock { $0.admitted += 1 } }
    func setBusy(_ busy: Bool) { state.withLock { $0.isBusy = busy } }
  }

  /// Starts a wait of 100 ms periods; `done` records when it returns.
  static func start(_ clock: ManualClock, _ activity: FakeActivity) -> (Task<Void, any Error>, Locked<Bool>) {
    let done = Locked(false)
    let task = Task {
      try await QuietSpell(period: .milliseconds(100), clock: clock, activity: { activity.now }).wait()
      done.withLock { $0 = true }
    }
    return (task, done)
  }

  @Test("with no search, one period")
  func quiet() async throws {
    let (clock, activity) = (ManualClock(), FakeActivity())
    let (task, done) = Self.start(clock, activity)
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .milliseconds(99))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .milliseconds(1))
    try await task.value
    #expect(done.withLock { $0 })
  }

  @Test("a search admitted during a period, or one still running at its end, starts another")
  func busy() async throws {
    let (clock, activity) = (ManualClock(), FakeActivity())
    let (task, done) = Self.start(clock, activity)
    #expect(await clock.waitForSleepers(1))
    activity.admit()
    clock.advance(by: .milliseconds(100))
    // A second period: the search admitted in the first one.
    #expect(await clock.waitForSleepers(1))
    activity.setBusy(true)
    clock.advance(by: .milliseconds(100))
    // A third: no search admitted, but one still runs.
    #expect(await clock.waitForSleepers(1))
    #expect(!done.withLock { $0 })
    activity.setBusy(false)
    clock.advance(by: .milliseconds(100))
    try await task.value
    #expect(done.withLock { $0 })
    #expect(clock.wokenCount == 3)
  }

  @Test("cancelled while it sleeps, it throws")
  func cancelled() async throws {
    let (clock, activity) = (ManualClock(), FakeActivity())
    let (task, done) = Self.start(clock, activity)
    #expect(await clock.waitForSleepers(1))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(!done.withLock { $0 })
  }
}
