import Foundation
import JSONKit
import Locking
import RPCKit
import RPCTestSupport
import TestSupport
import Testing

@testable import suggest_lsp

/// The daemon in-process: the server built from a command line exactly as the executable builds it, served by a
/// ``Connection`` over pipes. Requests are written as NDJSON unless the test writes raw bytes itself.
final class TestDaemon: Sendable {
  /// The server state (for white-box checks such as the scheduler's started count).
  let server: SuggestServer
  /// The connection under test.
  let harness: ConnectionHarness
  private let counter = Locked(0)

  /// Starts the daemon with `arguments` (as on the command line). The environment is empty, so catalog snapshots
  /// are kept only where `--cache-dir` says (never in the user's cache directory). Lookahead is off unless
  /// `arguments` ask for it (`LookaheadTests`): its searches in a field's pause would make the counts of workers and
  /// sessions that other tests check depend on timing.
  init(_ arguments: [String] = []) async throws {
    let asksLookahead = arguments.contains { $0.hasPrefix("--lookahead") }
    let options = try CommandLineOptions.parse(asksLookahead ? arguments : ["--lookahead", "0"] + arguments)
    // Off the cooperative pool, as the connection's handlers (``ConnectionHarness``): the heavy suites beside it.
    server = try await SuggestServer.start(
      options: options,
      environment: [:],
      taskExecutor: DedicatedThreads.connections
    )
    harness = ConnectionHarness(
      options: ConnectionOptions(framing: options.framing, maxMessageBytes: options.maxMessageBytes),
      methods: server.methods()
    )
  }

  /// A fresh request id (`"t1"`, `"t2"`, …), never equal to the integer ids tests choose themselves.
  func nextID() -> JSONValue {
    .string("t\(counter.withLock { $0 += 1; return $0 })")
  }

  /// The NDJSON line of a request.
  static func line(_ id: JSONValue, _ method: String, _ params: JSONValue = [:]) -> String {
    let message: JSONValue = ["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params]
    return message.serializedString() + "\n"
  }

  /// The NDJSON line of a request with an integer id.
  static func line(_ id: Int, _ method: String, _ params: JSONValue = [:]) -> String {
    line(.number(JSONNumber(id)), method, params)
  }

  /// Writes a request without waiting.
  func send(_ id: JSONValue, _ method: String, _ params: JSONValue = [:]) {
    harness.send(Self.line(id, method, params))
  }

  /// Writes a notification.
  func notify(_ method: String, _ params: JSONValue = [:]) {
    let message: JSONValue = ["jsonrpc": "2.0", "method": .string(method), "params": params]
    harness.send(message.serializedString() + "\n")
  }

  /// Writes raw text to the daemon's input.
  func write(_ text: String) {
    harness.send(text)
  }

  /// Writes raw bytes from another thread, so a full pipe cannot block the test's task.
  func writeInBackground(_ text: String, thenClose: Bool = false) {
    harness.sendInBackground(Array(text.utf8), thenClose: thenClose)
  }

  /// Waits until at least `count` replies arrived (or the timeout passed) and returns every reply so far.
  func waitForReplies(count: Int, timeout: Duration = .seconds(30)) async -> [JSONValue] {
    await harness.waitForReplies(count: count, timeout: timeout)
  }

  /// Every byte the daemon wrote so far.
  var rawOutput: [UInt8] { harness.rawOutput }

  /// Every reply so far, in the order they were written.
  var replies: [JSONValue] {
    get async { await harness.waitForReplies(count: 0, timeout: .zero) }
  }

  /// Waits for the reply to `id`.
  ///
  /// - Throws: ``TestDaemonError`` when none came within the timeout.
  func reply(to id: JSONValue, timeout: Duration = .seconds(30)) async throws -> JSONValue {
    let deadline = ContinuousClock.now + TestScale.duration(timeout)
    while true {
      if let found = await replies.first(where: { $0["id"] == id }) { return found }
      guard ContinuousClock.now < deadline else { throw TestDaemonError(description: "no reply to \(id)") }
      try await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Sends a request and waits for its reply (the whole response message).
  func call(_ method: String, _ params: JSONValue = [:]) async throws -> JSONValue {
    let id = nextID()
    send(id, method, params)
    return try await reply(to: id)
  }

  /// Sends a request and returns its `result`.
  ///
  /// - Throws: ``TestDaemonError`` when the reply is an error.
  func result(_ method: String, _ params: JSONValue = [:]) async throws -> JSONValue {
    let reply = try await call(method, params)
    guard let result = reply["result"] else {
      throw TestDaemonError(description: "\(method) \(params.serializedString()) failed: \(reply.serializedString())")
    }
    return result
  }

  /// Sends a request that must fail and returns its `error` object.
  ///
  /// - Throws: ``TestDaemonError`` when the reply is a result.
  func error(_ method: String, _ params: JSONValue = [:]) async throws -> JSONValue {
    let reply = try await call(method, params)
    guard let error = reply["error"] else {
      throw TestDaemonError(
        description: "\(method) \(params.serializedString()) succeeded: \(reply.serializedString())"
      )
    }
    return error
  }

  /// Closes the input and waits for the connection to end; returns its status and every reply.
  @discardableResult
  func finish() async -> (status: Int32, replies: [JSONValue]) {
    await harness.finish()
  }
}

/// A reply that did not come, or came with the wrong outcome.
struct TestDaemonError: Error, CustomStringConvertible {
  var description: String
}

extension JSONValue {
  /// The string elements of an array, or of an array's objects' `key` member.
  func strings(_ key: String? = nil) -> [String] {
    (arrayValue ?? []).compactMap { element in
      if let key { return element[key]?.stringValue }
      return element.stringValue
    }
  }

  /// An integer member (`value["total"]?.int`).
  var int: Int? { numberValue?.intValue }

  /// The items of the section with `id` in a `search/complete` result, or `nil` when there is no such section.
  func section(_ id: String) -> [JSONValue]? {
    self["sections"]?.arrayValue?.first { $0["id"] == .string(id) }?["items"]?.arrayValue
  }

  /// The ids of the sections of a `search/complete` result.
  var sectionIDs: [String] { self["sections"]?.strings("id") ?? [] }

  /// Highlight ranges `[[s, e], …]` as Swift ranges.
  var ranges: [Range<Int>] {
    (arrayValue ?? []).compactMap { pair in
      guard let start = pair[0]?.int, let end = pair[1]?.int, start <= end else { return nil }
      return start..<end
    }
  }
}

extension Array where Element == JSONValue {
  /// The `key` member of each object, where it is a string.
  func strings(_ key: String) -> [String] {
    compactMap { $0[key]?.stringValue }
  }
}

extension Array where Element == String {
  /// The strings as a JSON array.
  var json: JSONValue { .array(map { .string($0) }) }
}

/// A temporary directory removed when the value is deinitialised.
final class TemporaryDirectory: Sendable {
  /// Its path.
  let path: String

  init() throws {
    let template = NSTemporaryDirectory() + "suggest-lsp-tests.XXXXXX"
    var bytes = Array(template.utf8CString)
    guard let created = mkdtemp(&bytes) else { throw TestDaemonError(description: "mkdtemp failed: \(errno)") }
    path = String(cString: created)
  }

  /// The path of `name` inside the directory.
  func file(_ name: String) -> String { path + "/" + name }

  /// Writes `text` to `name` and returns the file's path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = file(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
