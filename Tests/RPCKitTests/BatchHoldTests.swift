import JSONKit
import RPCTestSupport
import TestSupport
import Testing

@testable import RPCKit

/// A batch member's response is written with its whole batch, so until then the member still counts as in flight:
/// its id is taken, and a cancellation (a supersession) replaces the waiting response once.
@Suite(.scaledTimeLimit(minutes: 1)) struct BatchHoldTests {
  private static let batch =
    #"[{"jsonrpc":"2.0","id":"e","method":"test/echo","params":[1]},"#
    + #"{"jsonrpc":"2.0","id":"w","method":"test/wait","params":{"gate":"g"}}]"# + "\n"

  /// Starts a connection, sends the batch, and waits until the echo member is answered and held (the wait member runs).
  private func heldEcho() async throws -> (ConnectionHarness, Gates) {
    let gates = Gates()
    let server = ConnectionHarness(methods: testMethods(gates: gates))
    server.send(Self.batch)
    #expect(await gates.waitUntil { gates.hasStarted("g") })
    #expect(await gates.waitUntil { server.connection.inFlight.count == 1 })
    let unanswered = server.connection.requestsInFlight.map(\.id)
    #expect(unanswered == [RequestID.string("w")])
    return (server, gates)
  }

  @Test("the id of a member answered early stays taken until its batch is written")
  func idTakenWhileHeld() async throws {
    let (server, gates) = try await heldEcho()
    server.send(#"{"jsonrpc":"2.0","id":"e","method":"test/echo","params":[2]}"# + "\n")
    let replies = await server.waitForReplies(count: 1)
    #expect(replies.first?.errorCode == -32600)
    #expect(replies.first?["id"] == "e")
    gates.open("g")
    let (_, all) = await server.finish()
    #expect(all.count == 2)
    let array = try #require(all.last?.arrayValue)
    #expect(array.first { $0["id"] == "e" }?["result"] == [1])
    #expect(array.first { $0["id"] == "w" }?["result"] == "done")
  }

  @Test("a cancellation before the batch is written replaces a held response, once")
  func cancelReplacesHeld() async throws {
    let (server, gates) = try await heldEcho()
    #expect(server.connection.cancel(.string("e"), error: .cancelled("superseded", data: ["by": 9])))
    #expect(!server.connection.cancel(.string("e"), error: .cancelled("again")))
    server.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"e"}}"# + "\n")
    gates.open("g")
    let (_, all) = await server.finish()
    #expect(all.count == 1)
    let array = try #require(all.first?.arrayValue)
    #expect(array.count == 2)
    let echo = try #require(array.first { $0["id"] == "e" })
    #expect(echo["error"] == ["code": -32800, "message": "superseded", "data": ["by": 9]])
    #expect(array.first { $0["id"] == "w" }?["result"] == "done")
  }

  @Test("once the batch is written, its members are out of the table: cancelling them does nothing")
  func cancelAfterBatchWritten() async throws {
    let (server, gates) = try await heldEcho()
    gates.open("g")
    let replies = await server.waitForReplies(count: 1)
    #expect(replies.first?.arrayValue?.count == 2)
    #expect(server.connection.inFlight.count == 0)
    #expect(!server.connection.cancel(.string("e"), error: .cancelled()))
    #expect(!server.connection.cancel(.string("w"), error: .cancelled()))
    let (_, all) = await server.finish()
    #expect(all.count == 1)
  }
}
