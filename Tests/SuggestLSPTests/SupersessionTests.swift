import JSONKit
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// Debouncing and stale queries (contract §6): the product's reason to exist.
///
/// Determinism comes from `debounceMs`: a query held for a minute cannot finish before the next keystroke arrives,
/// so it is superseded every time, and a test that waits for its answer fails by timeout if supersession does not
/// answer it at once.
@Suite(.scaledTimeLimit(minutes: 1)) struct SupersessionTests {
  /// A minute: far longer than any test waits.
  static let held: JSONValue = 60_000

  /// Every prefix of `text`, as typed.
  static func keystrokes(_ text: String) -> [String] {
    (1...text.count).map { String(text.prefix($0)) }
  }

  @Test("a typing session: each keystroke supersedes the previous one, which never runs; the last one answers")
  func typingSession() async throws {
    let daemon = try await TestDaemon()
    let typed = Self.keystrokes("macbook pro")
    var queries: [SupersessionCheck.Query] = []
    for (index, text) in typed.enumerated() {
      let id = index + 1
      let isLast = id == typed.count
      let params: JSONValue = ["query": .string(text), "debounceMs": isLast ? 0 : Self.held]
      daemon.write(TestDaemon.line(id, "search/complete", params))
      queries.append(SupersessionCheck.Query(id: id, key: "complete/default"))
      if !isLast {
        // Each keystroke's predecessor is answered as soon as the keystroke arrives, before anything else happens.
        let replies = await daemon.waitForReplies(count: index, timeout: .seconds(20))
        #expect(replies.count == index)
      }
    }
    let replies = await daemon.waitForReplies(count: typed.count, timeout: .seconds(20))
    #expect(SupersessionCheck(queries: queries).violations(in: replies) == [])
    // Written in keystroke order: 1 superseded by 2, 2 by 3, …, then the last one's result.
    #expect(replies.compactMap { $0["id"]?.int } == Array(1...typed.count))
    let last = try #require(replies.last?["result"])
    #expect(last.section("suggestions")?.first?["label"] == "MacBook Pro")
    // Only the last query ever ran.
    #expect(daemon.server.scheduler.startedCount == 1)
    let (status, all) = await daemon.finish()
    #expect(status == 0)
    #expect(all.count == typed.count)
  }

  @Test("the same session written in one burst: the same answers")
  func typingBurst() async throws {
    let daemon = try await TestDaemon()
    let typed = Self.keystrokes("ipad mini")
    var text = ""
    var queries: [SupersessionCheck.Query] = []
    for (index, query) in typed.enumerated() {
      let isLast = index == typed.count - 1
      text += TestDaemon.line(
        index + 1,
        "search/filter",
        ["query": .string(query), "debounceMs": isLast ? 0 : Self.held]
      )
      queries.append(SupersessionCheck.Query(id: index + 1, key: "filter/default"))
    }
    daemon.write(text)
    let replies = await daemon.waitForReplies(count: typed.count, timeout: .seconds(20))
    #expect(SupersessionCheck(queries: queries).violations(in: replies) == [])
    #expect(replies.last?["result"]?["items"]?[0]?["title"] == "iPad mini")
    #expect(daemon.server.scheduler.startedCount == 1)
    await daemon.finish()
  }

  @Test("different fields, methods and catalogs never supersede each other")
  func independentKeys() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("catalog/load", ["catalog": "other", "items": [["title": "Other thing"]]])
    let keys: [(method: String, params: JSONValue, key: String)] = [
      ("search/complete", ["field": "a"], "complete/default/a"),
      ("search/complete", ["field": "b"], "complete/default/b"),
      ("search/filter", ["field": "a"], "filter/default/a"),
      ("search/tokens", ["field": "a"], "tokens/default/a"),
      ("search/complete", ["field": "a", "catalog": "other"], "complete/other/a"),
      ("search/filter", [:], "filter/default/default"),
    ]
    // Round one: every key's query held; round two: every key's query at once, in the same order. Were two keys
    // confused, a round-one query would be superseded by the other key's query that arrived right after it.
    var queries: [SupersessionCheck.Query] = []
    var text = ""
    for round in 0..<2 {
      for (index, key) in keys.enumerated() {
        let id = round * 100 + index + 1
        var params = key.params
        if case .object(var object) = params {
          object.append(key: "query", value: "o")
          object.append(key: "debounceMs", value: round == 0 ? Self.held : 0)
          params = .object(object)
        }
        text += TestDaemon.line(id, key.method, params)
        queries.append(SupersessionCheck.Query(id: id, key: key.key))
      }
    }
    daemon.write(text)
    // The first reply is catalog/load's.
    let replies = await daemon.waitForReplies(count: 1 + queries.count, timeout: .seconds(20)).dropFirst()
    #expect(SupersessionCheck(queries: queries).violations(in: Array(replies)) == [])
    for (index, _) in keys.enumerated() {
      let first = replies.first { $0["id"] == .number(JSONNumber(index + 1)) }
      #expect(first?["error"]?["data"]?["by"] == .number(JSONNumber(100 + index + 1)))
    }
    #expect(daemon.server.scheduler.startedCount == keys.count)
    await daemon.finish()
  }

  @Test("string and huge integer ids are echoed exactly in `by`; keystrokes in one batch supersede each other")
  func idsAndBatches() async throws {
    let daemon = try await TestDaemon()
    let huge = try #require(JSONNumber(literal: "9007199254740993"))
    let negativeZero = try #require(JSONNumber(literal: "-0"))
    let ids: [JSONValue] = ["k-1", .number(huge), "", .number(negativeZero)]
    var batch: [JSONValue] = []
    for (index, id) in ids.enumerated() {
      let isLast = index == ids.count - 1
      batch.append([
        "jsonrpc": "2.0", "id": id, "method": "search/complete",
        "params": ["query": .string(String("ipad".prefix(index + 1))), "debounceMs": isLast ? 0 : Self.held],
      ])
    }
    daemon.write(JSONValue.array(batch).serializedString() + "\n")
    let replies = await daemon.waitForReplies(count: 1, timeout: .seconds(20))
    #expect(replies.count == 1)
    let answers = try #require(replies.first?.arrayValue)
    #expect(answers.count == ids.count)
    for (index, id) in ids.enumerated() {
      let answer = try #require(answers.first { $0["id"] == id })
      if index < ids.count - 1 {
        #expect(answer["error"]?["data"] == ["reason": "superseded", "by": ids[index + 1]], "\(id)")
      } else {
        #expect(answer["result"]?.section("suggestions")?.first?["label"] == "iPad")
      }
    }
    // The exact literal text of the ids is echoed, byte for byte.
    let raw = String(decoding: daemon.rawOutput, as: UTF8.self)
    #expect(raw.contains(#""by":9007199254740993"#))
    #expect(raw.contains(#""by":-0"#))
    await daemon.finish()
  }

  @Test("a query superseded while it waits never runs; one that already answered is not answered again")
  func neverRuns() async throws {
    let daemon = try await TestDaemon()
    // An answered query: a later keystroke in its field does not produce a second reply for it.
    let answered = try await daemon.call("search/complete", ["query": "ip"])
    #expect(answered["result"] != nil)
    #expect(daemon.server.scheduler.startedCount == 1)
    daemon.send(1, "search/complete", ["query": "ipa", "debounceMs": Self.held])
    daemon.send(2, "search/complete", ["query": "ipad", "debounceMs": Self.held])
    daemon.send(3, "search/complete", ["query": "ipad ", "debounceMs": Self.held])
    let superseded = await daemon.waitForReplies(count: 3)
    #expect(superseded.dropFirst().map { $0["id"] } == [1, 2])
    #expect(daemon.server.scheduler.startedCount == 1)
    // The held one is still pending: a keystroke that does not wait releases the field.
    daemon.send(4, "search/complete", ["query": "ipad m", "debounceMs": 0])
    let all = await daemon.waitForReplies(count: 5)
    #expect(all.dropFirst(3).map { $0["id"] } == [3, 4])
    #expect(all.last?["result"]?.section("suggestions")?.first?["label"] == "iPad mini")
    #expect(daemon.server.scheduler.startedCount == 2)
    let (status, final) = await daemon.finish()
    #expect(status == 0)
    #expect(final.count == 5)
  }

  @Test("$/cancelRequest of a debounced query answers it at once with -32800, and it never runs")
  func cancelDebounced() async throws {
    let daemon = try await TestDaemon()
    daemon.send(1, "search/filter", ["query": "mac", "debounceMs": Self.held])
    daemon.notify("$/cancelRequest", ["id": 1])
    let replies = await daemon.waitForReplies(count: 1, timeout: .seconds(20))
    let reply = try #require(replies.first)
    #expect(reply["id"] == 1)
    #expect(reply["error"]?["code"] == -32800)
    #expect(reply["error"]?["data"]?["reason"] != "superseded")
    // The field is free again: the next query answers and does not mention the cancelled one.
    let next = try await daemon.call("search/filter", ["query": "mac"])
    #expect(next["result"]?["total"] != 0)
    #expect(daemon.server.scheduler.startedCount == 1)
    // Cancelling an unknown or finished id changes nothing.
    daemon.notify("$/cancelRequest", ["id": 1])
    daemon.notify("$/cancelRequest", ["id": 999])
    let (_, all) = await daemon.finish()
    #expect(all.count == 2)
  }

  @Test("--debounce-ms holds every query that names no debounce of its own")
  func commandLineDebounce() async throws {
    let daemon = try await TestDaemon(["--debounce-ms", "60000"])
    daemon.send(1, "search/complete", ["query": "a"])
    daemon.send(2, "search/complete", ["query": "ai", "debounceMs": 0])
    let replies = await daemon.waitForReplies(count: 2, timeout: .seconds(20))
    #expect(SupersessionCheck(queries: [.init(id: 1, key: "k"), .init(id: 2, key: "k")]).violations(in: replies) == [])
    #expect(daemon.server.scheduler.startedCount == 1)
    await daemon.finish()
  }

  @Test(
    "under load: thousands of keystrokes over several fields and methods, each answered once, never a stale result",
    arguments: [(1, false), (2, true), (3, true)]
  )
  func load(seed: UInt64, paced: Bool) async throws {
    let daemon = try await TestDaemon()
    var random = SplitMix64(seed: seed)
    let words = ["macbook pro", "ipad mini", "airpods max", "magic keyboard", "apple watch", "homepod", "vision"]
    let methods = ["search/complete", "search/filter", "search/tokens"]
    let fields = ["a", "b", "c"]
    var queries: [SupersessionCheck.Query] = []
    var lines: [String] = []
    var typing: [String: (word: String, typed: Int)] = [:]
    for id in 1...3_000 {
      let method = methods[Int(random.next() % UInt64(methods.count))]
      let field = fields[Int(random.next() % UInt64(fields.count))]
      let key = "\(method)/\(field)"
      var state = typing[key] ?? (words[Int(random.next() % UInt64(words.count))], 0)
      state.typed += 1
      if state.typed > state.word.count { state = (words[Int(random.next() % UInt64(words.count))], 1) }
      typing[key] = state
      let query = String(state.word.prefix(state.typed))
      lines.append(TestDaemon.line(id, method, ["query": .string(query), "field": .string(field)]))
      queries.append(SupersessionCheck.Query(id: id, key: key))
    }
    if paced {
      // Small bursts, each sent once everything but the newest query of each key is answered: the newest ones are
      // then often running when the next keystrokes of their field arrive, so results and supersessions race.
      var sent = 0
      // A cancelled test (past its time limit) stops writing: its waits return at once, and it would fill the pipe
      // and block its pool thread on the write.
      while sent < lines.count && !Task.isCancelled {
        let size = 1 + Int(random.next() % 12)
        daemon.write(lines[sent..<min(lines.count, sent + size)].joined())
        sent = min(lines.count, sent + size)
        _ = await daemon.waitForReplies(count: sent - methods.count * fields.count)
      }
    } else {
      daemon.writeInBackground(lines.joined())
    }
    let replies = await daemon.waitForReplies(count: queries.count, timeout: .seconds(50))
    let violations = SupersessionCheck(queries: queries).violations(in: replies)
    #expect(violations.isEmpty, "\(violations.prefix(10))")
    let (status, all) = await daemon.finish()
    #expect(status == 0)
    #expect(all.count == queries.count)
  }
}
