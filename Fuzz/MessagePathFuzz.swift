// libFuzzer target for RPCKit's whole message path: bytes → FrameDecoder → MessageDispatcher (parse, classify,
// lifecycle, batches, dispatch) → handlers (inline and task, typed params, throwing, superseding) → response
// encoding → the writer.
//
// Compiled into the RPCKit module (see Scripts/fuzz.sh), with JSONKit as a separate module. One `Connection` per
// process, writing to an unlinked temporary file. Per input: a fresh decoder and dispatcher, the whole input
// appended, `finish()`, `drain`; after `exit`, the requests still in flight are cancelled as `Connection.run()`
// does; then wait (bounded) until no request is in flight, flush the writer, and read the output back.
// Invariants:
// - no trap, and the in-flight table drains (a hang is reported as a failure after a few seconds);
// - the output is exactly a sequence of frames in the input's framing (re-encoding the bodies with FrameEncoder
//   gives the output byte for byte), each a JSON-RPC response object (or a non-empty array of them) with
//   `"jsonrpc": "2.0"`, an `id`, and exactly one of `result` and `error` (with an integer `code` and a string
//   `message`);
// - every request id that was read (compared byte for byte) got exactly as many responses as requests with that
//   id were read, as an independent pass over the same input counts them;
// - each response answers the right request: a cancellation by the client only for an id `$/cancelRequest` named,
//   a duplicate-id error only for an id read more than once (byte for byte), and never the outcome of a handler
//   that returned after its request was cancelled (task handlers tag results with their arrival serial and record
//   whether they saw cancellation; the table answers before it cancels, so such an outcome must be dropped).

import JSONKit
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// libFuzzer's entry point: runs one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0 (libFuzzer reserves other values).
@_cdecl("LLVMFuzzerTestOneInput")
public func messagePathFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
  MessagePathFuzz.shared.run(input)
  return 0
}

private final class MessagePathFuzz: Sendable {
  static let shared = MessagePathFuzz()

  let connection: Connection
  let outputFD: Int32
  let options = ConnectionOptions(
    framing: .auto,
    maxMessageBytes: 2048,
    maxHeaderBytes: 256,
    maxJSONDepth: 48,
    maxUnsentBytes: 64 << 20
  )
  let state = FuzzMethods()

  init() {
    let path = "./.message-path-fuzz-output-\(getpid())"
    outputFD = open(path, O_RDWR | O_CREAT | O_TRUNC | O_APPEND, 0o600)
    guard outputFD >= 0 else { fatalError("MessagePathFuzz: cannot create \(path)") }
    unlink(path)
    let input = open("/dev/null", O_RDONLY)
    connection = Connection(input: input, output: outputFD, options: options, methods: state.table())
  }

  func run(_ input: UnsafeRawBufferPointer) {
    state.reset()
    var decoder = connection.makeDecoder()
    var dispatcher = MessageDispatcher(connection: connection)
    decoder.append(input)
    decoder.finish()
    let exitStatus = connection.drain(&decoder, into: &dispatcher)
    if exitStatus != nil {
      // What `Connection.run()` does after `exit`.
      for (id, _) in connection.requestsInFlight {
        connection.cancel(id, error: .cancelled("the server exited before answering"))
      }
    }
    waitUntilIdle()
    connection.writer.flush()
    let output = readOutput()
    if isTracing {
      let text = String(decoding: output, as: UTF8.self)
      Log.trace(
        "--- input (\(input.count) bytes) ---\n\(String(decoding: input, as: UTF8.self))\n--- output ---\n\(text)"
      )
    }
    check(output, input: input)
  }

  /// Whether to print each input and its output to stderr (set `FUZZ_TRACE=1` when reproducing).
  let isTracing = getenv("FUZZ_TRACE") != nil

  /// Waits until no request is in flight and no handler runs; traps after a few seconds.
  private func waitUntilIdle() {
    var spins = 0
    while !connection.requestsInFlight.isEmpty || state.runningHandlers > 0 {
      spins += 1
      if spins > 200_000 {
        let pending = connection.requestsInFlight.map { "\($0.id) \($0.method)" }
        fatalError("MessagePathFuzz: requests still in flight after 4 s: \(pending)")
      }
      usleep(20)
    }
  }

