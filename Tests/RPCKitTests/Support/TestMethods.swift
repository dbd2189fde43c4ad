import JSONKit
import Locking

@testable import RPCKit

/// `test/echo`: answers its params (a task handler).
struct EchoRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/echo"
  let params: JSONValue
  init(params: JSONValue?) throws { self.params = params ?? .null }
}

/// `test/inline`: answers its params inline on the reader.
struct InlineEchoRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/inline"
  let params: JSONValue
  init(params: JSONValue?) throws { self.params = params ?? .null }
}

/// `test/typed`: needs `{"name": string, "count": integer?}`.
struct TypedRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/typed"
  let name: String
  let count: Int
  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    name = try fields.required("name")
    count = try fields.optional("count", default: 1)
  }
}

/// `test/fail`: throws the error its params name.
struct FailRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/fail"
  let kind: String
  init(params: JSONValue?) throws { kind = try JSONFields(params, path: "params").required("kind") }
}

/// `test/wait`: waits until its gate opens (or it is cancelled), then answers `"done"`.
struct WaitRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/wait"
  let gate: String
  init(params: JSONValue?) throws { gate = try JSONFields(params, path: "params").required("gate") }
}

/// A notification that counts itself.
struct PingNotification: RPCNotification {
  static let method = "test/ping"
  init(params: JSONValue?) throws {}
}

/// Named gates that `test/wait` handlers wait on, and what happened to them.
final class Gates: Sendable {
  private let state = Locked<State>(State())

  private struct State {
    var open: Set<String> = []
    var started: Set<String> = []
    var cancelled: Set<String> = []
    var finished: Set<String> = []
    var pings = 0
  }

  func open(_ gate: String) { state.withLock { _ = $0.open.insert(gate) } }
  func isOpen(_ gate: String) -> Bool { state.withLock { $0.open.contains(gate) } }
  func markStarted(_ gate: String) { state.withLock { _ = $0.started.insert(gate) } }
  func hasStarted(_ gate: String) -> Bool { state.withLock { $0.started.contains(gate) } }
  func markCancelled(_ gate: String) { state.withLock { _ = $0.cancelled.insert(gate) } }
  func wasCancelled(_ gate: String) -> Bool { state.withLock { $0.cancelled.contains(gate) } }
  func markFinished(_ gate: String) { state.withLock { _ = $0.finished.insert(gate) } }
  func hasFinished(_ gate: String) -> Bool { state.withLock { $0.finished.contains(gate) } }
  func ping() { state.withLock { $0.pings += 1 } }
  var pings: Int { state.withLock { $0.pings } }

  /// Waits (politely, bounded) until `condition` holds.
  func waitUntil(_ condition: @Sendable () -> Bool) async -> Bool {
    for _ in 0..<20_000 {
      if condition() { return true }
      // A cancelled task (a test past its time limit) stops at once: its sleep would throw at once, in a busy loop.
      if Task.isCancelled { break }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
  }
}

/// The method table the connection tests run against.
func testMethods(gates: Gates) -> MethodTable {
  var table = MethodTable()
  table.register(EchoRequest.self) { request, _ in request.params }
  table.registerInline(InlineEchoRequest.self) { request, _ in request.params }
  table.register(TypedRequest.self) { request, _ in
    ["name": .string(request.name), "count": .number(JSONNumber(request.count))]
  }
  table.register(FailRequest.self) { request, _ in
    switch request.kind {
    case "response": throw ResponseError(code: ErrorCode(rawValue: 42), message: "custom failure", data: ["x": 1])
    case "cancel": throw CancellationError()
    default: throw TestFailure()
    }
  }
  table.register(WaitRequest.self) { request, _ in
    gates.markStarted(request.gate)
    while !gates.isOpen(request.gate) {
      if Task.isCancelled {
        gates.markCancelled(request.gate)
        throw CancellationError()
      }
      try? await Task.sleep(for: .milliseconds(1))
    }
    gates.markFinished(request.gate)
    return "done"
  }
  table.register(PingNotification.self) { _ in gates.ping() }
  return table
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String { "the test handler failed" }
}
