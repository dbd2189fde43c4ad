import Locking
import Synchronization
import TestSupport
import Testing

@testable import suggest_lsp

/// A thread-safe log of what operations did, for assertions from the test's task.
private final class OperationLog: Sendable {
  private let events = Locked<[String]>([])

  func record(_ event: String) {
    events.withLock { $0.append(event) }
  }

  var all: [String] { events.withLock { $0 } }
}

/// A flag an operation can wait on by yielding, opened by the test.
private final class Gate: Sendable {
  private let isOpen = Atomic<Bool>(false)

  func open() {
    isOpen.store(true, ordering: .sequentiallyConsistent)
  }

  /// Yields until the gate opens or the task is cancelled (bounded, so a broken test fails instead of hanging).
  func wait() async {
    _ = await ManualClock.yield(until: {
      isOpen.load(ordering: .sequentiallyConsistent) || Task.isCancelled
    })
  }
}

private let field = QueryKey(method: "search/complete", catalog: "default", field: "search")

@Suite struct QuerySchedulerTests {
  @Test("debounce delays the operation until the clock reaches the deadline", .scaledTimeLimit(minutes: 1))
  func debounceDelaysTheOperation() async throws {
    let clock = ManualClock()
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: clock)
    let log = OperationLog()
    #expect(scheduler.arrive(1, key: field).isEmpty)
    let task = Task {
      try await scheduler.run(1, key: field, debounce: .milliseconds(100)) {
        log.record("ran 1")
        return "result 1"
      }
    }
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .milliseconds(99))
    #expect(clock.sleeperCount == 1)
    #expect(log.all.isEmpty)
    #expect(scheduler.startedCount == 0)
    clock.advance(by: .milliseconds(1))
    #expect(try await task.value == "result 1")
    #expect(log.all == ["ran 1"])
    #expect(scheduler.startedCount == 1)
    #expect(scheduler.pendingCount == 0)
  }

  @Test("debounce 0 runs at once, without sleeping on the clock", .scaledTimeLimit(minutes: 1))
  func zeroDebounceRunsAtOnce() async throws {
    let clock = ManualClock()
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: clock)
    _ = scheduler.arrive(7, key: field)
    // Never advancing the clock: a debounce of 0 (or less) must not wait on it.
    #expect(try await scheduler.run(7, key: field, debounce: .zero) { 70 } == 70)
    _ = scheduler.arrive(8, key: field)
    #expect(try await scheduler.run(8, key: field, debounce: .milliseconds(-5)) { 80 } == 80)
    #expect(clock.wokenCount == 0)
    #expect(scheduler.startedCount == 2)
  }

  @Test(
    "a query superseded while debouncing never runs its operation",
    .scaledTimeLimit(minutes: 1),
    arguments: [true, false]
  )
  func supersededWhileDebouncingNeverRuns(callerCancelsTheTask: Bool) async throws {
    let clock = ManualClock()
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: clock)
    let log = OperationLog()
    _ = scheduler.arrive(1, key: field)
    let older = Task {
      try await scheduler.run(1, key: field, debounce: .milliseconds(50)) {
        log.record("ran 1")
        return 1
      }
    }
    #expect(await clock.waitForSleepers(1))
    clock.advance(by: .milliseconds(30))
    #expect(scheduler.arrive(2, key: field) == [1])
    if callerCancelsTheTask { older.cancel() }
    let newer = Task {
      try await scheduler.run(2, key: field, debounce: .milliseconds(50)) {
        log.record("ran 2")
        return 2
      }
    }
    #expect(await clock.waitForSleepers(callerCancelsTheTask ? 1 : 2))
    clock.advance(by: .milliseconds(50))
    let olderResult = await older.result
    #expect(try await newer.value == 2)
    if callerCancelsTheTask {
      #expect(throws: CancellationError.self) { try olderResult.get() }
    } else {
      #expect(throws: QuerySuperseded(id: 1, newest: 2)) { try olderResult.get() }
    }
    #expect(log.all == ["ran 2"])
    #expect(scheduler.startedCount == 1)
    #expect(scheduler.pendingCount == 0)
  }

  @Test("a query superseded while running sees cancellation and delivers nothing", .scaledTimeLimit(minutes: 1))
  func supersededWhileRunningSeesCancellation() async throws {
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: ManualClock())
    let log = OperationLog()
    _ = scheduler.arrive(1, key: field)
    let older = Task {
      try await scheduler.run(1, key: field, debounce: .zero) {
        log.record("started 1")
        // A scan loop that checks for cancellation as it goes.
        _ = await ManualClock.yield(until: { Task.isCancelled })
        log.record(Task.isCancelled ? "saw cancellation" : "never cancelled")
        return "stale"
      }
    }
    #expect(await ManualClock.yield(until: { log.all == ["started 1"] }))
    #expect(scheduler.arrive(2, key: field) == [1])
    older.cancel()  // What the daemon's transport does to a superseded request's task.
    await #expect(throws: QuerySuperseded(id: 1, newest: 2)) { try await older.value }
    #expect(log.all == ["started 1", "saw cancellation"])
    #expect(try await scheduler.run(2, key: field, debounce: .zero) { "fresh" } == "fresh")
  }

  @Test(
    "a result finished after a newer query arrived is discarded, even without cancellation",
    .scaledTimeLimit(minutes: 1)
  )
  func staleResultIsDiscarded() async throws {
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: ManualClock())
    let gate = Gate()
    let log = OperationLog()
    _ = scheduler.arrive(1, key: field)
    let older = Task {
      try await scheduler.run(1, key: field, debounce: .zero) {
        log.record("started 1")
        await gate.wait()
        return "stale"
      }
    }
    #expect(await ManualClock.yield(until: { log.all == ["started 1"] }))
    #expect(scheduler.arrive(2, key: field) == [1])
    gate.open()
    await #expect(throws: QuerySuperseded(id: 1, newest: 2)) { try await older.value }
    #expect(scheduler.newest(for: field) == 2)
  }

  /// Keys that differ from `field` in exactly one part.
  static let otherKeys = [
    QueryKey(method: "search/filter", catalog: "default", field: "search"),
    QueryKey(method: "search/complete", catalog: "music", field: "search"),
    QueryKey(method: "search/complete", catalog: "default", field: "sidebar"),
  ]

  @Test(
    "arrive returns exactly the older unanswered query of the same key, never one of another key",
    arguments: otherKeys
  )
  func arriveIsPerKey(other: QueryKey) {
    let scheduler = QueryScheduler<QueryKey, String, ManualClock>(clock: ManualClock())
    #expect(scheduler.arrive("a1", key: field) == [])
    #expect(scheduler.arrive("b1", key: other) == [])
    #expect(scheduler.pendingCount == 2)
    #expect(scheduler.arrive("a2", key: field) == ["a1"])
    #expect(scheduler.arrive("b2", key: other) == ["b1"])
    #expect(scheduler.arrive("a3", key: field) == ["a2"])
    #expect(scheduler.newest(for: field) == "a3")
    #expect(scheduler.newest(for: other) == "b2")
    #expect(scheduler.pendingCount == 2)
  }

  @Test("arriving again with the newest id changes nothing")
  func arrivingTwiceIsIdempotent() {
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: ManualClock())
    #expect(scheduler.arrive(1, key: field) == [])
    #expect(scheduler.arrive(1, key: field) == [])
    #expect(scheduler.newest(for: field) == 1)
  }

  /// How a query can end before the next one arrives.
  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case returned, threw, cancelledBeforeStarting, cancelledWhileDebouncing, finishedByCaller
    var testDescription: String { rawValue }
  }

  private struct Failure: Error {}

  @Test(
    "a finished query is never returned by a later arrival",
    .scaledTimeLimit(minutes: 1),
    arguments: Ending.allCases
  )
  func finishedQueriesAreForgotten(ending: Ending) async throws {
    let clock = ManualClock()
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: clock)
    let log = OperationLog()
    _ = scheduler.arrive(1, key: field)
    switch ending {
    case .returned:
      _ = try await scheduler.run(1, key: field, debounce: .zero) { 1 }
    case .threw:
      await #expect(throws: Failure.self) {
        try await scheduler.run(1, key: field, debounce: .zero) { () throws -> Int in throw Failure() }
      }
    case .cancelledBeforeStarting:
      let task = Task {
        // The request's task was cancelled ($/cancelRequest) before its handler got to run.
        withUnsafeCurrentTask { $0?.cancel() }
        return try await scheduler.run(1, key: field, debounce: .zero) {
          log.record("ran")
          return 1
        }
      }
      await #expect(throws: CancellationError.self) { try await task.value }
    case .cancelledWhileDebouncing:
      let task = Task {
        try await scheduler.run(1, key: field, debounce: .seconds(1)) {
          log.record("ran")
          return 1
        }
      }
      #expect(await clock.waitForSleepers(1))
      task.cancel()
      await #expect(throws: CancellationError.self) { try await task.value }
      #expect(clock.sleeperCount == 0)
    case .finishedByCaller:
      #expect(scheduler.finish(1, key: field))
      #expect(!scheduler.finish(1, key: field))
    }
    #expect(scheduler.pendingCount == 0)
    #expect(scheduler.arrive(2, key: field) == [])
    #expect(log.all.isEmpty)
  }

  @Test(
    "deliver runs while the query is still unanswered, and not at all for a stale result",
    .scaledTimeLimit(minutes: 1)
  )
  func deliverVariant() async throws {
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: ManualClock())
    let log = OperationLog()
    _ = scheduler.arrive(1, key: field)
    try await scheduler.run(1, key: field, debounce: .zero) {
      "one"
    } deliver: { result in
      // Still unanswered while delivering: a newer arrival now would be told about it.
      log.record("delivered \(result), newest \(String(describing: scheduler.newest(for: field)))")
    }
    #expect(log.all == ["delivered one, newest Optional(1)"])
    #expect(scheduler.pendingCount == 0)

    let gate = Gate()
    _ = scheduler.arrive(2, key: field)
    let older = Task {
      try await scheduler.run(2, key: field, debounce: .zero) {
        log.record("started 2")
        await gate.wait()
        return "two"
      } deliver: { result in
        log.record("delivered \(result)")
      }
    }
    #expect(await ManualClock.yield(until: { log.all.count == 2 }))
    #expect(scheduler.arrive(3, key: field) == [2])
    gate.open()
    await #expect(throws: QuerySuperseded(id: 2, newest: 3)) { try await older.value }
    #expect(log.all == ["delivered one, newest Optional(1)", "started 2"])

    // A newer query arriving while the result is being delivered is told about the delivering one, so the
    // transport's exactly-once table orders the two answers (this is what closes the stale-flash window).
    let delivering = Gate()
    let deliveryGate = Gate()
    _ = scheduler.arrive(4, key: field)
    let deliveringTask = Task {
      try await scheduler.run(4, key: field, debounce: .zero) {
        "four"
      } deliver: { _ in
        delivering.open()
        await deliveryGate.wait()
      }
    }
    await delivering.wait()
    #expect(scheduler.arrive(5, key: field) == [4])
    deliveryGate.open()
    try await deliveringTask.value
    #expect(scheduler.newest(for: field) == 5)
  }

  @Test("many keys interleaved: per key only the newest runs", .scaledTimeLimit(minutes: 1))
  func manyKeysInterleaved() async throws {
    let clock = ManualClock()
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: clock)
    let log = OperationLog()
    let keys = (0..<12).map { QueryKey(method: "search/filter", catalog: "c\($0 % 3)", field: "f\($0 / 3)") }
    var tasks: [Int: Task<Int, any Error>] = [:]
    var newest: [QueryKey: Int] = [:]
    var id = 0
    for _ in 0..<5 {
      for key in keys {
        id += 1
        let superseded = scheduler.arrive(id, key: key)
        #expect(superseded == newest[key].map { [$0] } ?? [])
        for old in superseded { tasks[old]?.cancel() }
        newest[key] = id
        let query = id
        tasks[query] = Task {
          try await scheduler.run(query, key: key, debounce: .milliseconds(20)) {
            log.record("\(query)")
            return query
          }
        }
      }
      clock.advance(by: .milliseconds(5))
    }
    #expect(scheduler.pendingCount == keys.count)
    #expect(await clock.waitForSleepers(keys.count))
    clock.advance(by: .milliseconds(20))
    var ran: [Int] = []
    for (query, task) in tasks {
      if let value = try? await task.value {
        #expect(value == query)
        ran.append(value)
      }
    }
    #expect(ran.sorted() == newest.values.sorted())
    #expect(log.all.map { Int($0) }.compactMap { $0 }.sorted() == newest.values.sorted())
    #expect(scheduler.startedCount == keys.count)
    #expect(scheduler.pendingCount == 0)
  }
}