  private func readOutput() -> [UInt8] {
    let size = Int(lseek(outputFD, 0, SEEK_END))
    guard size > 0 else { return [] }
    var output = [UInt8](repeating: 0, count: size)
    let count = output.withUnsafeMutableBytes { pread(outputFD, $0.baseAddress, size, 0) }
    guard count == size else { fatalError("MessagePathFuzz: short read of the output") }
    // The writer is idle (flushed) and appends (O_APPEND), so emptying the file is safe.
    _ = ftruncate(outputFD, 0)
    return output
  }

  // MARK: - Checking

  private func check(_ output: [UInt8], input: UnsafeRawBufferPointer) {
    let expected = expectedResponses(input)
    // The output is a sequence of frames in the input's framing, nothing else.
    var outputDecoder = FrameDecoder(mode: .auto)
    output.withUnsafeBytes { outputDecoder.append($0) }
    outputDecoder.finish()
    var bodies: [[UInt8]] = []
    while let event = outputDecoder.next() {
      guard case .message(let body) = event else { fail("unframed output: \(event)", output) }
      bodies.append(body)
    }
    if !output.isEmpty {
      guard let framing = expected.framing else { fail("output without a detected input framing", output) }
      var reencoded: [UInt8] = []
      for body in bodies { FrameEncoder.append(body, mode: framing, to: &reencoded) }
      guard reencoded == output else { fail("output is not exactly \(framing.rawValue) frames", output) }
    }
    var counts: [[UInt8]: Int] = [:]
    for body in bodies {
      let value: JSONValue
      do {
        value = try JSONParser().parse(body)
      } catch {
        fail("a response that is not JSON: \(error)", output)
      }
      if case .array(let responses) = value {
        guard !responses.isEmpty else { fail("an empty batch response", output) }
        for response in responses { count(response, expected: expected, into: &counts, output: output) }
      } else {
        count(value, expected: expected, into: &counts, output: output)
      }
    }
    if isTracing {
      let shown = counts.map { "\(String(decoding: $0.key, as: UTF8.self)): \($0.value)" }.sorted()
      Log.trace("--- responses per id: \(shown)")
    }
    if !state.lateAnswers.isEmpty {
      fail("context.respond answered cancelled requests: \(state.lateAnswers)", output)
    }
    guard counts == expected.counts else {
      var mismatches: [String] = []
      for id in Set(counts.keys).union(expected.counts.keys) where counts[id] != expected.counts[id] {
        mismatches.append(
          "id \(String(decoding: id, as: UTF8.self)): \(counts[id] ?? 0) responses, \(expected.counts[id] ?? 0) requests"
        )
      }
      fail("responses per id differ from requests per id: \(mismatches.sorted())", output)
    }
  }

  /// Checks the shape of one response and counts it under its id (ids other than `null`).
  ///
  /// Also checks that the response answers the right request: a cancellation by the client only for an id that
  /// `$/cancelRequest` named, a duplicate-id error only for an id that more than one request had (ids compared
  /// byte for byte), and no result from a handler that returned after its request was cancelled.
  private func count(_ response: JSONValue, expected: Expected, into counts: inout [[UInt8]: Int], output: [UInt8]) {
    guard case .object(let object) = response else { fail("a response that is not an object", output) }
    guard object["jsonrpc"] == .string("2.0") else { fail("a response without \"jsonrpc\": \"2.0\"", output) }
    guard let id = object["id"] else { fail("a response without id", output) }
    switch (object["result"], object["error"]) {
    case (let result?, nil):
      if let serial = result["serial"]?.numberValue?.intValue, state.cancelledSerials.contains(serial) {
        fail("the result of request \(serial) (id \(id.serializedString())) was sent after it was cancelled", output)
      }
    case (nil, let error?):
      guard error["code"]?.numberValue?.intValue != nil, let message = error["message"]?.stringValue else {
        fail("an error without integer code and string message", output)
      }
      if message == "request cancelled by the client", !expected.cancelledIDs.contains(id.serialized()) {
        fail("id \(id.serializedString()) was cancelled, but $/cancelRequest never named it", output)
      }
      let requestsWithID = id == .null ? expected.nullIDRequests : expected.counts[id.serialized(), default: 0]
      if message.hasPrefix("a request with id "), message.hasSuffix(" is still in flight"), requestsWithID < 2 {
        fail("id \(id.serializedString()) was called a duplicate, but only one request had it", output)
      }
    default:
      fail("a response without exactly one of result and error", output)
    }
    guard let requestID = RequestID(json: id) else { fail("a response whose id is \(id.kindDescription)", output) }
    if requestID != .null { counts[requestID.json.serialized(), default: 0] += 1 }
  }

