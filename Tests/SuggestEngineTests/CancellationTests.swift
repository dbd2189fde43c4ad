import TestSupport
import Testing

@testable import SuggestEngine

@Suite struct CancellationTests {
  static func bigCatalog() -> Catalog {
    var generator = RandomCatalog(seed: 99)
    return Catalog(items: generator.items(count: 120_000))
  }

  @Test("a cancelled search throws CancellationError", .scaledTimeLimit(minutes: 1))
  func cancelledSearchThrows() async throws {
    let catalog = Self.bigCatalog()
    let task = Task { try await catalog.search(SearchQuery(text: "a", mode: .smart)) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("a cancelled contains search throws CancellationError", .scaledTimeLimit(minutes: 1))
  func cancelledContainsThrows() async throws {
    let catalog = Self.bigCatalog()
    let task = Task { try await catalog.search(SearchQuery(text: "é", mode: .contains)) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("cancelling mid-scan stops the search instead of letting it finish", .scaledTimeLimit(minutes: 2))
  func stopsPromptly() async throws {
    let catalog = Self.bigCatalog()
    let clock = ContinuousClock()
    // A slow query: a non-ASCII needle sends every title through Foundation.
    let query = SearchQuery(text: "é", mode: .contains)
    _ = try await catalog.search(query)
    let full = try await clock.measure { _ = try await catalog.search(query) }
    // Other suites share the two cores, so a cancel can land before the task starts or after the scan finished,
    // and `full` itself may have been measured while the cores were busy: each attempt cancels sooner. Only an
    // attempt whose cancel arrived while the search ran decides; a scan that ignored cancellation would finish
    // every time.
    for attempt in 0..<8 {
      let task = Task {
        if Task.isCancelled { throw CancelledBeforeStart() }
        return try await catalog.search(query)
      }
      try await Task.sleep(for: full / (5 << attempt))
      task.cancel()
      switch await task.result {
      case .failure(let error) where error is CancellationError: return
      case .failure(let error) where error is CancelledBeforeStart: continue
      case .failure(let error): Issue.record("unexpected error \(error)")
      case .success: continue
      }
    }
    Issue.record("the search finished although cancelled mid-scan, 8 times (a full run takes \(full))")
  }

  private struct CancelledBeforeStart: Error {}

  @Test("a cancelled search leaves the session unchanged")
  func sessionUnchanged() async throws {
    let catalog = Self.bigCatalog()
    var session = SearchSession()
    _ = try await catalog.search(SearchQuery(text: "re"), session: &session)
    let task = Task { [session] in
      var copy = session
      return try await catalog.search(SearchQuery(text: "req"), session: &copy)
    }
    task.cancel()
    _ = await task.result
    let result = try await catalog.search(SearchQuery(text: "req"), session: &session)
    #expect(session.refinedSearches == 1)
    #expect(result.total == (try await catalog.search(SearchQuery(text: "req"))).total)
  }
}
