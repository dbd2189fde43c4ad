import Locking
import Synchronization
import TestSupport
import Testing

@testable import suggest_lsp

extension SplitMix64 {
  /// A number in `0..<bound`: the stress schedule's draw, so every run replays the same schedule of arrivals.
  fileprivate mutating func below(_ bound: Int) -> Int {
    Int(next() % UInt64(bound))
  }
}

/// The transport's exactly-once table, simulated: the first answer of a request is written, later ones dropped.
private final class Responder: Sendable {
  enum Answer: Hashable {
    case result
    case superseded(by: Int)
  }

  struct Written: Hashable {
    var id: Int
    var answer: Answer
  }

  private struct State {
    var written: [Written] = []
    var answered: Set<Int> = []
    var dropped = 0
  }

  private let state = Locked(State())

  /// Writes `answer` for `id` unless `id` was answered already.
  func answer(_ id: Int, _ answer: Answer) {
    state.withLock { state in
      if state.answered.insert(id).inserted {
        state.written.append(Written(id: id, answer: answer))
      } else {
        state.dropped += 1
      }
    }
  }

  var written: [Written] { state.withLock { $0.written } }
}

/// A counter shared by tasks.
private final class Counter: Sendable {
  private let value = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .sequentiallyConsistent) }
  var count: Int { value.load(ordering: .sequentiallyConsistent) }
}

/// The ids whose operation started.
private final class StartLog: Sendable {
  private let started = Locked<Set<Int>>([])
  func record(_ id: Int) { started.withLock { _ = $0.insert(id) } }
  var all: Set<Int> { started.withLock { $0 } }
}

@Suite struct QuerySchedulerStressTests {
  /// How the simulated daemon delivers a result.
  enum Delivery: String, CaseIterable, CustomTestStringConvertible {
    /// Through `run(…, deliver:)`, while the query still counts as unanswered.
    case inRun
    /// After `run` returned.
    case afterRun
    var testDescription: String { rawValue }
  }

  /// How one query's task ended.
  enum Outcome: Hashable {
    case delivered, superseded, cancelled
    case failed(String)
  }

  static let seeds: [UInt64] = [1, 0xDEC0_DE, 20_261_101]

