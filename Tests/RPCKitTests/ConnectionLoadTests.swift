import JSONKit
import RPCTestSupport
import TestSupport
import Testing

@testable import RPCKit

@Suite(.scaledTimeLimit(minutes: 2)) struct ConnectionLoadTests {
  @Test("100,000 pipelined requests are each answered exactly once", arguments: [FramingMode.ndjson, .lsp])
  func pipelined(framing: FramingMode) async throws {
    let count = TestScale.count(100_000, minimum: 10_000)
    var input: [UInt8] = []
    input.reserveCapacity(count * 80)
    for index in 0..<count {
      let method = index % 3 == 0 ? "test/echo" : index % 3 == 1 ? "test/inline" : "no/such"
      let body = #"{"jsonrpc":"2.0","id":\#(index),"method":"\#(method)","params":[\#(index)]}"#
      FrameEncoder.append(Array(body.utf8), mode: framing, to: &input)
    }
    let server = ConnectionHarness(methods: testMethods(gates: Gates()))
    server.sendInBackground(input, thenClose: true)
    let (status, replies) = await server.waitForExit()
    #expect(status == 0)
    #expect(replies.count == count)
    var seen = [Bool](repeating: false, count: count)
    var duplicates = 0
    var wrong = 0
    for reply in replies {
      guard let id = reply["id"]?.numberValue?.intValue, id >= 0, id < count else {
        wrong += 1
        continue
      }
      if seen[id] { duplicates += 1 }
      seen[id] = true
      let expected: JSONValue? = id % 3 == 2 ? nil : [.number(JSONNumber(id))]
      if id % 3 == 2 ? reply.errorCode != -32601 : reply["result"] != expected { wrong += 1 }
    }
    #expect(duplicates == 0)
    #expect(wrong == 0)
    #expect(seen.allSatisfy { $0 })
  }

  @Test("requests with cancels mixed in: every request answered exactly once")
  func withCancels() async throws {
    let count = TestScale.count(20_000, minimum: 2_000)
    var text = ""
    for index in 0..<count {
      text += #"{"jsonrpc":"2.0","id":\#(index),"method":"test/echo","params":[\#(index)]}"# + "\n"
      if index % 7 == 0 {
        text += #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(index)}}"# + "\n"
      }
    }
    let server = ConnectionHarness(methods: testMethods(gates: Gates()))
    server.sendInBackground(Array(text.utf8), thenClose: true)
    let (_, replies) = await server.waitForExit()
    let ids = replies.compactMap { $0["id"]?.numberValue?.intValue }
    #expect(ids.count == count)
    #expect(Set(ids).count == count)
    #expect(replies.allSatisfy { $0["result"] != nil || $0.errorCode == -32800 })
  }
}