  /// The framing detected, how many responses each request id (by its serialized bytes) must get, and which ids
  /// were cancelled: an independent pass over the same bytes with the same decoder settings, parser and
  /// classification.
  private func expectedResponses(_ input: UnsafeRawBufferPointer) -> Expected {
    var decoder = connection.makeDecoder()
    decoder.append(input)
    decoder.finish()
    var expected = Expected()
    /// Counts one message; returns `false` once `exit` was read.
    func classify(_ value: JSONValue) -> Bool {
      switch JSONRPCMessage.decode(value) {
      case .message(.request(.null, _, _)):
        expected.nullIDRequests += 1
      case .invalid(let id, _) where id != .null, .message(.request(let id, _, _)):
        expected.counts[id.json.serialized(), default: 0] += 1
      case .message(.notification("exit", _)):
        return false
      case .message(.notification("$/cancelRequest", let params)):
        if let id = params?["id"] { expected.cancelledIDs.insert(id.serialized()) }
      default:
        break
      }
      return true
    }
    reading: while let event = decoder.next() {
      guard case .message(let body) = event,
        let value = try? JSONParser(maxDepth: options.maxJSONDepth).parse(body)
      else { continue }
      if case .array(let elements) = value {
        for element in elements where element.arrayValue == nil {
          if !classify(element) { break reading }
        }
      } else if !classify(value) {
        break
      }
    }
    expected.framing = decoder.detectedMode
    return expected
  }

  /// What an input must get, from an independent pass over it.
  struct Expected {
    /// The framing of the input (and so of the output).
    var framing: FramingMode?
    /// Per request id (serialized), how many requests with it were read: each gets exactly one response.
    var counts: [[UInt8]: Int] = [:]
    /// How many requests had `"id": null` (their responses are not told apart from other null-id errors).
    var nullIDRequests = 0
    /// The ids (serialized) that `$/cancelRequest` named.
    var cancelledIDs: Set<[UInt8]> = []
  }

  private func fail(_ message: String, _ output: [UInt8]) -> Never {
    let shown = String(decoding: output.prefix(4096), as: UTF8.self)
    fatalError("MessagePathFuzz: \(message)\n--- output ---\n\(shown)\n--------------")
  }
}

extension Log {
  /// Writes a line to stderr, whatever the log level.
  fileprivate static func trace(_ text: String) {
    var line = Array((text + "\n").utf8)
    line.withUnsafeMutableBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
  }
}

// MARK: - The methods

/// Request types shaped like the daemon's methods (names, params), with handlers of every kind the method table
/// supports. Results are small; what matters is which path each request takes.
private final class FuzzMethods: Sendable {
  private struct Tracking {
    /// The next arrival's serial number.
    var nextSerial = 0
    /// Requests whose handler finished after the request had been cancelled: their outcome must not be sent.
    var cancelledSerials: Set<Int> = []
    /// Requests whose handler answered through `context.respond` although the request had been cancelled.
    var lateAnswers: [String] = []
  }

  private let latestByField = Mutex<[String: RequestID]>([:])
  private let tracking = Mutex(Tracking())
  private let running = Atomic<Int>(0)

  /// Handlers currently running (task handlers still between start and return).
  var runningHandlers: Int { running.load(ordering: .acquiring) }

  /// The serials of requests whose handler returned after the request had been cancelled.
  var cancelledSerials: Set<Int> { tracking.withLock { $0.cancelledSerials } }

  /// Descriptions of answers that `context.respond` delivered for a request already cancelled.
  var lateAnswers: [String] { tracking.withLock { $0.lateAnswers } }

  func reset() {
    latestByField.withLock { $0.removeAll() }
    // Serials keep counting across inputs: a task of an earlier input that had not even started when that input
    // was done (the in-flight table empty, no handler running) may still run now, and must not be taken for a
    // request of this input.
    tracking.withLock { $0 = Tracking(nextSerial: $0.nextSerial) }
  }

