import Foundation
import JSONKit
import Locking
import RPCTestSupport
import TestSupport
import Testing

@testable import RPCKit

/// `test/slowParams`: its params take until their gate opens to decode (at most ten seconds, then it fails), as a
/// huge `catalog/load` takes a while to parse.
private struct SlowParamsRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/slowParams"
  let gate: String

  init(params: JSONValue?) throws {
    gate = try JSONFields(params, path: "params").required("gate")
    for _ in 0..<(10_000 * TestScale.slowdown) where !slowParamsGates.isOpen(gate) { usleep(1000) }
    guard slowParamsGates.isOpen(gate) else { throw ResponseError.internalError("gate \(gate) never opened") }
  }
}

/// `test/open`: opens a gate of ``slowParamsGates``, inline on the reader.
private struct OpenGateRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/open"
  let gate: String
  init(params: JSONValue?) throws { gate = try JSONFields(params, path: "params").required("gate") }
}

/// The gates the params of `test/slowParams` wait on (an initializer has no other way to reach them).
private let slowParamsGates = Gates()

/// A large request's params are parsed in its task, not on the reader: the reader goes on reading the messages
/// after it while they decode, and the request still takes its place (its arrival hook) in arrival order and gets
/// exactly one answer.
@Suite(.scaledTimeLimit(minutes: 1)) struct ParamsOffReaderTests {
  /// A connection that parses params off the reader from 4 KiB, recording the order of arrival hooks.
  private func harness(arrivals: Locked<[String]>) -> ConnectionHarness {
    var table = testMethods(gates: Gates())
    table.register(
      SlowParamsRequest.self,
      arrivalBeforeParams: { context in arrivals.withLock { $0.append("\(context.id)") } },
      handler: { request, _, _ in .string(try request.get().gate) }
    )
    table.registerInline(OpenGateRequest.self) { request, context in
      arrivals.withLock { $0.append("\(context.id)") }
      slowParamsGates.open(request.gate)
      return "opened"
    }
    return ConnectionHarness(options: ConnectionOptions(paramsOffReaderBytes: 4096), methods: table)
  }

  /// A `test/slowParams` request of about `size` bytes, its padding after its gate.
  private func slowRequest(_ id: Int, gate: String, size: Int = 64 << 10) -> String {
    let padding = String(repeating: "x", count: size)
    return #"{"jsonrpc":"2.0","id":\#(id),"method":"test/slowParams","params":{"gate":"\#(gate)","pad":"\#(padding)"}}"#
      + "\n"
  }

  private func openRequest(_ id: Int, gate: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"test/open","params":{"gate":"\#(gate)"}}"# + "\n"
  }

  @Test("a request sent after a large one is read and answered while the large one's params decode")
  func readerGoesOn() async {
    let arrivals = Locked<[String]>([])
    let server = harness(arrivals: arrivals)
    // The large request's params decode only once the request after it ran: parsed on the reader, they would wait
    // for a message the reader never reads, and the request would fail after ten seconds.
    server.sendInBackground(Array((slowRequest(1, gate: "a") + openRequest(2, gate: "a")).utf8))
    let replies = await server.waitForReplies(count: 2)
    #expect(replies.map(\.replyID) == [2, 1])
    #expect(replies.first?["result"] == "opened")
    #expect(replies.last?["result"] == "a")
    // Its arrival hook ran in arrival order, before the request after it.
    #expect(arrivals.withLock { $0 } == ["1", "2"])
    let (_, all) = await server.finish()
    #expect(all.count == 2)
  }

  @Test("a large request cancelled while its params decode is answered once, with -32800")
  func cancelWhileDecoding() async {
    let server = harness(arrivals: Locked([]))
    let cancel = #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":5}}"# + "\n"
    server.sendInBackground(Array((slowRequest(5, gate: "b") + cancel).utf8))
    let replies = await server.waitForReplies(count: 1)
    #expect(replies.first?.replyID == 5)
    #expect(replies.first?.errorCode == -32800)
    // Its params now decode and its handler answers: too late, the request was answered already.
    server.send(openRequest(6, gate: "b"))
    _ = await server.waitForReplies(count: 2)
    try? await Task.sleep(for: .milliseconds(50))
    let (_, all) = await server.finish()
    #expect(all.map(\.replyID) == [5, 6])
  }

  @Test("a large request that is not valid JSON past its envelope is answered -32700 with its id, once")
  func invalidBody() async {
    let server = harness(arrivals: Locked([]))
    let padding = String(repeating: "y", count: 8 << 10)
    server.send(
      #"{"jsonrpc":"2.0","id":9,"method":"test/slowParams","params":{"gate":"c","pad":"\#(padding)"]}"# + "\n"
    )
    server.send(#"{"jsonrpc":"2.0","id":10,"method":"test/echo","params":[1]}"# + "\n")
    let (_, all) = await server.finish()
    #expect(all.count == 2)
    let invalid = all.first { $0.replyID == 9 }
    #expect(invalid?.errorCode == -32700)
    #expect(all.first { $0.replyID == 10 }?["result"] == [1])
  }

  @Test("a large request whose id is named again after its params is answered -32600 with the first id")
  func envelopeChangedAfterParams() async {
    let server = harness(arrivals: Locked([]))
    let padding = String(repeating: "z", count: 8 << 10)
    server.send(
      #"{"jsonrpc":"2.0","id":11,"method":"test/slowParams","params":{"gate":"d","pad":"\#(padding)"},"id":12}"# + "\n"
    )
    let (_, all) = await server.finish()
    #expect(all.count == 1)
    #expect(all.first?.replyID == 11)
    #expect(all.first?.errorCode == -32600)
  }

  @Test("a large request with its params first, or of a method that needs its params on arrival, is parsed whole")
  func parsedWhole() async {
    let server = harness(arrivals: Locked([]))
    slowParamsGates.open("e")
    let padding = String(repeating: "w", count: 8 << 10)
    server.send(
      #"{"params":{"gate":"e","pad":"\#(padding)"},"jsonrpc":"2.0","id":13,"method":"test/slowParams"}"# + "\n"
    )
    server.send(#"{"jsonrpc":"2.0","id":14,"method":"test/echo","params":["\#(padding)"]}"# + "\n")
    let (_, all) = await server.finish()
    #expect(all.first { $0.replyID == 13 }?["result"] == "e")
    #expect(all.first { $0.replyID == 14 }?["result"] == [.string(padding)])
  }
}
