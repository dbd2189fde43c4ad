import JSONKit
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// A short query whose answer the catalog keeps is answered on the reader as it arrives, with no task and no
/// worker: the same answer, and only when nothing it must wait for is left (its debounce, an earlier write).
@Suite(.scaledTimeLimit(minutes: 1)) struct AnswerAtOnceTests {
  @Test("a kept short query is answered without a worker, with the same result", arguments: ["filter", "complete"])
  func keptAnswer(method: String) async throws {
    let daemon = try await TestDaemon()
    let params: JSONValue = ["query": "ip", "limit": 3]
    let scheduler = daemon.server.scheduler
    // The first search of "ip" runs on a worker and keeps its answer.
    let first = try await daemon.result("search/\(method)", params)
    #expect(scheduler.answeredAtOnceCount == 0)
    #expect(daemon.server.workers.activity.admitted == 1)
    let again = try await daemon.result("search/\(method)", params)
    #expect(again == first)
    // Another page of the kept answer too.
    let wider = try await daemon.result("search/\(method)", ["query": "ip", "limit": 5])
    #expect(scheduler.answeredAtOnceCount == 2)
    if method == "filter" {
      #expect(wider["items"]?.strings("id").prefix(3).elementsEqual(first["items"]?.strings("id") ?? []) == true)
      #expect(wider["total"] == first["total"])
    }
    // A longer query is no short query: it runs on a worker.
    _ = try await daemon.result("search/\(method)", ["query": "ipad", "limit": 3])
    #expect(scheduler.answeredAtOnceCount == 2)
    #expect(scheduler.startedCount == 4)
    await daemon.finish()
  }

  @Test("a debounced short query still waits, and can be cancelled, though its answer is kept")
  func debounceHolds() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("search/filter", ["query": "ip"])
    daemon.send("held", "search/filter", ["query": "ip", "debounceMs": 10_000])
    daemon.notify("$/cancelRequest", ["id": "held"])
    let reply = try await daemon.reply(to: "held")
    #expect(reply["error"]?["code"] == -32800)
    await daemon.finish()
  }

  @Test("a kept short query written right after a catalog change waits for it and sees the new catalog")
  func waitsForEarlierWrite() async throws {
    let daemon = try await TestDaemon()
    let before = try await daemon.result("search/filter", ["query": "ip"])
    let total = try #require(before["total"]?.int)
    // Both at once: the reader meets the search while the change still runs.
    daemon.write(
      TestDaemon.line(1, "catalog/add", ["items": [["id": "ipx", "title": "iPod X"]]])
        + TestDaemon.line(2, "search/filter", ["query": "ip", "limit": 50])
    )
    let after = try await daemon.reply(to: 2)
    #expect(after["result"]?["total"]?.int == total + 1)
    #expect(after["result"]?["items"]?.strings("id").contains("ipx") == true)
    await daemon.finish()
  }

  @Test("a kept short query in a field supersedes the field's older query, which is answered first")
  func supersedesOlder() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("search/filter", ["query": "ip", "field": "f"])
    daemon.write(
      TestDaemon.line(1, "search/filter", ["query": "ipad", "field": "f", "debounceMs": 10_000])
        + TestDaemon.line(2, "search/filter", ["query": "ip", "field": "f"])
    )
    let replies = await daemon.waitForReplies(count: 3)
    let ids = replies.compactMap { $0["id"]?.int }
    #expect(ids.suffix(2) == [1, 2])
    #expect(replies.first { $0["id"] == 1 }?["error"]?["data"]?["by"] == 2)
    #expect(replies.first { $0["id"] == 2 }?["result"]?["items"]?[0]?["title"] != nil)
    await daemon.finish()
  }

  @Test("after a short query answered at once, its field's next keystroke refines the matches found meanwhile")
  func followUpRefines() async throws {
    let daemon = try await TestDaemon()
    let sessions = daemon.server.sessions
    // Kept by a search in another field, then answered at once in field "f".
    _ = try await daemon.result("search/filter", ["query": "ip", "field": "g"])
    _ = try await daemon.result("search/filter", ["query": "ip", "field": "f"])
    let key = QueryKey(method: "search/filter", catalog: "default", field: "f")
    // The answer left no session; the follow-up scan makes one.
    try await SearchWorkersTests.eventually { sessions.session(for: key) != nil && daemon.server.followUps.count == 0 }
    let refined = try #require(sessions.session(for: key)?.refinedSearches)
    let next = try await daemon.result("search/filter", ["query": "ipo", "field": "f"])
    #expect(sessions.session(for: key)?.refinedSearches == refined + 1)
    #expect(next == (try await daemon.result("search/filter", ["query": "ipo", "field": "fresh"])))
    await daemon.finish()
  }

  /// The follow-up of a short query answered from a kept answer: its scan, and no guesses.
  private static func scan(_ text: String) -> FollowUp {
    FollowUp(
      query: SearchQuery(text: text, limit: 10),
      result: SearchResult(total: 0, hits: []),
      refines: true,
      guesses: 0
    )
  }

  @Test("a field's next query drops its follow-up")
  func followUpDropped() {
    let followUps = RefinementFollowUps(
      workers: SearchWorkers(limit: 1),
      sessions: SearchSessions(),
      delay: .seconds(600)
    )
    let key = QueryKey(method: "search/filter", catalog: "default", field: "f")
    let other = QueryKey(method: "search/filter", catalog: "default", field: "g")
    let catalog = Catalog(items: DemoCatalog.items)
    followUps.start(Self.scan("mac"), key: key, catalog: catalog)
    followUps.start(Self.scan("ip"), key: other, catalog: catalog)
    #expect(followUps.count == 2)
    followUps.cancel(key)
    #expect(followUps.count == 1)
  }

  @Test("keystrokes that follow at once are answered right whether or not a follow-up ran")
  func keystrokesAtOnce() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("search/filter", ["query": "mac", "field": "g"])
    daemon.write(
      TestDaemon.line(1, "search/filter", ["query": "mac", "field": "f"])
        + TestDaemon.line(2, "search/filter", ["query": "macb", "field": "f"])
    )
    let replies = await daemon.waitForReplies(count: 3)
    let typed = try #require(replies.first { $0["id"] == 2 }?["result"])
    #expect(typed == (try await daemon.result("search/filter", ["query": "macb", "field": "fresh"])))
    try await SearchWorkersTests.eventually { daemon.server.followUps.count == 0 }
    #expect(daemon.server.followUps.count == 0)
    await daemon.finish()
  }

  @Test("only the fields of the latest few answers keep a follow-up, so a burst leaves no tail of scans")
  func followUpsBounded() {
    let catalog = Catalog(items: DemoCatalog.items)
    // Never due during the test.
    let followUps = RefinementFollowUps(
      workers: SearchWorkers(limit: 1),
      sessions: SearchSessions(),
      delay: .seconds(600)
    )
    func key(_ index: Int) -> QueryKey { QueryKey(method: "search/filter", catalog: "default", field: "f\(index)") }
    for index in 1...200 { followUps.start(Self.scan("ip"), key: key(index), catalog: catalog) }
    #expect(followUps.count == RefinementFollowUps.maximumPending)
    // The latest are kept: dropping an old field's changes nothing, dropping the newest's leaves one fewer.
    followUps.cancel(key(1))
    #expect(followUps.count == RefinementFollowUps.maximumPending)
    followUps.cancel(key(200))
    #expect(followUps.count == RefinementFollowUps.maximumPending - 1)
  }
}
