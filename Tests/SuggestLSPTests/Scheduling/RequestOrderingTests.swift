import Locking
import TestSupport
import Testing

@testable import suggest_lsp

@Suite(.scaledTimeLimit(minutes: 1)) struct RequestOrderingTests {
  /// Records the order in which work ran.
  final class Journal: Sendable {
    private let entries = Locked<[String]>([])
    func record(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  @Test("writes run in arrival order even when their tasks start in reverse")
  func writesInOrder() async throws {
    let ordering = RequestOrdering()
    let journal = Journal()
    let tickets = (0..<20).map { _ in ordering.arriveWrite() }
    await withTaskGroup(of: Void.self) { group in
      for (index, ticket) in tickets.enumerated().reversed() {
        group.addTask {
          _ = try? await ticket.run {
            await Task.yield()
            journal.record("w\(index)")
          }
        }
      }
    }
    #expect(journal.all == (0..<20).map { "w\($0)" })
  }

  @Test("a read waits for the writes that arrived before it, not for later ones")
  func readsAfterEarlierWrites() async throws {
    let ordering = RequestOrdering()
    let journal = Journal()
    let write1 = ordering.arriveWrite()
    let read = ordering.arriveRead()
    let write2 = ordering.arriveWrite()
    let gate = Completion()
    async let readDone: Void? = try? read.run { journal.record("read") }
    async let write2Done: Void? = try? write2.run { journal.record("write2") }
    // Nothing can run before write1 finishes.
    for _ in 0..<100 { await Task.yield() }
    #expect(journal.all.isEmpty)
    async let write1Done: Void? = try? write1.run {
      await gate.wait()
      journal.record("write1")
    }
    for _ in 0..<100 { await Task.yield() }
    #expect(journal.all.isEmpty)
    gate.complete()
    _ = await (readDone, write2Done, write1Done)
    let order = journal.all
    #expect(order.first == "write1")
    #expect(Set(order) == ["write1", "read", "write2"])
  }

  @Test("reads run concurrently with each other")
  func readsConcurrent() async throws {
    let ordering = RequestOrdering()
    let first = ordering.arriveRead()
    let second = ordering.arriveRead()
    let gate = Completion()
    // The first read blocks until the second has run: only possible if reads do not wait for each other.
    async let one: Void? = try? first.run { await gate.wait() }
    async let two: Void? = try? second.run { gate.complete() }
    _ = await (one, two)
  }

  @Test("a write that throws or is cancelled still lets the next one go")
  func failureReleases() async throws {
    let ordering = RequestOrdering()
    let failing = ordering.arriveWrite()
    let next = ordering.arriveWrite()
    struct Failure: Error {}
    await #expect(throws: Failure.self) { try await failing.run { throw Failure() } }
    let task = Task { try await next.run { "ran" } }
    task.cancel()
    #expect(try await task.value == "ran")
    let after = ordering.arriveWrite()
    #expect(try await after.run { 1 } == 1)
  }
}
