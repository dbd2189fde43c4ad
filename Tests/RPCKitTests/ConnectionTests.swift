import JSONKit
import RPCTestSupport
import TestSupport
import Testing

@testable import RPCKit

@Suite(.scaledTimeLimit(minutes: 1)) struct ConnectionTests {
  private func harness(_ options: ConnectionOptions = ConnectionOptions()) -> (ConnectionHarness, Gates) {
    let gates = Gates()
    return (ConnectionHarness(options: options, methods: testMethods(gates: gates)), gates)
  }

  @Test("a request is answered with its result and its id echoed exactly")
  func echo() async throws {
    let (server, _) = harness()
    server.send(#"{"jsonrpc":"2.0","id":9007199254740993,"method":"test/echo","params":{"q":"é"}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":"αβ\u0000","method":"test/inline","params":[1,2]}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":-0,"method":"test/echo"}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":null,"method":"test/echo","params":null}"# + "\n")
    let (status, replies) = await server.finish()
    #expect(status == 0)
    #expect(replies.count == 4)
    let byID = Dictionary(replies.map { ($0["id"]?.serializedString() ?? "?", $0) }, uniquingKeysWith: { a, _ in a })
    #expect(byID["9007199254740993"]?["result"] == ["q": "é"])
    #expect(byID[#""αβ\u0000""#]?["result"] == [1, 2])
    #expect(byID["-0"]?["result"] == .null)
    #expect(byID["null"]?["result"] == .null)
    let raw = String(decoding: server.rawOutput, as: UTF8.self)
    #expect(raw.contains(#""id":9007199254740993,"#))
    #expect(raw.contains(#""id":-0,"#))
  }

  @Test("NDJSON in, NDJSON out; LSP in, exactly Content-Length framing out")
  func replyFraming() async throws {
    let (ndjson, _) = harness()
    ndjson.send(#"{"jsonrpc":"2.0","id":1,"method":"test/inline"}"# + "\n")
    _ = await ndjson.finish()
    #expect(String(decoding: ndjson.rawOutput, as: UTF8.self) == #"{"jsonrpc":"2.0","id":1,"result":null}"# + "\n")

    let (lsp, _) = harness()
    let body = #"{"jsonrpc":"2.0","id":1,"method":"test/inline"}"#
    lsp.send("Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    _ = await lsp.finish()
    let reply = #"{"jsonrpc":"2.0","id":1,"result":null}"#
    #expect(String(decoding: lsp.rawOutput, as: UTF8.self) == "Content-Length: \(reply.utf8.count)\r\n\r\n\(reply)")
  }

  @Test("notifications are never answered, not even unknown or failing ones")
  func notifications() async throws {
    let (server, gates) = harness()
    server.send(#"{"jsonrpc":"2.0","method":"test/ping"}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","method":"test/ping","params":null}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","method":"no/such/notification"}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","method":"test/echo"}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}"# + "\n")
    let (status, replies) = await server.finish()
    #expect(status == 0)
    #expect(replies.isEmpty)
    #expect(gates.pings == 2)
  }

  @Test("stray responses from the client are ignored")
  func strayResponses() async throws {
    let (server, _) = harness()
    server.send(#"{"jsonrpc":"2.0","id":1,"result":{}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":2,"error":{"code":-1,"message":"x"}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":3,"method":"test/inline","params":["ok"]}"# + "\n")
    let (_, replies) = await server.finish()
    #expect(replies == [["jsonrpc": "2.0", "id": 3, "result": ["ok"]]])
  }

  @Test("every error code: -32700, -32600, -32601, -32602, -32603, custom, -32800")
  func errorCodes() async throws {
    let (server, _) = harness()
    server.send("{not json\n")
    server.send(#"{"jsonrpc":"2.0","id":2,"method":7}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":3,"method":"no/such/method"}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":4,"method":"test/typed","params":{"name":5}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":5,"method":"test/typed","params":{"name":"a","count":1.5}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":6,"method":"test/typed","params":[]}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":7,"method":"test/fail","params":{"kind":"other"}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":8,"method":"test/fail","params":{"kind":"response"}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":9,"method":"test/fail","params":{"kind":"cancel"}}"# + "\n")
    server.send(#"{"jsonrpc":"2.0","id":10,"method":"test/typed","params":{"name":"n"}}"# + "\n")
    let (_, replies) = await server.finish()
    let byID = Dictionary(replies.map { ($0["id"]?.serializedString() ?? "?", $0) }, uniquingKeysWith: { a, _ in a })
    #expect(byID["null"]?.errorCode == -32700)
    #expect(byID["2"]?.errorCode == -32600)
    #expect(byID["3"]?.errorCode == -32601)
    #expect(byID["3"]?["error"]?["message"] == "method not found: no/such/method")
    #expect(byID["4"]?.errorCode == -32602)
    #expect(byID["4"]?["error"]?["message"]?.stringValue?.contains("params.name") == true)
    #expect(byID["4"]?["error"]?["message"]?.stringValue?.contains("a string") == true)
    #expect(byID["5"]?.errorCode == -32602)
    #expect(byID["5"]?["error"]?["message"]?.stringValue?.contains("params.count") == true)
    #expect(byID["6"]?.errorCode == -32602)
    #expect(byID["7"]?.errorCode == -32603)
    #expect(byID["7"]?["error"]?["message"]?.stringValue?.contains("the test handler failed") == true)
    #expect(byID["8"]?["error"] == ["code": 42, "message": "custom failure", "data": ["x": 1]])
    #expect(byID["9"]?.errorCode == -32800)
    #expect(byID["10"]?["result"] == ["name": "n", "count": 1])
    #expect(replies.count == 10)
  }

  @Test("a duplicate id while the first is in flight gets -32600; the first is unaffected")
  func duplicateID() async throws {
    let (server, gates) = harness()
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"test/wait","params":{"gate":"a"}}"# + "\n")
    #expect(await gates.waitUntil { gates.hasStarted("a") })
    server.send(#"{"jsonrpc":"2.0","id":1,"method":"test/echo","params":["second"]}"# + "\n")
    let first = await server.waitForReplies(count: 1)
    #expect(first.count == 1)
    #expect(first.first?.errorCode == -32600)
    #expect(first.first?["id"] == 1)
    gates.open("a")
    let (_, replies) = await server.finish()
    #expect(replies.count == 2)
    #expect(replies.last == ["jsonrpc": "2.0", "id": 1, "result": "done"])
    // Once answered, the id may be used again.
    #expect(gates.hasFinished("a"))
  }

  @Test("an id may be reused once its request was answered")
  func idReuse() async throws {
    let (server, _) = harness()
    for index in 0..<5 {
      server.send(#"{"jsonrpc":"2.0","id":1,"method":"test/inline","params":[\#(index)]}"# + "\n")
    }
    let (_, replies) = await server.finish()
    #expect(replies.map { $0["result"] } == (0..<5).map { .array([.number(JSONNumber($0))]) })
  }
}
