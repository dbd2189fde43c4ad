import JSONKit
import RPCTestSupport
import TestSupport
import Testing

@testable import RPCKit

@Suite(.scaledTimeLimit(minutes: 1)) struct ConnectionLifecycleTests {
  private func harness() -> (ConnectionHarness, Gates) {
    let gates = Gates()
    var methods = testMethods(gates: gates)
    methods.registerInline(InitializeProbe.self) { _, _ in ["capabilities": [:]] }
    return (ConnectionHarness(methods: methods), gates)
  }

  @Test("no initialize needed; a second initialize is -32600")
  func initializeOnce() async throws {
    let (server, _) = harness()
    server.send(#"{"jsonrpc":"2.0","id":0,"method":"test/inline","params":["before"]}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":3,"method":"test/inline","params":["after"]}"# + "\n")
    let (status, replies) = await server.finish()
    #expect(status == 0)
    #expect(replies.map { $0["id"] } == [0, 1, 2, 3])
    #expect(replies[0]["result"] == ["before"])
    #expect(replies[1]["result"] == ["capabilities": [:]])
    #expect(replies[2].errorCode == -32600)
    #expect(replies[3]["result"] == ["after"])
  }

  @Test("shutdown answers null after every pending request; requests after it get -32600; exit then is status 0")
  func shutdownThenExit() async throws {
    let (server, gates) = harness()
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"test/wait","params":{"gate":"s"}}"# + "\n")
    #expect(await gates.waitUntil { gates.hasStarted("s") })
    server.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":3,"method":"test/inline"}"# + "\n")
    let early = await server.waitForReplies(count: 1)
    #expect(early.map { $0["id"] } == [3])
    #expect(early.first?.errorCode == -32600)
    gates.open("s")
    let settled = await server.waitForReplies(count: 3)
    #expect(settled.map { $0["id"] } == [3, 1, 2])
    #expect(settled.last?["result"] == .null)
    server.send(#"{"jsonrpc":"2.0","method":"exit"}"# + "\n")
    let (status, replies) = await server.waitForExit()
    #expect(status == 0)
    #expect(replies.count == 3)
    server.closeInput()
  }

  @Test("shutdown and exit sent back to back: every pending request still gets its real answer, then status 0")
  func shutdownAndExitTogether() async throws {
    let (server, gates) = harness()
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"test/wait","params":{"gate":"late"}}"# + "\n")
    #expect(await gates.waitUntil { gates.hasStarted("late") })
    server.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"# + "\n" + #"{"jsonrpc":"2.0","method":"exit"}"# + "\n")
    gates.open("late")
    let (status, replies) = await server.waitForExit()
    #expect(status == 0)
    #expect(replies.map { $0["id"] } == [1, 2])
    #expect(replies.first?["result"] == "done")
    #expect(replies.last?["result"] == .null)
    server.closeInput()
  }

  @Test("exit without shutdown is status 1, and pending requests are still answered")
  func exitWithoutShutdown() async throws {
    let (server, gates) = harness()
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"test/wait","params":{"gate":"never"}}"# + "\n")
    #expect(await gates.waitUntil { gates.hasStarted("never") })
    server.send(#"{"jsonrpc":"2.0","method":"exit"}"# + "\n")
    let (status, replies) = await server.waitForExit()
    #expect(status == 1)
    #expect(replies.count == 1)
    #expect(replies.first?.errorCode == -32800)
    server.closeInput()
  }

  @Test("end of input answers everything pending, then status 0")
  func endOfInput() async throws {
    let (server, gates) = harness()
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"test/wait","params":{"gate":"eof"}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":2,"method":"test/echo","params":[2]}"# + "\n")
    #expect(await gates.waitUntil { gates.hasStarted("eof") })
    server.closeInput()
    let before = await server.waitForReplies(count: 1)
    #expect(before.map { $0["id"] } == [2])
    gates.open("eof")
    let (status, replies) = await server.waitForExit()
    #expect(status == 0)
    #expect(replies.map { $0["id"] } == [2, 1])
  }

  @Test("the lifecycle machine on its own")
  func machine() {
    var lifecycle = Lifecycle()
    #expect(!lifecycle.isInitialized)
    #expect(lifecycle.receiveRequest("search/filter") == .dispatch)
    #expect(lifecycle.receiveRequest("initialize") == .dispatch)
    #expect(lifecycle.isInitialized)
    #expect(lifecycle.receiveRequest("initialize") != .dispatch)
    #expect(lifecycle.receiveRequest("shutdown") == .dispatch)
    #expect(lifecycle.receiveRequest("search/filter") != .dispatch)
    #expect(lifecycle.receiveRequest("shutdown") != .dispatch)
    #expect(lifecycle.receiveExit() == 0)

    var abrupt = Lifecycle()
    #expect(abrupt.receiveExit() == 1)
  }
}

/// `initialize` as a test method.
struct InitializeProbe: RPCRequest {
  typealias Result = JSONValue
  static let method = "initialize"
  init(params: JSONValue?) throws {}
}
