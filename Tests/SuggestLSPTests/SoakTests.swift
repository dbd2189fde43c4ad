import Foundation
import JSONKit
import RPCKit
import RPCTestSupport
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// A scaled-down soak (the full one is `Benchmarks/soak.py`): tens of thousands of mixed messages through one
/// daemon, every reply checked against the contract; and the defects the soak found, each pinned by a test.
@Suite(.scaledTimeLimit(minutes: 2)) struct SoakTests {
  @Test("30,000 mixed messages: every request answered once, only the expected errors, no stale reply in a field")
  func mixedLoad() async throws {
    let state = try TemporaryDirectory()
    let daemon = try await TestDaemon(["--state-dir", state.file("state")])
    var workload = SoakWorkload(seed: 20_260_101)
    let input = workload.input(messages: TestScale.count(30_000, minimum: 5_000))
    daemon.harness.sendInBackground(input, thenClose: true)
    let (status, replies) = await daemon.harness.waitForExit()
    #expect(status == 0)
    let outcome = workload.ledger.check(replies)
    #expect(outcome.problems == [])
    // The mix really exercised every path.
    for kind in ["result", "superseded", "cancelled", "method not found", "invalid params", "-32700", "-32600"] {
      #expect(outcome.counts[kind, default: 0] > 0, "no \(kind) replies")
    }
    #expect(outcome.counts["batch", default: 0] > 0)
  }

  @Test("a result waiting in its batch for a slow member is superseded by a newer query of its field")
  func batchedResultSuperseded() async throws {
    let daemon = try await TestDaemon()
    let slow = TestDaemon.line(2, "search/filter", ["query": "mac", "field": "b", "debounceMs": 60_000])
    let first = TestDaemon.line(1, "search/filter", ["query": "ipad", "field": "a"])
    daemon.write("[" + first.dropLast() + "," + slow.dropLast() + "]\n")
    // Query 1 ran and delivered its result into the batch, which waits for query 2.
    let key = QueryKey(method: "search/filter", catalog: "default", field: "a")
    let ran = await poll {
      daemon.server.scheduler.startedCount == 1 && daemon.server.scheduler.newest(for: key) == nil
    }
    try #require(ran)

    daemon.send(3, "search/filter", ["query": "ipad pro", "field": "a"])
    let third = try await daemon.reply(to: 3)
    #expect(third["result"]?["items"]?[0]?["title"] == "iPad Pro")
    daemon.notify("$/cancelRequest", ["id": 2])
    let replies = await daemon.waitForReplies(count: 2)
    try #require(replies.count == 2)
    #expect(replies[0]["id"] == 3)
    let batch = try #require(replies[1].arrayValue)
    let one = try #require(batch.first { $0["id"] == 1 })
    // Written after query 3's result, so it must not be a result.
    #expect(one.errorCode == -32800)
    #expect(one["error"]?["data"] == ["reason": "superseded", "by": 3])
    #expect(batch.first { $0["id"] == 2 }?["error"]?["message"] == "request cancelled by the client")
    let (status, all) = await daemon.finish()
    #expect(status == 0)
    #expect(all.count == 2)
  }

  @Test("a newer query supersedes the batched one only while its batch is unsent")
  func batchedResultAlreadySent() async throws {
    let daemon = try await TestDaemon()
    let first = TestDaemon.line(1, "search/filter", ["query": "ipad", "field": "a"])
    daemon.write("[" + first.dropLast() + "]\n")
    let batch = await daemon.waitForReplies(count: 1)
    #expect(batch.first?[0]?["result"] != nil)
    daemon.send(2, "search/filter", ["query": "ipad pro", "field": "a"])
    #expect(try await daemon.reply(to: 2)["result"] != nil)
    let (_, all) = await daemon.finish()
    #expect(all.count == 2)
  }

  @Test("a field per query: the search sessions kept for refinement stay bounded")
  func oneOffFields() async throws {
    let daemon = try await TestDaemon()
    let capacity = daemon.server.sessions.capacity
    let count = capacity * 3
    var text = ""
    for index in 0..<count {
      // Longer than a short query, whose kept answer would be cut without a session.
      text += TestDaemon.line(index, "search/filter", ["query": "ipad", "field": .string("once-\(index)")])
    }
    daemon.writeInBackground(text)
    let replies = await daemon.waitForReplies(count: count)
    #expect(replies.count == count)
    #expect(replies.allSatisfy { $0["result"]?["total"] != nil })
    #expect(daemon.server.sessions.count == capacity)
    await daemon.finish()
  }
}

