import JSONKit
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// In the pause after a field's answer, the keystrokes likely to come next are answered ahead (`--lookahead`): a
/// right guess is answered as it arrives, with the very result a search gives; a guess made before a recent was
/// added or the catalog edited is not used.
@Suite(.scaledTimeLimit(minutes: 1)) struct LookaheadTests {
  /// Types `text` in field "f" one character at a time, and waits until the pause after it has been used. The
  /// keystrokes before the last may be answered from guesses already, when the machine is slow enough that a pause
  /// passes between them: tests count what the keystrokes after this do.
  private static func typeAndPause(_ daemon: TestDaemon, _ method: String, _ text: String) async throws -> JSONValue {
    for length in 1..<text.count {
      _ = try await daemon.result("search/\(method)", ["query": .string(String(text.prefix(length))), "field": "f"])
    }
    let result = try await daemon.result("search/\(method)", ["query": .string(text), "field": "f"])
    try await SearchWorkersTests.eventually {
      daemon.server.followUps.count == 0 && daemon.server.guessed.count > 0
    }
    return result
  }

  @Test("the next characters of the suggested titles, in their order, without repeats")
  func guessesFromTitles() async throws {
    let catalog = Catalog(items: DemoCatalog.items)
    var session = SearchSession()
    var scratch = SearchScratch()
    func guesses(_ text: String, offset: Int = 0, count: Int = 3) async throws -> [String] {
      let query = SearchQuery(text: text, limit: 10, offset: offset)
      let result = try await catalog.search(query, session: &session, scratch: &scratch)
      let titles = result.hits.compactMap { catalog.item(at: $0.index)?.title }
      let guessed = NextKeystrokes.guesses(after: query, result: result, catalog: catalog, count: count)
      // Each guess is the query with one more character, the rest of the query as it was.
      #expect(guessed.allSatisfy { $0.limit == 10 && $0.offset == offset })
      #expect(titles.count > 0 || guessed.isEmpty)
      return guessed.map(\.text)
    }
    // iPad, iPod, iPhone come first for "ip": lowercased, as typed.
    #expect(try await guesses("ip") == ["ipa", "ipo", "iph"])
    #expect(try await guesses("ip", count: 1) == ["ipa"])
    #expect(try await guesses("ip", count: 0).isEmpty)
    // After a separator typed at the end, the next word's first letter (not the separator again).
    let afterSpace = try await guesses("ipad ")
    #expect(Set(afterSpace) == ["ipad a", "ipad m", "ipad p"])
    // Before one, the separator as the title has it.
    #expect(try await guesses("mac", count: 16).contains("mac "))
    // A later page is not guessed from.
    #expect(try await guesses("ip", offset: 5).isEmpty)
  }

  @Test(
    "a guessed keystroke is answered as it arrives, with the result of a search",
    arguments: ["filter", "complete"]
  )
  func guessTaken(method: String) async throws {
    let daemon = try await TestDaemon(["--lookahead", "4"])
    let server = daemon.server
    let key = QueryKey(method: "search/\(method)", catalog: "default", field: "f")
    _ = try await Self.typeAndPause(daemon, method, "mac")
    let refinedBefore = try #require(server.sessions.session(for: key)?.refinedSearches)
    let (atOnce, taken) = (server.scheduler.answeredAtOnceCount, server.guessed.takenCount)
    let typed = try await daemon.result("search/\(method)", ["query": "macb", "field": "f"])
    #expect(server.guessed.takenCount == taken + 1)
    #expect(server.scheduler.answeredAtOnceCount == atOnce + 1)
    #expect(typed == (try await daemon.result("search/\(method)", ["query": "macb", "field": "fresh"])))
    // The field takes the session the guess's search left (it refined the matches of "mac"), and its next
    // keystroke refines the matches of "macb".
    try await SearchWorkersTests.eventually { server.followUps.count == 0 }
    let refined = try #require(server.sessions.session(for: key)?.refinedSearches)
    #expect(refined == refinedBefore + 1)
    let next = try await daemon.result("search/\(method)", ["query": "macbook ", "field": "f"])
    #expect(server.sessions.session(for: key)?.refinedSearches == refined + 1)
    #expect(next == (try await daemon.result("search/\(method)", ["query": "macbook ", "field": "other"])))
    await daemon.finish()
  }

  @Test("a guessed keystroke that waits out a debounce takes the guess when it runs")
  func guessTakenByWorker() async throws {
    let daemon = try await TestDaemon(["--lookahead", "4"])
    let server = daemon.server
    _ = try await Self.typeAndPause(daemon, "filter", "mac")
    let (atOnce, taken) = (server.scheduler.answeredAtOnceCount, server.guessed.takenCount)
    let typed = try await daemon.result("search/filter", ["query": "macb", "field": "f", "debounceMs": 1])
    #expect(server.scheduler.answeredAtOnceCount == atOnce)
    #expect(server.guessed.takenCount == taken + 1)
    #expect(typed == (try await daemon.result("search/filter", ["query": "macb", "field": "fresh"])))
    await daemon.finish()
  }

  @Test("a keystroke with a kept answer is not searched ahead: it is answered at once, and scanned after")
  func keptAnswersNotGuessed() async throws {
    let daemon = try await TestDaemon(["--lookahead", "4"])
    let server = daemon.server
    // "ip" is kept by a search in another field; field "f" was typed in before.
    _ = try await daemon.result("search/filter", ["query": "ip", "field": "g"])
    _ = try await daemon.result("search/filter", ["query": "im", "field": "f"])
    _ = try await Self.typeAndPause(daemon, "filter", "i")
    let (atOnce, taken) = (server.scheduler.answeredAtOnceCount, server.guessed.takenCount)
    _ = try await daemon.result("search/filter", ["query": "ip", "field": "f"])
    #expect(server.scheduler.answeredAtOnceCount == atOnce + 1)
    #expect(server.guessed.takenCount == taken)
    await daemon.finish()
  }

  @Test("a guess made before a recent was chosen is not used")
  func recentsChangeTheQuery() async throws {
    let daemon = try await TestDaemon(["--lookahead", "4"])
    _ = try await Self.typeAndPause(daemon, "filter", "mac")
    _ = try await daemon.result("recents/add", ["text": "MacBook Pro", "id": "macbook-pro"])
    let taken = daemon.server.guessed.takenCount
    let typed = try await daemon.result("search/filter", ["query": "macb", "field": "f"])
    #expect(daemon.server.guessed.takenCount == taken)
    // The item just chosen comes first, as a search finds it.
    #expect(typed["items"]?.strings("id").first == "macbook-pro")
    #expect(typed == (try await daemon.result("search/filter", ["query": "macb", "field": "fresh"])))
    await daemon.finish()
  }

  @Test("a guess made before the catalog was edited is not used")
  func editsChangeTheSnapshot() async throws {
    let daemon = try await TestDaemon(["--lookahead", "4"])
    _ = try await Self.typeAndPause(daemon, "filter", "mac")
    _ = try await daemon.result("catalog/add", ["items": [["id": "macbeth", "title": "Macbeth"]]])
    let taken = daemon.server.guessed.takenCount
    let typed = try await daemon.result("search/filter", ["query": "macb", "field": "f"])
    #expect(daemon.server.guessed.takenCount == taken)
    #expect(typed["items"]?.strings("id").contains("macbeth") == true)
    #expect(typed == (try await daemon.result("search/filter", ["query": "macb", "field": "fresh"])))
    await daemon.finish()
  }

  @Test("a field's first query is not searched ahead from, so a burst of one-off fields leaves no searches behind")
  func firstQueryNotGuessed() async throws {
    let daemon = try await TestDaemon(["--lookahead", "4"])
    for (number, text) in ["mac", "ipa", "airp", "ip"].enumerated() {
      _ = try await daemon.result("search/filter", ["query": .string(text), "field": .string("one-off \(number)")])
    }
    try await SearchWorkersTests.eventually { daemon.server.followUps.count == 0 }
    #expect(daemon.server.guessed.count == 0)
    // Typed in, a field is.
    _ = try await Self.typeAndPause(daemon, "filter", "mac")
    #expect(daemon.server.guessed.count > 0)
    await daemon.finish()
  }

  @Test("--lookahead 0 answers nothing ahead")
  func off() async throws {
    let daemon = try await TestDaemon(["--lookahead", "0"])
    _ = try await daemon.result("search/filter", ["query": "mac", "field": "f"])
    // Only a kept answer's scan would be left to do, and "mac" ran a search.
    #expect(daemon.server.followUps.count == 0)
    _ = try await daemon.result("search/filter", ["query": "macb", "field": "f"])
    #expect(daemon.server.guessed.count == 0 && daemon.server.guessed.takenCount == 0)
    await daemon.finish()
  }
}
