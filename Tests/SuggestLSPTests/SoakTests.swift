import Foundation
import JSONKit
import RPCKit
import RPCTestSupport
import SuggestEngine
import Testing

@testable import suggest_lsp

/// The defects the soak (`Benchmarks/soak.py`) found, each pinned by a test.
@Suite(.timeLimit(.minutes(2))) struct SoakTests {
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
