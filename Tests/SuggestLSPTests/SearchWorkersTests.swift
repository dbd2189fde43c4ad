import Locking
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// The bounded pool searches run on: never more than its limit at once, arrival order, cancellation while waiting.
@Suite(.scaledTimeLimit(minutes: 1)) struct SearchWorkersTests {
  /// A one-shot gate that work can wait on.
  struct Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
      (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    func wait() async {
      for await _ in stream {}
    }

    func open() {
      continuation.finish()
    }
  }

  /// Waits until `condition` holds, polling (the pool's state changes on other threads).
  static func eventually(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + TestScale.duration(.seconds(20))
    while !condition() {
      guard ContinuousClock.now < deadline else { return }
      try await Task.sleep(for: .milliseconds(1))
    }
  }

  @Test("its activity: the searches admitted, and whether one runs or waits")
  func activity() async throws {
    let workers = SearchWorkers(limit: 1)
    #expect(workers.activity == .init(admitted: 0, isBusy: false))
    let gate = Gate()
    let first = Task { try await workers.run { _ in await gate.wait() } }
    try await Self.eventually { workers.runningCount == 1 }
    #expect(workers.activity == .init(admitted: 1, isBusy: true))
    let second = Task { try await workers.run { _ in } }
    try await Self.eventually { workers.waitingCount == 1 }
    #expect(workers.activity == .init(admitted: 1, isBusy: true))
    gate.open()
    try await first.value
    try await second.value
    #expect(workers.activity == .init(admitted: 2, isBusy: false))
  }

  @Test("many searches at once: never more than the limit run together, and every one runs", arguments: [1, 2, 3])
  func bound(limit: Int) async throws {
    let workers = SearchWorkers(limit: limit)
    let running = Locked((now: 0, peak: 0, done: 0))
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<300 {
        group.addTask {
          _ = try await workers.run { _ in
            running.withLock {
              $0.now += 1; $0.peak = max($0.peak, $0.now)
            }
            // Suspends while counted as running, so other tasks get every chance to start meanwhile.
            try await Task.sleep(for: .microseconds(50 * (index % 5)))
            await Task.yield()
            running.withLock {
              $0.now -= 1; $0.done += 1
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let counts = running.withLock { $0 }
    #expect(counts.done == 300)
    #expect(counts.peak <= limit)
    #expect(counts.peak == limit, "with 300 searches at once the pool is full at some point")
    #expect(workers.peakRunningCount == counts.peak)
    #expect(workers.activity.admitted == 300)
    #expect(workers.runningCount == 0 && workers.waitingCount == 0)
  }

  @Test("a worker lends the working memory of its last search to the next one it runs, until a burst ends")
  func scratchIsKept() async throws {
    let workers = SearchWorkers(limit: 1)
    let catalog = Catalog(items: (0..<2_000).map { CatalogItem(id: "i\($0)", title: "item \($0) of \($0 % 7)") })
    let before = try await workers.run { scratch in scratch.keptBytes }
    let result = try await workers.run { scratch in
      var session = SearchSession()
      return try await catalog.search(SearchQuery(text: "item 1", limit: 5), session: &session, scratch: &scratch)
    }
    let after = try await workers.run { scratch in scratch.keptBytes }
    #expect(result.hits.count == 5)
    #expect(before == 0)
    #expect(after > 0, "the search's sets were kept for the next one")

    // A burst (a search had to wait) ends with the workers' memory dropped, to be given back to the system.
    let gate = Gate()
    let blocker = Task { try await workers.run { _ in await gate.wait() } }
    try await Self.eventually { workers.runningCount == 1 }
    let waiter = Task { try await workers.run { scratch in scratch.keptBytes } }
    try await Self.eventually { workers.waitingCount == 1 }
    gate.open()
    try await blocker.value
    #expect(try await waiter.value > 0, "inside the burst, the memory passes from search to search")
    #expect(try await workers.run { scratch in scratch.keptBytes } == 0, "after the burst it is gone")
  }

  @Test("waiting searches run in arrival order")
  func arrivalOrder() async throws {
    let workers = SearchWorkers(limit: 1)
    let gate = Gate()
    let order = Locked<[Int]>([])
    let blocker = Task { _ = try await workers.run { _ in await gate.wait() } }
    try await Self.eventually { workers.runningCount == 1 }
    var waiting: [Task<Void, any Error>] = []
    for number in 1...5 {
      waiting.append(Task { _ = try await workers.run { _ in order.withLock { $0.append(number) } } })
      try await Self.eventually { workers.waitingCount == number }
    }
    #expect(workers.waitingCount == 5)
    gate.open()
    try await blocker.value
    for task in waiting { try await task.value }
    #expect(order.withLock { $0 } == [1, 2, 3, 4, 5])
  }

  @Test("a waiting search that is cancelled leaves at once and never runs; the others still run")
  func cancelWhileWaiting() async throws {
    let workers = SearchWorkers(limit: 1)
    let gate = Gate()
    let ran = Locked<[Int]>([])
    let blocker = Task { _ = try await workers.run { _ in await gate.wait() } }
    try await Self.eventually { workers.runningCount == 1 }
    let first = Task { _ = try await workers.run { _ in ran.withLock { $0.append(1) } } }
    try await Self.eventually { workers.waitingCount == 1 }
    let second = Task { _ = try await workers.run { _ in ran.withLock { $0.append(2) } } }
    try await Self.eventually { workers.waitingCount == 2 }
    first.cancel()
    // Answered while the worker is still busy: it did not wait for a worker to learn it was cancelled.
    await #expect(throws: CancellationError.self) { try await first.value }
    #expect(workers.waitingCount == 1)
    gate.open()
    try await blocker.value
    try await second.value
    #expect(ran.withLock { $0 } == [2])
    #expect(workers.activity.admitted == 2)
  }

  @Test("a search cancelled before it asks for a worker never runs")
  func cancelledBefore() async throws {
    let workers = SearchWorkers(limit: 2)
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      _ = try await workers.run { _ in Issue.record("a cancelled search ran") }
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(workers.activity.admitted == 0 && workers.runningCount == 0)
  }

  @Test("the last search of a burst drains the pool, once; searches that never waited end no burst")
  func burstEnd() async throws {
    let drains = Locked(0)
    let workers = SearchWorkers(limit: 1) { drains.withLock { $0 += 1 } }
    #expect(try await workers.run { _ in 1 } == 1)
    #expect(drains.withLock { $0 } == 0)
    let gate = Gate()
    let blocker = Task { try await workers.run { _ in await gate.wait() } }
    try await Self.eventually { workers.runningCount == 1 }
    let waiter = Task { try await workers.run { _ in drains.withLock { $0 } } }
    try await Self.eventually { workers.waitingCount == 1 }
    gate.open()
    try await blocker.value
    #expect(try await waiter.value == 0, "the worker passed to the waiting search: no drain in between")
    #expect(drains.withLock { $0 } == 1)
    _ = try await workers.run { _ in 3 }
    #expect(drains.withLock { $0 } == 1)
  }

  @Test("within a burst, memory is released every few searches while the queue never drains, and once at its end")
  func periodicRelease() async throws {
    let releases = Locked(0)
    let workers = SearchWorkers(limit: 1, releaseInterval: 2) { releases.withLock { $0 += 1 } }
    // Nine searches, each held until the test lets it finish: the first runs, the other eight queue behind it.
    let gates = (0..<9).map { _ in Gate() }
    var searches: [Task<Void, any Error>] = []
    for (number, gate) in gates.enumerated() {
      searches.append(Task { try await workers.run { _ in await gate.wait() } })
      try await Self.eventually { workers.runningCount == 1 && workers.waitingCount == number }
    }
    for (number, gate) in gates.enumerated() {
      let finished = number + 1
      gate.open()
      try await searches[number].value
      if finished < gates.count {
        // The queue has not drained: the next search runs, the rest still wait.
        try await Self.eventually { workers.activity.admitted == finished + 1 }
        #expect(workers.waitingCount == gates.count - finished - 1)
        try await Self.eventually { releases.withLock { $0 } == finished / 2 }
        #expect(releases.withLock { $0 } == finished / 2, "after \(finished) searches")
      }
    }
    // The last search ends the burst: one more release.
    try await Self.eventually { releases.withLock { $0 } == 5 }
    #expect(releases.withLock { $0 } == 5)
    #expect(workers.runningCount == 0 && workers.waitingCount == 0)
  }

  @Test("a search with others waiting behind it keeps no sets for the next keystrokes; one alone does")
  func burstSearchesKeepNoSets() async throws {
    let workers = SearchWorkers(limit: 1)
    let kept = Locked<[Int: Bool]>([:])
    // Four searches, each held until the test lets it finish: the first starts alone, three queue behind it.
    let gates = (0..<4).map { _ in Gate() }
    var searches: [Task<Void, any Error>] = []
    for (number, gate) in gates.enumerated() {
      searches.append(
        Task {
          try await workers.run { scratch in
            kept.withLock { $0[number] = scratch.keepsSetsForNextKeystrokes }
            await gate.wait()
          }
        }
      )
      try await Self.eventually { workers.runningCount == 1 && workers.waitingCount == number }
    }
    for (gate, search) in zip(gates, searches) {
      gate.open()
      try await search.value
    }
    // The second and third start with searches waiting behind them; the last starts with none.
    #expect(kept.withLock { $0 } == [0: true, 1: false, 2: false, 3: true])
    // A worker's memory lent again to a search alone keeps sets again.
    #expect(try await workers.run { $0.keepsSetsForNextKeystrokes })
  }

  @Test("searches that never wait (a user typing) release nothing, however many")
  func noBurstNoRelease() async throws {
    let releases = Locked(0)
    let workers = SearchWorkers(limit: 2, releaseInterval: 2) { releases.withLock { $0 += 1 } }
    for number in 0..<50 { #expect(try await workers.run { _ in number } == number) }
    #expect(releases.withLock { $0 } == 0)
  }

  @Test("a search that throws frees its worker")
  func throwingWork() async throws {
    struct Failure: Error {}
    let workers = SearchWorkers(limit: 1)
    await #expect(throws: Failure.self) { _ = try await workers.run { _ in throw Failure() } }
    #expect(workers.runningCount == 0)
    #expect(try await workers.run { _ in 7 } == 7)
  }
}