  @Test(
    "hundreds of queries with random supersessions: each ends once, none runs once superseded while waiting, results in order",
    .scaledTimeLimit(minutes: 1),
    arguments: Delivery.allCases,
    seeds
  )
  func randomSupersessions(delivery: Delivery, seed: UInt64) async throws {
    let queryCount = 600
    let keys = (0..<6).map {
      QueryKey(method: $0 % 2 == 0 ? "search/complete" : "search/filter", catalog: "c", field: "f\($0 / 2)")
    }
    let debounces: [Duration] = [.zero, .zero, .milliseconds(5), .milliseconds(10), .milliseconds(30)]
    let clock = ManualClock()
    let scheduler = QueryScheduler<QueryKey, Int, ManualClock>(clock: clock)
    let responder = Responder()
    let starts = StartLog()
    let finishedTasks = Counter()
    var random = SplitMix64(seed: seed)

    var tasks: [Int: Task<Outcome, Never>] = [:]
    var keyOf: [Int: QueryKey] = [:]
    var debounceOf: [Int: Duration] = [:]
    var createdAt: [Int: Duration] = [:]
    var deferred: [Int] = []
    var newestOf: [QueryKey: Int] = [:]
    var returnedByArrive: [Int: Int] = [:]
    var mustNotRun: Set<Int> = []

    func startTask(_ id: Int) {
      let key = keyOf[id]!
      let debounce = debounceOf[id]!
      createdAt[id] = clock.now.offset
      tasks[id] = Task {
        defer { finishedTasks.increment() }
        let operation: @Sendable () async throws -> Int = {
          starts.record(id)
          for _ in 0..<(id % 5) {
            await Task.yield()
            try Task.checkCancellation()
          }
          return id
        }
        do {
          switch delivery {
          case .inRun:
            try await scheduler.run(id, key: key, debounce: debounce, operation: operation) { _ in
              responder.answer(id, .result)
            }
          case .afterRun:
            _ = try await scheduler.run(id, key: key, debounce: debounce, operation: operation)
            responder.answer(id, .result)
          }
          return .delivered
        } catch is QuerySuperseded<Int> {
          return .superseded
        } catch is CancellationError {
          return .cancelled
        } catch {
          return .failed(String(describing: error))
        }
      }
    }

    for id in 0..<queryCount {
      let key = keys[random.below(keys.count)]
      keyOf[id] = key
      debounceOf[id] = debounces[random.below(debounces.count)]
      // The reader thread: record the arrival, answer the superseded query, cancel its task (mostly: now and
      // then the task is left running, to check that the scheduler alone keeps its result out).
      let superseded = scheduler.arrive(id, key: key)
      // Only the previous arrival of the key can be unanswered (or nothing, when it has finished).
      #expect(superseded.isEmpty || superseded == newestOf[key].map { [$0] }, "arrival \(id)")
      newestOf[key] = id
      for old in superseded {
        returnedByArrive[old, default: 0] += 1
        responder.answer(old, .superseded(by: id))
        if random.below(4) != 0 { tasks[old]?.cancel() }
        // Certainly still waiting: its task has not started, or its deadline (at least creation + debounce) is
        // still ahead of the clock.
        if let created = createdAt[old] {
          if debounceOf[old]! > .zero && clock.now.offset < created + debounceOf[old]! { mustNotRun.insert(old) }
        } else {
          mustNotRun.insert(old)
        }
      }
      if random.below(4) == 0 { deferred.append(id) } else { startTask(id) }
      if random.below(4) == 0 {
        for late in deferred.prefix(random.below(deferred.count + 1)) { startTask(late) }
        deferred.removeAll { createdAt[$0] != nil }
      }
      if random.below(3) == 0 { clock.advance(by: .milliseconds(random.below(15))) }
      if random.below(4) == 0 { await Task.yield() }
    }
    for late in deferred { startTask(late) }
    // Let every sleeper reach its deadline, however late it registered.
    let drained = await ManualClock.yield(until: {
      clock.advance(by: .milliseconds(50))
      return finishedTasks.count == queryCount
    })
    #expect(drained)
    var outcomes: [Int: Outcome] = [:]
    for (id, task) in tasks { outcomes[id] = await task.value }

    let written = responder.written
    let started = starts.all
    // Every query answered exactly once, and returned by an arrival at most once.
    #expect(written.count == queryCount)
    #expect(Set(written.map(\.id)) == Set(0..<queryCount))
    #expect(returnedByArrive.values.allSatisfy { $0 == 1 })
    // Supersession names a newer query of the same key.
    for entry in written {
      guard case .superseded(let by) = entry.answer else { continue }
      #expect(by > entry.id && keyOf[by] == keyOf[entry.id], "\(entry.id) superseded by \(by)")
    }
    // The last query of each key is never superseded: it answers with its result.
    for (_, last) in newestOf {
      #expect(written.contains(Responder.Written(id: last, answer: .result)), "last query \(last)")
      #expect(outcomes[last] == .delivered)
    }
    // A query superseded while it certainly still waited never ran.
    #expect(started.isDisjoint(with: mustNotRun), "\(started.intersection(mustNotRun).sorted())")
    #expect(scheduler.startedCount == started.count)
    #expect(scheduler.pendingCount == 0)
    // Each task ended once, consistently with the arrivals: superseded or cancelled only if an arrival said so.
    #expect(outcomes.count == queryCount)
    for (id, outcome) in outcomes {
      switch outcome {
      case .superseded, .cancelled: #expect(returnedByArrive[id] == 1, "\(id) ended \(outcome)")
      case .delivered:
        // `run` without deliver finishes the query atomically with its last check, so it can never also be
        // superseded; with deliver, an arrival during delivery may still name it (the responder drops one).
        if delivery == .afterRun { #expect(returnedByArrive[id] == nil, "\(id) delivered and superseded") }
      case .failed(let error): Issue.record("\(id) failed: \(error)")
      }
    }
    if delivery == .inRun {
      // No result of an older query is written after a result of a newer one of the same key.
      var lastResult: [QueryKey: Int] = [:]
      for entry in written where entry.answer == .result {
        let key = keyOf[entry.id]!
        #expect(entry.id > lastResult[key] ?? -1, "result \(entry.id) after \(lastResult[key] ?? -1)")
        lastResult[key] = entry.id
      }
    }
    // The schedule exercised every path.
    #expect(mustNotRun.count > 20)
    #expect(outcomes.values.filter { $0 == .delivered }.count > keys.count)
    #expect(outcomes.values.contains(.superseded))
    #expect(outcomes.values.contains(.cancelled))
  }
}