  func table() -> MethodTable {
    var table = MethodTable()
    table.registerInline(InitializeRequest.self) { request, _ in
      ["capabilities": ["positionEncoding": .string(request.positionEncoding)], "serverInfo": ["name": "fuzz"]]
    }
    table.register(InitializedNotification.self) { _ in }
    table.register(
      CompleteRequest.self,
      onArrival: { [self] request, context in (arrive(), supersede(request, context)) },
      respondingHandler: { request, context, ticket in
        let (serial, isLatest) = ticket
        try await self.whileRunning { () async throws -> Void in
          await Task.yield()
          try Task.checkCancellation()
          guard isLatest(context.id) else { return }
          let item: JSONValue = ["label": .string(request.query), "kind": "suggestion"]
          let result: JSONValue = ["serial": JSONValue(serial), "sections": [["id": "suggestions", "items": [item]]]]
          await Task.yield()
          // The table removes a request before cancelling its task, so a task cancelled before it answers can no
          // longer answer. (Once it has answered, its task may be cancelled: `attach` does that when the answer
          // came first.)
          let wasCancelled = Task.isCancelled
          if context.respond(result), wasCancelled {
            self.tracking.withLock { $0.lateAnswers.append("search/complete \(context.id) (serial \(serial))") }
          }
        }
      }
    )
    registerTracked(FilterRequest.self, in: &table) { request in
      await Task.yield()
      guard ["smart", "contains", "prefix"].contains(request.mode) else {
        throw ResponseError.invalidParams("params.mode: expected one of \"smart\", \"contains\", got \(request.mode)")
      }
      return ["total": JSONValue(request.limit + request.offset), "items": .array([])]
    }
    table.registerInline(RecentsAddRequest.self) { request, _ in
      ["recents": [["text": .string(request.text), "id": request.id.map(JSONValue.string) ?? .null, "count": 1]]]
    }
    // Ignores cancellation, as a handler between its last check and its return does.
    registerTracked(EchoRequest.self, in: &table) { request in
      await Task.yield()
      await Task.yield()
      return request.params
    }
    table.registerInline(InlineEchoRequest.self) { request, _ in request.params }
    registerTracked(FailRequest.self, in: &table) { request in try request.fail() }
    table.registerInline(InlineFailRequest.self) { request, _ in try request.fail() }
    registerTracked(SleepRequest.self, in: &table) { request in
      for _ in 0..<request.yields {
        try Task.checkCancellation()
        await Task.yield()
      }
      return "slept"
    }
    table.register(PingNotification.self) { notification in
      if notification.fails { throw ResponseError.internalError("ping failed") }
    }
    table.onShutdown { await Task.yield() }
    return table
  }

  /// Registers a task handler whose result is `{"serial": <arrival number>, "value": <what body returned>}`, and
  /// which records when it returns although its request was cancelled.
  private func registerTracked<Request: RPCRequest>(
    _ type: Request.Type,
    in table: inout MethodTable,
    body: @escaping @Sendable (Request) async throws -> JSONValue
  ) where Request.Result == JSONValue {
    table.register(type, onArrival: { [self] _, _ in arrive() }) { [self] request, _, serial in
      try await whileRunning {
        let value: JSONValue
        do {
          value = try await body(request)
        } catch {
          noteCancellation(serial)
          throw error
        }
        noteCancellation(serial)
        return ["serial": JSONValue(serial), "value": value]
      }
    }
  }

  /// Numbers the requests in arrival order.
  private func arrive() -> Int {
    tracking.withLock { tracking in
      defer { tracking.nextSerial += 1 }
      return tracking.nextSerial
    }
  }

  /// Records that request `serial` is cancelled now that its handler returns: its outcome must not be sent.
  private func noteCancellation(_ serial: Int) {
    guard Task.isCancelled else { return }
    tracking.withLock { _ = $0.cancelledSerials.insert(serial) }
  }

