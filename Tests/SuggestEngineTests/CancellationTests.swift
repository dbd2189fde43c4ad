import Testing

@testable import SuggestEngine

@Suite struct CancellationTests {
  static func bigCatalog() -> Catalog {
    var generator = RandomCatalog(seed: 99)
    return Catalog(items: generator.items(count: 120_000))
  }

  @Test("a cancelled search throws CancellationError", .timeLimit(.minutes(1)))
  func cancelledSearchThrows() async throws {
    let catalog = Self.bigCatalog()
    let task = Task { try await catalog.search(SearchQuery(text: "a", mode: .smart)) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("a cancelled contains search throws CancellationError", .timeLimit(.minutes(1)))
  func cancelledContainsThrows() async throws {
    let catalog = Self.bigCatalog()
    let task = Task { try await catalog.search(SearchQuery(text: "é", mode: .contains)) }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test("cancelling mid-scan stops the search instead of letting it finish", .timeLimit(.minutes(2)))
  func stopsPromptly() async throws {
    let catalog = Self.bigCatalog()
    let clock = ContinuousClock()
    // A slow query: a non-ASCII needle sends every title through Foundation.
    _ = try await catalog.search(SearchQuery(text: "é", mode: .contains))
    let full = try await clock.measure { _ = try await catalog.search(SearchQuery(text: "é", mode: .contains)) }
    let task = Task { try await catalog.search(SearchQuery(text: "é", mode: .contains)) }
    try await Task.sleep(for: full / 5)
    let start = clock.now
    task.cancel()
    let outcome = await task.result
    let stopped = clock.now - start
    // A search that ignored cancellation would have had the time to finish and return a result. (Wall time is not
    // asserted: other suites share the two cores; the benchmark reports it.)
    switch outcome {
    case .success: Issue.record("the search finished although cancelled (a full run takes \(full))")
    case .failure(let error): #expect(error is CancellationError, "stopped after \(stopped)")
    }
  }

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
