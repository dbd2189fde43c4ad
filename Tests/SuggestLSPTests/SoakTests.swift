import Foundation
import JSONKit
import RPCKit
import RPCTestSupport
import SuggestEngine
import Testing

@testable import suggest_lsp

/// The defects the soak (`Benchmarks/soak.py`) found, each pinned by a test.
@Suite(.timeLimit(.minutes(2))) struct SoakTests {
  @Test("a result waiting in its batch for a slow member is superseded by a newer query of its field")
  func batchedResultSuperseded() async throws {
    let daemon = try await TestDaemon()
    let slow = TestDaemon.line(2, "search/filter", ["query": "mac", "field": "b", "debounceMs": 60_000])
    let first = TestDaemon.line(1, "search/filter", ["query": "ipad", "field": "a"])
    daemon.write("[" + first.dropLast() + "," + slow.dropLast() + "]\n")
    // Query 1 ran and delivered its result into the batch, which waits for query 2.
    let key = QueryKey(method: "search/filter", catalog: "default", field: "a")
    let ran = await poll {
      daemon.server.scheduler.startedCount == 1 && daemon.server.scheduler.newest(for: key) == nil
    }
    try #require(ran)

    daemon.send(3, "search/filter", ["query": "ipad pro", "field": "a"])
    let third = try await daemon.reply(to: 3)
    #expect(third["result"]?["items"]?[0]?["title"] == "iPad Pro")
    daemon.notify("$/cancelRequest", ["id": 2])
    let replies = await daemon.waitForReplies(count: 2)
    try #require(replies.count == 2)
    #expect(replies[0]["id"] == 3)
    let batch = try #require(replies[1].arrayValue)
    let one = try #require(batch.first { $0["id"] == 1 })
    // Written after query 3's result, so it must not be a result.
    #expect(one.errorCode == -32800)
    #expect(one["error"]?["data"] == ["reason": "superseded", "by": 3])
    #expect(batch.first { $0["id"] == 2 }?["error"]?["message"] == "request cancelled by the client")
    let (status, all) = await daemon.finish()
    #expect(status == 0)
    #expect(all.count == 2)
  }

  @Test("a newer query supersedes the batched one only while its batch is unsent")
  func batchedResultAlreadySent() async throws {
    let daemon = try await TestDaemon()
    let first = TestDaemon.line(1, "search/filter", ["query": "ipad", "field": "a"])
    daemon.write("[" + first.dropLast() + "]\n")
    let batch = await daemon.waitForReplies(count: 1)
    #expect(batch.first?[0]?["result"] != nil)
    daemon.send(2, "search/filter", ["query": "ipad pro", "field": "a"])
    #expect(try await daemon.reply(to: 2)["result"] != nil)
    let (_, all) = await daemon.finish()
    #expect(all.count == 2)
  }

  @Test("a field per query: the search sessions kept for refinement stay bounded")
  func oneOffFields() async throws {
    let daemon = try await TestDaemon()
    let capacity = daemon.server.sessions.capacity
    let count = capacity * 3
    var text = ""
    for index in 0..<count {
      text += TestDaemon.line(index, "search/filter", ["query": "ip", "field": .string("once-\(index)")])
    }
    daemon.writeInBackground(text)
    let replies = await daemon.waitForReplies(count: count)
    #expect(replies.count == count)
    #expect(replies.allSatisfy { $0["result"]?["total"] != nil })
    #expect(daemon.server.sessions.count == capacity)
    await daemon.finish()
  }
}

/// Polls `condition` every millisecond until it holds; `false` after `timeout`.
private func poll(timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