  /// The arrival hook of `search/complete`: a newer query for a field answers the older one at once.
  private func supersede(_ request: CompleteRequest, _ context: RequestContext) -> @Sendable (RequestID) -> Bool {
    let previous = latestByField.withLock { latest in
      defer { latest[request.field] = context.id }
      return latest[request.field]
    }
    if let previous, previous != context.id {
      context.connection.cancel(
        previous,
        error: .cancelled("superseded", data: ["reason": "superseded", "by": context.id.json])
      )
    }
    let field = request.field
    return { [self] id in latestByField.withLock { $0[field] == id } }
  }

  private func whileRunning<T>(_ body: () async throws -> T) async rethrows -> T {
    running.add(1, ordering: .acquiringAndReleasing)
    defer { running.subtract(1, ordering: .acquiringAndReleasing) }
    return try await body()
  }
}

private struct InitializeRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "initialize"
  let positionEncoding: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    let general = try fields.optionalObject("capabilities").optionalObject("general")
    let encodings = try general.optional("positionEncodings", as: [String].self) ?? ["utf-16"]
    positionEncoding = encodings.first { ["utf-8", "utf-16", "utf-32"].contains($0) } ?? "utf-16"
    _ = try fields.optionalObject("initializationOptions").optional("debounceMs", as: Int.self)
    _ = try fields.optional("processId", as: JSONValue.self)
  }
}

private struct InitializedNotification: RPCNotification {
  static let method = "initialized"
  init(params: JSONValue?) throws {}
}

private struct CompleteRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "search/complete"
  let query: String
  let tokens: [String]
  let limit: Int
  let field: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    query = try fields.required("query")
    tokens = try fields.optional("tokens", default: [])
    limit = try fields.optional("limit", default: 5)
    field = try fields.optional("field", default: "default")
    guard limit >= 0 else { throw ResponseError.invalidParams("params.limit: expected a non-negative integer") }
  }
}

private struct FilterRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "search/filter"
  let query: String
  let limit: Int
  let offset: Int
  let mode: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    query = try fields.required("query")
    _ = try fields.optional("tokens", as: [String].self)
    _ = try fields.optional("scope", as: String.self)
    limit = min(max(try fields.optional("limit", default: 50), 0), 1000)
    offset = min(max(try fields.optional("offset", default: 0), 0), 1000)
    mode = try fields.optional("mode", default: "smart")
    _ = try fields.optional("field", as: String.self)
  }
}

private struct RecentsAddRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "recents/add"
  let text: String
  let id: String?

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    text = try fields.required("text")
    id = try fields.optional("id")
  }
}

private struct EchoRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/echo"
  let params: JSONValue
  init(params: JSONValue?) throws { self.params = params ?? .null }
}

private struct InlineEchoRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/inline"
  let params: JSONValue
  init(params: JSONValue?) throws { self.params = params ?? .null }
}

private struct FuzzFailure: Error {}

/// Throws what `kind` names: a response error, a cancellation, a decoding error, or any other error.
private protocol Failing {
  var kind: String { get }
}

extension Failing {
  func fail() throws -> JSONValue {
    switch kind {
    case "response": throw ResponseError(code: ErrorCode(rawValue: 42), message: "custom failure", data: ["x": 1])
    case "cancel": throw CancellationError()
    case "decoding": throw JSONDecodingError(path: "params.kind", expected: "a failure", found: "a string")
    case "none": return .string(kind)
    default: throw FuzzFailure()
    }
  }
}

private struct FailRequest: RPCRequest, Failing {
  typealias Result = JSONValue
  static let method = "test/fail"
  let kind: String
  init(params: JSONValue?) throws { kind = try JSONFields(params, path: "params").optional("kind", default: "") }
}

private struct InlineFailRequest: RPCRequest, Failing {
  typealias Result = JSONValue
  static let method = "test/failInline"
  let kind: String
  init(params: JSONValue?) throws { kind = try JSONFields(params, path: "params").optional("kind", default: "") }
}

private struct SleepRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "test/sleep"
  let yields: Int
  init(params: JSONValue?) throws {
    yields = min(max(try JSONFields(params, path: "params").optional("yields", default: 3), 0), 50)
  }
}

private struct PingNotification: RPCNotification {
  static let method = "test/ping"
  let fails: Bool
  init(params: JSONValue?) throws { fails = try JSONFields(params, path: "params").optional("fail", default: false) }
}
