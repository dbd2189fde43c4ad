import JSONKit
import RPCTestSupport
import TestSupport
import Testing

@testable import RPCKit

@Suite(.scaledTimeLimit(minutes: 1)) struct ConnectionCancellationTests {
  private func harness() -> (ConnectionHarness, Gates) {
    let gates = Gates()
    return (ConnectionHarness(methods: testMethods(gates: gates)), gates)
  }

  private func waitRequest(_ id: Int, gate: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"test/wait","params":{"gate":"\#(gate)"}}"# + "\n"
  }

  private func cancelRequest(_ id: String) -> String {
    #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(id)}}"# + "\n"
  }

  @Test("cancel while the handler runs: -32800 at once, the task sees cancellation, no second response")
  func cancelWhileRunning() async throws {
    let (server, gates) = harness()
    server.send(waitRequest(1, gate: "a"))
    #expect(await gates.waitUntil { gates.hasStarted("a") })
    server.send(cancelRequest("1"))
    let replies = await server.waitForReplies(count: 1)
    #expect(replies.first?.errorCode == -32800)
    #expect(replies.first?["id"] == 1)
    #expect(await gates.waitUntil { gates.wasCancelled("a") })
    let (_, all) = await server.finish()
    #expect(all.count == 1)
  }

  @Test("cancel before the handler got going: exactly one -32800, the late result is dropped")
  func cancelBeforeStart() async throws {
    let (server, gates) = harness()
    // Both lines arrive in one read: the cancel is handled right after the request is dispatched, usually before its
    // task has started; either way exactly one response must come out.
    server.send(waitRequest(7, gate: "b") + cancelRequest("7"))
    let replies = await server.waitForReplies(count: 1)
    #expect(replies.first?.errorCode == -32800)
    gates.open("b")
    let (_, all) = await server.finish()
    #expect(all.count == 1)
  }

  @Test("cancel after the response: ignored, still exactly one response")
  func cancelAfterFinish() async throws {
    let (server, _) = harness()
    server.send(#"{"jsonrpc":"2.0","id":"x","method":"test/echo","params":[1]}"# + "\n")
    let first = await server.waitForReplies(count: 1)
    #expect(first.first?["result"] == [1])
    server.send(cancelRequest(#""x""#))
    server.send(cancelRequest("12345"))
    server.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":{}}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest"}"# + "\n")
    let (_, all) = await server.finish()
    #expect(all.count == 1)
  }

  @Test("the handler finishing and the cancel racing: exactly one response every time", arguments: 0..<20)
  func raceFinishAndCancel(round: Int) async throws {
    let (server, gates) = harness()
    server.send(waitRequest(round, gate: "r"))
    #expect(await gates.waitUntil { gates.hasStarted("r") })
    gates.open("r")
    server.send(cancelRequest("\(round)"))
    let (_, all) = await server.finish()
    #expect(all.count == 1)
    let reply = try #require(all.first)
    #expect(reply["result"] == "done" || reply.errorCode == -32800)
  }

  @Test("Connection.cancel supersedes a request with a reason; a second cancel is a no-op")
  func cancelByIDWithReason() async throws {
    let (server, gates) = harness()
    server.send(waitRequest(3, gate: "c"))
    #expect(await gates.waitUntil { gates.hasStarted("c") })
    let data: JSONValue = ["reason": "superseded", "by": 4]
    #expect(server.connection.cancel(RequestID(3), error: .cancelled("superseded by a newer query", data: data)))
    #expect(!server.connection.cancel(RequestID(3), error: .cancelled()))
    let replies = await server.waitForReplies(count: 1)
    #expect(replies.first?["error"] == ["code": -32800, "message": "superseded by a newer query", "data": data])
    #expect(await gates.waitUntil { gates.wasCancelled("c") })
    let (_, all) = await server.finish()
    #expect(all.count == 1)
  }

  @Test("$/cancelRequest is handled ahead of queued work")
  func cancelAheadOfQueue() async throws {
    let (server, gates) = harness()
    // Many slow requests are in flight; a cancel for the last one is answered at once without waiting for the others.
    var text = ""
    for index in 0..<50 { text += waitRequest(index, gate: "q\(index)") }
    server.send(text)
    #expect(await gates.waitUntil { gates.hasStarted("q49") })
    server.send(cancelRequest("49"))
    let replies = await server.waitForReplies(count: 1)
    #expect(replies.first?["id"] == 49)
    #expect(replies.first?.errorCode == -32800)
    for index in 0..<49 { gates.open("q\(index)") }
    let (_, all) = await server.finish()
    #expect(all.count == 50)
  }
}
