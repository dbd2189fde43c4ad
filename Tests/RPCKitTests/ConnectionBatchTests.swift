import JSONKit
import RPCTestSupport
import TestSupport
import Testing

@testable import RPCKit

@Suite(.scaledTimeLimit(minutes: 1)) struct ConnectionBatchTests {
  private func run(_ lines: [String]) async -> [JSONValue] {
    let server = ConnectionHarness(methods: testMethods(gates: Gates()))
    for line in lines { server.send(line + "\n") }
    return await server.finish().replies
  }

  @Test("a mixed batch gets one array with the requests' and invalid members' responses, no notification's")
  func mixedBatch() async throws {
    let replies = await run([
      #"[{"jsonrpc":"2.0","id":1,"method":"test/echo","params":[1]},"#
        + #"{"jsonrpc":"2.0","method":"test/ping"},"#
        + #"{"jsonrpc":"2.0","id":2,"method":"test/inline","params":[2]},"#
        + #"{"foo":"boo"},"#
        + #"5,"#
        + #"{"jsonrpc":"2.0","id":3,"method":"no/such"},"#
        + #"{"jsonrpc":"2.0","id":4,"method":"test/typed","params":{}}]"#
    ])
    #expect(replies.count == 1)
    let array = try #require(replies.first?.arrayValue)
    #expect(array.count == 6)
    let byID = Dictionary(array.compactMap { reply in reply["id"].map { ($0.serializedString(), reply) } }) { a, _ in a
    }
    #expect(byID["1"]?["result"] == [1])
    #expect(byID["2"]?["result"] == [2])
    #expect(byID["3"]?.errorCode == -32601)
    #expect(byID["4"]?.errorCode == -32602)
    #expect(array.filter { $0["id"] == .null }.map(\.errorCode) == [-32600, -32600])
  }

  @Test("an all-notification batch gets no reply at all")
  func allNotifications() async throws {
    let replies = await run([
      #"[{"jsonrpc":"2.0","method":"test/ping"},{"jsonrpc":"2.0","method":"nothing"}]"#,
      #"{"jsonrpc":"2.0","id":"after","method":"test/inline"}"#,
    ])
    #expect(replies == [["jsonrpc": "2.0", "id": "after", "result": nil]])
  }

  @Test("an empty batch is one -32600, not an array")
  func emptyBatch() async throws {
    let replies = await run(["[]", "[ ]"])
    #expect(replies.count == 2)
    #expect(replies.allSatisfy { $0.errorCode == -32600 && $0["id"] == .null })
  }

  @Test("a batch of invalid members answers each with -32600")
  func invalidMembers() async throws {
    let replies = await run(["[1,2,3]", #"[[],{"jsonrpc":"2.0"}]"#])
    #expect(replies.count == 2)
    #expect(replies[0].arrayValue?.count == 3)
    #expect(replies[0].arrayValue?.allSatisfy { $0.errorCode == -32600 } == true)
    #expect(replies[1].arrayValue?.count == 2)
  }

  @Test("duplicate ids inside one batch: the second in flight gets -32600")
  func duplicateInBatch() async throws {
    let gates = Gates()
    let server = ConnectionHarness(methods: testMethods(gates: gates))
    server.send(
      #"[{"jsonrpc":"2.0","id":1,"method":"test/wait","params":{"gate":"g"}},"#
        + #"{"jsonrpc":"2.0","id":1,"method":"test/echo"}]"# + "\n"
    )
    #expect(await gates.waitUntil { gates.hasStarted("g") })
    gates.open("g")
    let (_, replies) = await server.finish()
    let array = try #require(replies.first?.arrayValue)
    #expect(array.count == 2)
    #expect(array.contains { $0["result"] == "done" })
    #expect(array.contains { $0.errorCode == -32600 && $0["id"] == 1 })
  }

  @Test("a cancelled batch member is answered inside the batch")
  func cancelInBatch() async throws {
    let gates = Gates()
    let server = ConnectionHarness(methods: testMethods(gates: gates))
    server.send(
      #"[{"jsonrpc":"2.0","id":"w","method":"test/wait","params":{"gate":"g"}},"#
        + #"{"jsonrpc":"2.0","id":"e","method":"test/echo","params":[0]}]"# + "\n"
    )
    #expect(await gates.waitUntil { gates.hasStarted("g") })
    server.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"w"}}"# + "\n")
    let (_, replies) = await server.finish()
    #expect(replies.count == 1)
    let array = try #require(replies.first?.arrayValue)
    #expect(Set(array.compactMap { $0["id"]?.stringValue }) == ["w", "e"])
    #expect(array.first { $0["id"] == "w" }?.errorCode == -32800)
  }
}
