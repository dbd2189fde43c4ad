import JSONKit
import RPCTestSupport
import TestSupport
import Testing

@testable import RPCKit

/// Malformed input of every kind gets the right error, and the next valid request is still answered.
@Suite(.scaledTimeLimit(minutes: 1)) struct ConnectionBadInputTests {
  struct Probe: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    /// The error codes the probe itself must get (in order), with id null unless `id` says otherwise.
    var codes: [Int]
    var id: JSONValue = .null
    var testDescription: String { name }
  }

  private static func lsp(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
  }

  private static func latin1(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\nContent-Type: application/json; charset=latin1\r\n\r\n\(body)".utf8)
  }

  private static let nextLSP = lsp(#"{"jsonrpc":"2.0","id":"next","method":"test/inline","params":["ok"]}"#)
  private static let nextNDJSON = Array(
    (#"{"jsonrpc":"2.0","id":"next","method":"test/inline","params":["ok"]}"# + "\n").utf8
  )

  static let lspProbes: [Probe] = [
    Probe(
      name: "garbage header line",
      bytes: Array("Content-Length: 2\r\nthis is not a header\r\n\r\n{}".utf8),
      codes: [-32700]
    ),
    Probe(name: "negative length", bytes: Array("Content-Length: -5\r\n\r\n".utf8), codes: [-32700]),
    Probe(name: "non-numeric length", bytes: Array("Content-Length: abc\r\n\r\n{}".utf8), codes: [-32700]),
    Probe(name: "length with junk", bytes: Array("Content-Length: 12abc\r\n\r\n".utf8), codes: [-32700]),
    Probe(name: "empty length", bytes: Array("Content-Length: \r\n\r\n".utf8), codes: [-32700]),
    Probe(
      name: "overflowing length",
      bytes: Array("Content-Length: 99999999999999999999999\r\n\r\n".utf8),
      codes: [-32700]
    ),
    Probe(name: "missing length", bytes: Array("Content-Type: application/json\r\n\r\n{}".utf8), codes: [-32700]),
    Probe(
      name: "latin-1 charset",
      bytes: Array("Content-Length: 2\r\nContent-Type: application/json; charset=latin1\r\n\r\n{}".utf8),
      codes: [-32700]
    ),
    Probe(
      name: "latin-1 charset on a request that still reads: answered with its id",
      bytes: latin1(#"{"jsonrpc":"2.0","id":7,"method":"test/inline","params":["x"]}"#),
      codes: [-32700],
      id: 7
    ),
    Probe(
      name: "latin-1 charset on a notification: never answered",
      bytes: latin1(#"{"jsonrpc":"2.0","method":"test/note"}"#),
      codes: []
    ),
    Probe(
      name: "UTF-16 charset on a body that does not read: id null",
      bytes: Array("Content-Length: 4\r\nContent-Type: a; charset=utf-16\r\n\r\n".utf8) + [0x7B, 0x00, 0x7D, 0x00],
      codes: [-32700]
    ),
    Probe(
      name: "header too long",
      bytes: Array(("Content-Length: 2\r\nX-Pad: " + String(repeating: "a", count: 20_000) + "\r\n\r\n{}").utf8),
      codes: [-32700]
    ),
    Probe(
      name: "body over the limit",
      bytes: Array("Content-Length: 2000000\r\n\r\n".utf8) + [UInt8](repeating: 0x20, count: 2_000_000),
      codes: [-32600]
    ),
    Probe(
      name: "invalid UTF-8 body",
      bytes: Array("Content-Length: 4\r\n\r\n".utf8) + [0x22, 0xFF, 0xFE, 0x22],
      codes: [-32700]
    ),
    Probe(name: "malformed JSON", bytes: lsp(#"{"jsonrpc":"2.0","id":1,"method":}"#), codes: [-32700]),
    Probe(name: "100,000 nested arrays", bytes: lsp(String(repeating: "[", count: 100_000)), codes: [-32700]),
    Probe(name: "100,000 nested objects", bytes: lsp(String(repeating: #"{"a":"#, count: 100_000)), codes: [-32700]),
    Probe(name: "a bare number", bytes: lsp("42"), codes: [-32600]),
    Probe(name: "a bare string", bytes: lsp(#""hello""#), codes: [-32600]),
    Probe(name: "null", bytes: lsp("null"), codes: [-32600]),
    Probe(
      name: "wrong jsonrpc",
      bytes: lsp(#"{"jsonrpc":"1.0","id":9,"method":"test/inline"}"#),
      codes: [-32600],
      id: 9
    ),
    Probe(name: "no jsonrpc", bytes: lsp(#"{"id":9,"method":"test/inline"}"#), codes: [-32600], id: 9),
    Probe(name: "NUL bytes", bytes: lsp("\u{0}\u{0}\u{0}"), codes: [-32700]),
    Probe(name: "empty body", bytes: lsp(""), codes: [-32700]),
    Probe(
      name: "trailing garbage after the value",
      bytes: lsp(#"{"jsonrpc":"2.0","id":1,"method":"x"} {}"#),
      codes: [-32700]
    ),
    Probe(name: "lone surrogate escape", bytes: lsp(#"{"jsonrpc":"2.0","id":"\ud800","method":"x"}"#), codes: [-32700]),
    Probe(
      name: "huge id number",
      bytes: lsp(#"{"jsonrpc":"2.0","id":1e999999,"method":"no/such"}"#),
      codes: [-32601],
      id: .number(JSONNumber(literal: "1e999999")!)
    ),
  ]

  static let ndjsonProbes: [Probe] = [
    Probe(name: "garbage line", bytes: Array("hello world\n".utf8), codes: [-32700]),
    Probe(name: "invalid UTF-8 line", bytes: [0x7B, 0xC3, 0x28, 0x7D, 0x0A], codes: [-32700]),
    Probe(name: "truncated object", bytes: Array(#"{"jsonrpc":"2.0","id":1,"#.utf8) + [0x0A], codes: [-32700]),
    Probe(name: "deep nesting", bytes: Array((String(repeating: "[", count: 100_000) + "\n").utf8), codes: [-32700]),
    Probe(name: "line over the limit", bytes: [UInt8](repeating: 0x61, count: 2_000_000) + [0x0A], codes: [-32600]),
    Probe(name: "non-object", bytes: Array("true\n".utf8), codes: [-32600]),
    Probe(
      name: "method not a string",
      bytes: Array(#"{"jsonrpc":"2.0","id":"m","method":[]}"#.utf8) + [0x0A],
      codes: [-32600],
      id: "m"
    ),
    Probe(
      name: "params a string",
      bytes: Array(#"{"jsonrpc":"2.0","id":"p","method":"test/inline","params":"x"}"#.utf8) + [0x0A],
      codes: [-32600],
      id: "p"
    ),
    Probe(
      name: "id an object",
      bytes: Array(#"{"jsonrpc":"2.0","id":{"a":1},"method":"test/inline"}"#.utf8) + [0x0A],
      codes: [-32600]
    ),
    Probe(name: "CRLF line ends and blank lines", bytes: Array("\r\n\r\n   \r\n".utf8), codes: []),
    Probe(name: "a Content-Length header in NDJSON", bytes: Array("Content-Length: 5\n".utf8), codes: [-32700]),
  ]

  private func check(_ probe: Probe, next: [UInt8], options: ConnectionOptions) async throws {
    let server = ConnectionHarness(options: options, methods: testMethods(gates: Gates()))
    server.sendInBackground(probe.bytes + next, thenClose: true)
    let (status, replies) = await server.waitForExit()
    #expect(status == 0)
    let nextReply = replies.last
    #expect(nextReply == ["jsonrpc": "2.0", "id": "next", "result": ["ok"]], "the next valid request is answered")
    let probeReplies = replies.dropLast()
    #expect(probeReplies.map(\.errorCode) == probe.codes.map { $0 })
    #expect(probeReplies.allSatisfy { $0["id"] == probe.id })
    #expect(probeReplies.allSatisfy { ($0["error"]?["message"]?.stringValue?.isEmpty ?? true) == false })
  }

  @Test("LSP-framed probes", arguments: lspProbes)
  func lspProbe(_ probe: Probe) async throws {
    try await check(probe, next: Self.nextLSP, options: ConnectionOptions(framing: .lsp, maxMessageBytes: 1 << 20))
  }

  @Test("NDJSON probes", arguments: ndjsonProbes)
  func ndjsonProbe(_ probe: Probe) async throws {
    try await check(
      probe,
      next: Self.nextNDJSON,
      options: ConnectionOptions(framing: .ndjson, maxMessageBytes: 1 << 20)
    )
  }

  @Test("a truncated LSP body at the end of input is a parse error with id null")
  func truncatedBodyAtEnd() async throws {
    let server = ConnectionHarness(methods: testMethods(gates: Gates()))
    server.send(String(decoding: Self.nextLSP, as: UTF8.self) + "Content-Length: 100\r\n\r\n{\"jsonrpc\"")
    let (status, replies) = await server.finish()
    #expect(status == 0)
    #expect(replies.count == 2)
    #expect(replies.last?.errorCode == -32700)
    #expect(replies.last?["id"] == .null)
  }

  @Test("a truncated header at the end of input is a parse error")
  func truncatedHeaderAtEnd() async throws {
    let server = ConnectionHarness(methods: testMethods(gates: Gates()))
    server.send(String(decoding: Self.nextLSP, as: UTF8.self) + "Content-Len")
    let (_, replies) = await server.finish()
    #expect(replies.map(\.errorCode) == [nil, -32700])
  }
}
