import JSONKit
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// A burst of searches in distinct fields (contract §7 "under load"): bounded concurrency, exactly-once answers,
/// waiting searches that are superseded or cancelled answered at once, cheap requests never stuck behind the queue.
@Suite(.scaledTimeLimit(minutes: 1)) struct BurstTests {
  /// A small catalog of generated names, so that searches do real work and suspend while they run.
  static func catalogItems(count: Int) -> JSONValue {
    var random = SplitMix64(seed: 13)
    let words = ["async", "http", "json", "data", "frame", "test", "flask", "tensor", "cache", "queue", "graph"]
    return .array(
      (0..<count).map { index in
        let title = (0..<3).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: "-")
        return ["id": .string("i\(index)"), "title": .string("\(title)\(index)")]
      }
    )
  }

  @Test("a burst of searches in distinct fields: each answered once, never more than the bound running at once")
  func boundedBurst() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("catalog/load", ["items": Self.catalogItems(count: 2_000)])
    let count = TestScale.count(600)
    let queries = ["async", "jsn", "http fr", "tensor", "qu", "grap", "flask te"]
    var text = ""
    for index in 0..<count {
      let method = index % 3 == 0 ? "search/complete" : "search/filter"
      let params: JSONValue = ["query": .string(queries[index % queries.count]), "field": .string("f\(index)")]
      text += TestDaemon.line(index + 1, method, params)
    }
    daemon.writeInBackground(text)
    // The catalog/load's reply came first.
    let replies = Array(await daemon.waitForReplies(count: count + 1, timeout: .seconds(40)).dropFirst())
    let ids = replies.compactMap { $0["id"]?.int }
    #expect(ids.count == count)
    #expect(ids.sorted() == Array(1...count), "every request answered exactly once")
    #expect(replies.allSatisfy { $0["result"] != nil }, "no search in its own field is superseded")
    let workers = daemon.server.workers
    #expect(workers.peakRunningCount <= workers.limit)
    #expect(daemon.server.scheduler.startedCount == count, "every search ran: on a worker, or at once if kept")
    #expect(workers.runningCount == 0 && workers.waitingCount == 0)
    await daemon.finish()
  }

  /// Occupies every worker of the daemon until the returned gate opens.
  static func occupyWorkers(_ daemon: TestDaemon) async throws -> (SearchWorkersTests.Gate, [Task<Void, any Error>]) {
    let workers = daemon.server.workers
    let gate = SearchWorkersTests.Gate()
    var blockers: [Task<Void, any Error>] = []
    for _ in 0..<workers.limit {
      blockers.append(Task { _ = try await workers.run { _ in await gate.wait() } })
    }
    try await SearchWorkersTests.eventually { workers.runningCount == workers.limit }
    try #require(workers.runningCount == workers.limit)
    return (gate, blockers)
  }

  @Test("a waiting search that is superseded or cancelled is answered at once and never runs")
  func waitingSearchAnsweredAtOnce() async throws {
    let daemon = try await TestDaemon()
    let workers = daemon.server.workers
    let (gate, blockers) = try await Self.occupyWorkers(daemon)
    let admitted = workers.activity.admitted
    daemon.send(1, "search/filter", ["query": "ipad", "field": "x"])
    try await SearchWorkersTests.eventually { workers.waitingCount == 1 }
    #expect(workers.waitingCount == 1)

    // Superseded by a newer query of its field while it waits: answered now, though every worker is still busy.
    daemon.send(2, "search/filter", ["query": "ipad m", "field": "x"])
    let superseded = try await daemon.reply(to: 1, timeout: .seconds(10))
    #expect(superseded["error"]?["code"] == -32800)
    #expect(superseded["error"]?["data"]?["reason"] == "superseded")
    #expect(superseded["error"]?["data"]?["by"] == 2)

    // Cancelled by the client while it waits: answered now too.
    try await SearchWorkersTests.eventually { workers.waitingCount == 1 }
    daemon.notify("$/cancelRequest", ["id": 2])
    let cancelled = try await daemon.reply(to: 2, timeout: .seconds(10))
    #expect(cancelled["error"]?["code"] == -32800)
    try await SearchWorkersTests.eventually { workers.waitingCount == 0 }
    #expect(workers.waitingCount == 0)

    gate.open()
    for blocker in blockers { try await blocker.value }
    #expect(workers.activity.admitted == admitted, "neither waiting search ever ran")
    let result = try await daemon.result("search/filter", ["query": "ipad", "field": "x"])
    #expect(result["items"]?[0]?["title"] == "iPad")
    #expect(workers.activity.admitted == admitted + 1)
    await daemon.finish()
  }

  @Test("cheap requests overtake a queue of searches: catalog/stats, recents/list")
  func cheapRequestsOvertake() async throws {
    let daemon = try await TestDaemon()
    let workers = daemon.server.workers
    let (gate, blockers) = try await Self.occupyWorkers(daemon)
    var text = ""
    for index in 1...50 {
      text += TestDaemon.line(index, "search/filter", ["query": "pro", "field": .string("f\(index)")])
    }
    daemon.write(text)
    try await SearchWorkersTests.eventually { workers.waitingCount == 50 }
    #expect(workers.waitingCount == 50)
    let stats = try await daemon.result("catalog/stats")
    #expect(stats["items"]?.int == DemoCatalog.items.count)
    let recents = try await daemon.result("recents/list")
    #expect(recents["recents"] == [])
    #expect(workers.waitingCount == 50, "answered while every search still waited")
    gate.open()
    for blocker in blockers { try await blocker.value }
    let replies = await daemon.waitForReplies(count: 52, timeout: .seconds(20))
    #expect(Set(replies.compactMap { $0["id"]?.int }) == Set(1...50))
    await daemon.finish()
  }

  @Test("writes overtake a queue of searches, which do not see them: recents/add, initialize")
  func writesOvertake() async throws {
    let daemon = try await TestDaemon()
    let workers = daemon.server.workers
    let (gate, blockers) = try await Self.occupyWorkers(daemon)
    // (An empty query, which searches nothing, would be answered at once, on the reader.)
    daemon.send(1, "search/complete", ["query": "ipad", "field": "recent"])
    daemon.send(2, "search/filter", ["query": "ipad", "field": "list"])
    try await SearchWorkersTests.eventually { workers.waitingCount == 2 }
    #expect(workers.waitingCount == 2)
    let added = try await daemon.result("recents/add", ["text": "iPad mini", "id": "ipad-mini"])
    #expect(added["recents"]?.strings("text") == ["iPad mini"])
    let initialized = try await daemon.result(
      "initialize",
      ["capabilities": ["general": ["positionEncodings": ["utf-8"]]]]
    )
    #expect(initialized["capabilities"]?["positionEncoding"] == "utf-8")
    #expect(workers.waitingCount == 2, "answered while both searches still waited")
    gate.open()
    for blocker in blockers { try await blocker.value }
    // Written before the recent was chosen, the query does not put it first.
    let recent = try await daemon.reply(to: 1)
    #expect(recent["result"]?.section("suggestions")?.strings("label").first == "iPad")
    let listed = try await daemon.reply(to: 2)
    #expect(listed["result"]?["items"]?[0]?["title"] == "iPad")
    // Written after, it does.
    let after = try await daemon.result("search/complete", ["query": "ipad", "field": "recent"])
    #expect(after.section("suggestions")?.strings("label").first == "iPad mini")
    await daemon.finish()
  }
}
