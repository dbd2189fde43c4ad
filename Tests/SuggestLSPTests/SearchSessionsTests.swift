import SuggestEngine
import Testing

@testable import suggest_lsp

/// The refinement state kept per search field: bounded in fields and in bytes, the most recent fields kept.
@Suite struct SearchSessionsTests {
  static let catalog = Catalog(
    items: (0..<20_000).map { CatalogItem(id: "i\($0)", title: "item \($0) of group \($0 % 97)") }
  )

  /// Searches `text` in `field`, through the field's session.
  static func search(_ sessions: SearchSessions, field: String, _ text: String) async throws -> SearchSession {
    var scratch = SearchScratch()
    return try await sessions.withSession(QueryKey(method: "search/filter", catalog: "default", field: field)) {
      session in
      _ = try await catalog.search(SearchQuery(text: text, limit: 5), session: &session, scratch: &scratch)
      return session
    }
  }

  @Test("one-off fields keep no more match sets than the byte budget, beyond the few most recent")
  func byteBudget() async throws {
    let one = try await Self.search(SearchSessions(), field: "probe", "item").keptBytes
    #expect(one >= 20_000 / 8)
    // Room for five match sets of about `one` bytes each: their arrays' capacities can differ by a few words, with
    // whatever else the process allocated meanwhile.
    let budget = 5 * one + one / 2
    let sessions = SearchSessions(capacity: 64, byteBudget: budget, minimumCount: 2)
    for index in 0..<40 { _ = try await Self.search(sessions, field: "once-\(index)", "item 1") }
    #expect(
      sessions.count == 5 && sessions.keptBytes <= budget,
      "\(sessions.count) sessions, \(sessions.keptBytes) bytes"
    )
    // The most recent field kept its session: its next keystroke refines the previous matches.
    let refined = try await Self.search(sessions, field: "once-39", "item 12")
    #expect(refined.refinedSearches == 1)
    let restarted = try await Self.search(sessions, field: "once-0", "item 12")
    #expect(restarted.refinedSearches == 0, "the oldest field lost its session")
  }

  @Test("past the budget, the most recent fields still keep their sessions")
  func minimumCount() async throws {
    let sessions = SearchSessions(capacity: 64, byteBudget: 0, minimumCount: 3)
    for index in 0..<10 { _ = try await Self.search(sessions, field: "f\(index)", "item") }
    #expect(sessions.count == 3)
    #expect(try await Self.search(sessions, field: "f9", "item 3").refinedSearches == 1)
  }

  @Test("never more fields than the capacity, however small their sessions")
  func capacity() async throws {
    let sessions = SearchSessions(capacity: 6, byteBudget: .max, minimumCount: 2)
    for index in 0..<20 { _ = try await Self.search(sessions, field: "f\(index)", "group") }
    #expect(sessions.count == 6)
  }
}
