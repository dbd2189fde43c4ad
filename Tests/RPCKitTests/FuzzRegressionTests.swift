import Foundation
import JSONKit
import RPCTestSupport
import TestSupport
import Testing

@testable import RPCKit

/// Inputs the fuzz targets in `Fuzz/` found a bug with, each asserting the behaviour the fix restored.
///
/// Findings that depend on timing are replayed deterministically: their handlers wait on gates.
@Suite(.scaledTimeLimit(minutes: 1)) struct FuzzRegressionTests {
  // MARK: - A cancelled request's late outcome answered a newer request with the same id

  /// `test/echo` for this test: waits for gate `old` whatever happens, as a handler between its last cancellation
  /// check and its return does, then answers its params.
  private struct SlowEchoRequest: RPCRequest {
    typealias Result = JSONValue
    static let method = "test/echo"
    let params: JSONValue
    init(params: JSONValue?) throws { self.params = params ?? .null }
  }

  /// `search/filter` for this test: waits for gate `new`, then answers `"filtered"`.
  private struct GatedFilterRequest: RPCRequest {
    typealias Result = JSONValue
    static let method = "search/filter"
    init(params: JSONValue?) throws {}
  }

  private func lateOutcomeMethods(_ gates: Gates) -> MethodTable {
    var table = MethodTable()
    table.register(SlowEchoRequest.self) { request, _ in
      gates.markStarted("old")
      // A detached task is not cancelled with the request's task: this handler ignores cancellation.
      await Task.detached {
        while !gates.isOpen("old") { try? await Task.sleep(for: .milliseconds(1)) }
      }.value
      gates.markFinished("old")
      return request.params
    }
    table.register(GatedFilterRequest.self) { _, _ in
      gates.markStarted("new")
      while !gates.isOpen("new") { try await Task.sleep(for: .milliseconds(1)) }
      return "filtered"
    }
    return table
  }

  /// MessagePathFuzz, `crash-44b60386086c292b41591b0d68a2c08b144476bf`: a request, `$/cancelRequest` for it, and
  /// a new request reusing its id. The cancelled handler finished after the new request had been read, and its
  /// result ([1]) answered the new request, whose own result was then dropped.
  static let cancelThenReuseID = Array(
    ("Content-Length: 58\r\n\r\n"
      + #"{"jsonrpc":"2.0","id":3,"method":"test/echo","params":[1]}"#
      + "Content-Length: 62\r\n\r\n"
      + #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}"#
      + "Content-Length: 72\r\n\r\n"
      + #"{"jsonrpc":"2.0","id":3,"method":"search/filter","params":{"query":"q"}}"#).utf8
  )

  @Test("a cancelled handler's late result does not answer a newer request that reuses its id")
  func lateResultOfCancelledRequestDoesNotAnswerReusedID() async throws {
    let gates = Gates()
    let server = ConnectionHarness(methods: lateOutcomeMethods(gates))
    server.sendBytes(Self.cancelThenReuseID)
    // The cancellation is answered at once; the new request is in flight when the old handler returns.
    let first = await server.waitForReplies(count: 1)
    #expect(first.first?["id"] == 3)
    #expect(first.first?.errorCode == -32800)
    #expect(await gates.waitUntil { gates.hasStarted("new") })
    gates.open("old")
    #expect(await gates.waitUntil { gates.hasFinished("old") })
    gates.open("new")
    let (_, replies) = await server.finish()
    #expect(replies.count == 2)
    #expect(replies.last?["id"] == 3)
    #expect(replies.last?["result"] == "filtered")
  }

  @Test("the in-flight table accepts an outcome only for the request it was begun for")
  func outcomeOfAnOlderGenerationIsRefused() throws {
    let writer = OutputWriter(fd: FileHandle.nullDevice.fileDescriptor)
    defer { writer.close() }
    let table = InFlightRequests(sink: ResponseSink(writer: writer, mode: .ndjson))
    let id = RequestID(3)
    let old = try #require(table.begin(id, method: "test/echo", batch: nil))
    #expect(table.begin(id, method: "test/echo", batch: nil) == nil, "a duplicate while in flight")
    #expect(table.cancel(id) { ResponseBody.error(id: id, .cancelled()) })
    let new = try #require(table.begin(id, method: "search/filter", batch: nil))
    #expect(new != old)
    #expect(!table.finish(id, serial: old, body: ResponseBody.result(id: id, "stale")))
    #expect(table.snapshot.map(\.method) == ["search/filter"], "the newer request is still in flight")
    #expect(table.finish(id, serial: new, body: ResponseBody.result(id: id, "fresh")))
    #expect(!table.finish(id, serial: new, body: ResponseBody.result(id: id, "twice")))
    #expect(table.count == 0)
  }

  // MARK: - Canonically equivalent string ids were taken for the same id

  /// A request that waits for gate `held`, then answers `"held"`.
  private struct HeldRequest: RPCRequest {
    typealias Result = JSONValue
    static let method = "test/sleep"
    init(params: JSONValue?) throws {}
  }

  /// The same, under another method name.
  private struct HeldEchoRequest: RPCRequest {
    typealias Result = JSONValue
    static let method = "test/echo"
    init(params: JSONValue?) throws {}
  }

  /// Answers its params at once.
  private struct InlineRequest: RPCRequest {
    typealias Result = JSONValue
    static let method = "test/inline"
    let params: JSONValue
    init(params: JSONValue?) throws { self.params = params ?? .null }
  }

  private func heldMethods(_ gates: Gates) -> MethodTable {
    var table = MethodTable()
    table.register(HeldRequest.self) { _, _ in
      while !gates.isOpen("held") { try await Task.sleep(for: .milliseconds(1)) }
      return "held"
    }
    table.register(HeldEchoRequest.self) { _, _ in
      while !gates.isOpen("held") { try await Task.sleep(for: .milliseconds(1)) }
      return "held"
    }
    table.registerInline(InlineRequest.self) { request, _ in request.params }
    return table
  }

  /// MessagePathFuzz, `crash-cc9e8f5b66fbf130e4908f2984c9aa2a1f380b41`: ids `"é"` (U+00E9) and `"e\u{301}"`, `"Å"`
  /// (U+00C5) and `"A\u{30A}"`. Swift's `String ==` takes each pair for one string, so the second request of a pair
  /// was refused as a duplicate of the first (-32600 "is still in flight"), and `$/cancelRequest` for
  /// `"e\u{301}"` cancelled the request `"é"`.
  static let canonicallyEquivalentIDs: [UInt8] =
    Array(#"{"jsonrpc":"2.0","id":""#.utf8) + [0xC3, 0xA9]
    + Array(#"","method":"test/sleep","params":{"yields":30}}"#.utf8) + [0x0A]
    + Array(#"{"jsonrpc":"2.0","id":"e"#.utf8) + [0xCC, 0x81]
    + Array(#"","method":"test/inline","params":[1]}"#.utf8) + [0x0A]
    + Array(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"e"#.utf8) + [0xCC, 0x81]
    + Array(#""}}"#.utf8) + [0x0A]
    + Array(#"{"jsonrpc":"2.0","id":""#.utf8) + [0xC3, 0x85] + Array(#"","method":"test/echo"}"#.utf8) + [0x0A]
    + Array(#"{"jsonrpc":"2.0","id":"A"#.utf8) + [0xCC, 0x8A] + Array(#"","method":"test/echo"}"#.utf8) + [0x0A]

  @Test("string ids that differ only in Unicode normalization are different requests")
  func canonicallyEquivalentIDsAreDifferentRequests() async throws {
    let gates = Gates()
    let server = ConnectionHarness(methods: heldMethods(gates))
    server.sendBytes(Self.canonicallyEquivalentIDs)
    // Once this is answered, everything before it has been read (the reader is sequential).
    server.send(#"{"jsonrpc":"2.0","id":"sentinel","method":"test/inline","params":[2]}"# + "\n")
    let early = await server.waitForReplies(count: 2)
    #expect(early.map(\.replyID) == [.string("e\u{301}"), "sentinel"])
    #expect(early.first?["result"] == [1])
    gates.open("held")
    let (_, replies) = await server.finish()
    #expect(replies.count == 5)
    #expect(replies.allSatisfy { $0.errorCode == nil }, "no duplicate-id or cancellation error")
    let held = replies.dropFirst(2).compactMap { $0.replyID?.stringValue.map { Array($0.utf8) } }
    #expect(Set(held) == [[0xC3, 0xA9], [0xC3, 0x85], [0x41, 0xCC, 0x8A]])
  }

  @Test("request ids compare as the wire spells them: string bytes, number text")
  func requestIDsCompareExactly() {
    let nfc = RequestID.string("\u{E9}")
    let nfd = RequestID.string("e\u{301}")
    #expect(nfc != nfd)
    #expect(Set([nfc, nfd, .string("\u{E9}")]).count == 2)
    #expect([nfc: 1][nfd] == nil)
    #expect(RequestID.number(JSONNumber(literal: "1")!) != .number(JSONNumber(literal: "1.0")!))
    #expect(RequestID(7) == .number(JSONNumber(7)))
    #expect(RequestID.string("7") != RequestID(7))
    #expect(RequestID.null == .null && RequestID.null != .string("null"))
  }
}