/// Polls `condition` every millisecond until it holds; `false` after `timeout`.
private func poll(timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + TestScale.duration(timeout)
  while !condition() {
    // A cancelled task stops at once: its sleep would throw at once, in a busy loop.
    guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

// MARK: - The workload

/// Generates the soak's input and records what each message must get.
///
/// The mix: keystroke sessions (every prefix of a query, in one of a few fields per method and catalog, some with a
/// small debounce), one-off queries in fields of their own, `recents/add`, `recents/list`, `catalog/stats`,
/// `$/cancelRequest` of recent ids, notifications, garbage (invalid JSON, invalid UTF-8, non-objects, a bad
/// `jsonrpc`), unknown methods, invalid params, and batches of several of these.
private struct SoakWorkload {
  private var random: SplitMix64
  private(set) var ledger = SoakLedger()
  private var serial = 0
  private var recentSerials: [Int] = []
  private var sessions: [Session] = []
  private var oneOffs = 0
  private let queries: [String: [String]]

  /// One search box being typed into.
  private struct Session {
    var method: String
    var catalog: String
    var field: String
    var steps: [String]
    var debounce: Int
  }

  private static let demoQueries = [
    "macbook pro", "airpods max", "ipad mini", "iphone pro max", "apple watch", "mac mini", "homepod",
    "vision pro", "magic keyboard", "macbok", "ipd", "mbp", "#audio", "pro",
  ]
  private static let words = [
    "async", "http", "client", "server", "json", "parser", "data", "frame", "test", "runner", "cache", "queue",
    "graph", "plot", "image", "token", "model", "cloud", "auth", "crypto", "yaml", "config", "logger", "proxy",
  ]
  private static let tokens = ["web", "data", "tools"]

  private let titles: [String]

  init(seed: UInt64) {
    var generator = SplitMix64(seed: seed)
    var titles: [String] = []
    var seen: Set<String> = []
    while titles.count < 2_000 {
      var parts: [String] = []
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        parts.append(Self.words.randomElement(using: &generator) ?? "x")
      }
      let title = parts.joined(separator: ["-", " ", "_"].randomElement(using: &generator) ?? " ")
      if seen.insert(title).inserted { titles.append(title) }
    }
    var typed: [String] = []
    for _ in 0..<200 { typed.append(titles.randomElement(using: &generator) ?? "json") }
    self.titles = titles
    queries = ["default": Self.demoQueries, "words": typed]
    random = generator
  }

  /// The whole input: loading the generated catalog, then `messages` messages of the mix, one per line.
  mutating func input(messages: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes += Array(loadLine().utf8)
    var written = 0
    while written < messages {
      let (line, count) = message()
      bytes += line
      bytes.append(UInt8(ascii: "\n"))
      written += count
    }
    return bytes
  }

  private mutating func loadLine() -> String {
    let items: [JSONValue] = titles.enumerated().map { index, title in
      [
        "id": .string("w\(index)"), "title": .string(title),
        "tokens": [.string(Self.tokens[index % Self.tokens.count])],
      ]
    }
    let tokens: [JSONValue] = Self.tokens.map { ["id": .string($0), "label": .string($0.capitalized)] }
    ledger.catalogItems = ["default": DemoCatalog.items.count, "words": titles.count]
    return request(.load, "catalog/load", ["catalog": "words", "items": .array(items), "tokens": .array(tokens)])
      + "\n"
  }

  /// One line: a message, or now and then a batch.
  private mutating func message() -> (line: [UInt8], count: Int) {
    guard chance(1.5) else { return (member(inBatch: false), 1) }
    let size = Int.random(in: 2...6, using: &random)
    var members = (0..<size).map { _ in member(inBatch: true) }
    if chance(30) {
      members.append(Array("42".utf8))  // an invalid member: -32600 with id null inside the batch's reply
      ledger.expectNull(-32600)
    }
    return (Array("[".utf8) + Array(members.joined(separator: Array(",".utf8))) + Array("]".utf8), members.count)
  }

  private mutating func member(inBatch: Bool) -> [UInt8] {
    let roll = Double.random(in: 0..<100, using: &random)
    let catalog = chance(50) ? "default" : "words"
    switch roll {
    case ..<66: return Array(keystroke(inBatch: inBatch).utf8)
    case ..<68: return Array(oneOff(catalog: catalog, inBatch: inBatch).utf8)
    case ..<69:
      let text = queries[catalog]?.randomElement(using: &random) ?? "x"
      return Array(
        request(.recentsAdd(text: text), "recents/add", ["text": .string(text), "catalog": .string(catalog)]).utf8
      )
    case ..<71.5: return Array(request(.recentsList, "recents/list", ["catalog": .string(catalog)]).utf8)
    case ..<74: return Array(request(.stats(catalog: catalog), "catalog/stats", ["catalog": .string(catalog)]).utf8)
    case ..<80: return Array(cancel().utf8)
    case ..<85 where !inBatch: return garbage()
    case ..<87: return Array(request(.unknownMethod, "search/everything", [:]).utf8)
    case ..<88: return Array(request(.invalidParams, "search/filter", ["query": 5]).utf8)
    case ..<91: return Array(#"{"jsonrpc":"2.0","method":"$/setTrace","params":{"value":"off"}}"#.utf8)
    default: return Array(keystroke(inBatch: inBatch).utf8)
    }
  }

  private mutating func keystroke(inBatch: Bool) -> String {
    while sessions.count < 6 { sessions.append(newSession()) }
    let index = Int.random(in: 0..<sessions.count, using: &random)
    let text = sessions[index].steps.removeFirst()
    let session = sessions[index]
    if session.steps.isEmpty { sessions.remove(at: index) }
    return search(session.method, session.catalog, session.field, text, debounce: session.debounce, inBatch: inBatch)
  }

  private mutating func newSession() -> Session {
    let catalog = chance(50) ? "default" : "words"
    let query = queries[catalog]?.randomElement(using: &random) ?? "mac"
    let methods = ["search/complete", "search/complete", "search/filter", "search/tokens"]
    return Session(
      method: methods.randomElement(using: &random) ?? "search/complete",
      catalog: catalog,
      field: "f\(Int.random(in: 0..<4, using: &random))",
      steps: (1...query.count).map { String(query.prefix($0)) },
      debounce: [0, 0, 0, 1, 3].randomElement(using: &random) ?? 0
    )
  }

  private mutating func oneOff(catalog: String, inBatch: Bool) -> String {
    oneOffs += 1
    let text = String((queries[catalog]?.randomElement(using: &random) ?? "mac").prefix(3))
    return search("search/filter", catalog, "once-\(oneOffs)", text, debounce: 0, inBatch: inBatch)
  }

  private mutating func search(
    _ method: String,
    _ catalog: String,
    _ field: String,
    _ text: String,
    debounce: Int,
    inBatch: Bool
  ) -> String {
    var params: JSONObject = ["query": .string(text), "catalog": .string(catalog), "field": .string(field)]
    if debounce > 0 { params["debounceMs"] = .number(JSONNumber(debounce)) }
    if method == "search/filter" {
      params["limit"] = .number(JSONNumber([5, 20, 50].randomElement(using: &random) ?? 5))
    }
    let key = "\(method) \(catalog) \(field)"
    return request(.search(method: method, key: key), method, .object(params))
  }

  private mutating func cancel() -> String {
    let target = recentSerials.randomElement(using: &random) ?? 0
    ledger.cancelled.insert(target)
    return #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(Self.id(target).serializedString())}}"#
  }

  private mutating func garbage() -> [UInt8] {
    switch Int.random(in: 0..<5, using: &random) {
    case 0:
      ledger.expectNull(-32700)
      return Array(#"{"jsonrpc":"2.0","id":1,"method":"#.utf8)
    case 1:
      ledger.expectNull(-32700)
      return Array(#"{"jsonrpc":"2.0","id":2,"method":"search/complete","params":{"query":""#.utf8) + [0xFF, 0xFE]
        + Array(#""}}"#.utf8)
    case 2:
      ledger.expectNull(-32600)
      return Array((["42", #""text""#, "null", "true"].randomElement(using: &random) ?? "1").utf8)
    case 3:
      ledger.expectNull(-32600)
      return Array(#"{"jsonrpc":"1.0","id":{"a":1},"method":"catalog/stats"}"#.utf8)
    default:
      ledger.expectNull(-32700)
      return Array("not json at all".utf8)
    }
  }

  /// Records a request and returns its line (without newline).
  private mutating func request(_ kind: SoakLedger.Kind, _ method: String, _ params: JSONValue) -> String {
    serial += 1
    ledger.record(serial, kind)
    recentSerials.append(serial)
    if recentSerials.count > 32 { recentSerials.removeFirst() }
    let message: JSONValue = ["jsonrpc": "2.0", "id": Self.id(serial), "method": .string(method), "params": params]
    return message.serializedString()
  }

  private mutating func chance(_ percent: Double) -> Bool {
    Double.random(in: 0..<100, using: &random) < percent
  }

  /// The id of request `serial`: a number, or for one in sixteen a string.
  static func id(_ serial: Int) -> JSONValue {
    serial % 16 == 5 ? .string("q\(serial)") : .number(JSONNumber(serial))
  }
}

// MARK: - The checks

/// What was sent, and the checks of what came back.
private struct SoakLedger {
  enum Kind {
    case search(method: String, key: String)
    case recentsAdd(text: String)
    case recentsList
    case stats(catalog: String)
    case unknownMethod
    case invalidParams
    case load
  }

  private var kinds: [Int: Kind] = [:]
  /// The next valid query of the same key, per query.
  private var successor: [Int: Int] = [:]
  private var lastOfKey: [String: Int] = [:]
  private var nullExpected: [Int: Int] = [:]
  var cancelled: Set<Int> = []
  var catalogItems: [String: Int] = [:]

  mutating func record(_ serial: Int, _ kind: Kind) {
    kinds[serial] = kind
    if case .search(_, let key) = kind {
      if let previous = lastOfKey[key] { successor[previous] = serial }
      lastOfKey[key] = serial
    }
  }

  mutating func expectNull(_ code: Int) {
    nullExpected[code, default: 0] += 1
  }

  /// The problems found in `replies` (in the order they were written), and how many replies of each outcome.
  func check(_ replies: [JSONValue]) -> (problems: [String], counts: [String: Int]) {
    var state = CheckState()
    for reply in replies {
      if let members = reply.arrayValue {
        state.counts["batch", default: 0] += 1
        for member in members { check(member, inBatch: true, &state) }
      } else {
        check(reply, inBatch: false, &state)
      }
    }
    for serial in kinds.keys where state.answered[serial] == nil {
      state.problem("request \(serial) was never answered")
    }
    for (code, count) in nullExpected where state.nullReceived[code, default: 0] != count {
      state.problem("\(count) garbage messages expected \(code) with id null, got \(state.nullReceived[code] ?? 0)")
    }
    return (state.problems, state.counts)
  }

  private struct CheckState {
    var answered: [Int: Int] = [:]
    var newestReplied: [String: Int] = [:]
    var nullReceived: [Int: Int] = [:]
    var counts: [String: Int] = [:]
    var problems: [String] = []

    mutating func problem(_ text: String) {
      if problems.count < 30 { problems.append(text) }
    }
  }

  private func check(_ reply: JSONValue, inBatch: Bool, _ state: inout CheckState) {
    guard let id = reply["id"] else {
      state.problem("a reply without id: \(reply.serializedString())")
      return
    }
    if id == .null {
      let code = reply.errorCode ?? 0
      state.nullReceived[code, default: 0] += 1
      state.counts["\(code)", default: 0] += 1
      return
    }
    guard let serial = Self.serial(of: id), let kind = kinds[serial] else {
      state.problem("a reply to an id never sent: \(reply.serializedString())")
      return
    }
    state.answered[serial, default: 0] += 1
    guard state.answered[serial] == 1 else {
      state.problem("request \(id.serializedString()) answered again: \(reply.serializedString())")
      return
    }
    let outcome: String
    if let result = reply["result"], reply["error"] == nil {
      outcome = "result"
      if !isRight(result, for: kind) {
        state.problem("unexpected result for \(id.serializedString()): \(reply.serializedString().prefix(300))")
      }
    } else if let error = reply["error"] {
      outcome = errorOutcome(error, serial: serial, kind: kind)
      if outcome == "unexpected" {
        state.problem("unexpected error for \(id.serializedString()): \(reply.serializedString())")
      }
    } else {
      state.problem("neither result nor error: \(reply.serializedString())")
      return
    }
    state.counts[outcome, default: 0] += 1
    guard case .search(_, let key) = kind else { return }
    // A result is never written after a reply to a newer query of its field; neither is a supersession or a
    // cancellation, unless it waited in a batch for the batch's other members.
    let newest = state.newestReplied[key] ?? 0
    if serial < newest && (outcome == "result" || !inBatch) {
      state.problem("the \(outcome) of \(serial) (\(key)) was written after a reply to the newer \(newest)")
    }
    state.newestReplied[key] = max(newest, serial)
  }

  private func isRight(_ result: JSONValue, for kind: Kind) -> Bool {
    switch kind {
    case .search(let method, _):
      switch method {
      case "search/filter": return result["total"]?.int != nil && result["items"]?.arrayValue != nil
      case "search/complete": return result["sections"]?.arrayValue != nil
      default: return result["tokens"]?.arrayValue != nil
      }
    case .recentsAdd(let text):
      let recents = result["recents"]?.arrayValue ?? []
      return recents.first?["text"]?.stringValue == text && recents.count <= 5
    case .recentsList: return result["recents"]?.arrayValue != nil
    case .stats(let catalog): return result["items"]?.int == catalogItems[catalog]
    case .load: return result["items"]?.int == catalogItems["words"]
    case .unknownMethod, .invalidParams: return false
    }
  }

  private func errorOutcome(_ error: JSONValue, serial: Int, kind: Kind) -> String {
    let code = error["code"]?.int
    let message = error["message"]?.stringValue
    switch (code, message, kind) {
    case (-32800, "superseded by a newer query in the same field", .search):
      let by = successor[serial].map(SoakWorkload.id) ?? .null
      return error["data"] == ["reason": "superseded", "by": by] ? "superseded" : "unexpected"
    case (-32800, "request cancelled by the client", _):
      return cancelled.contains(serial) && error["data"] == nil ? "cancelled" : "unexpected"
    case (-32601, _, .unknownMethod): return "method not found"
    case (-32602, _, .invalidParams): return "invalid params"
    default: return "unexpected"
    }
  }

  private static func serial(of id: JSONValue) -> Int? {
    if let number = id.int { return number }
    guard let text = id.stringValue, text.hasPrefix("q") else { return nil }
    return Int(text.dropFirst())
  }
}
