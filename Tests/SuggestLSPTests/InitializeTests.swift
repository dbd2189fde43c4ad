import JSONKit
import Locking
import RPCTestSupport
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// `initialize` (position-encoding negotiation, `initializationOptions`, server info), `initialized`, `shutdown`,
/// `exit`.
@Suite(.scaledTimeLimit(minutes: 1)) struct InitializeTests {
  private static func offering(_ encodings: [String]) -> JSONValue {
    ["capabilities": ["general": ["positionEncodings": encodings.json]]]
  }

  @Test(
    "the first offered encoding the daemon supports wins; none supported gives utf-16",
    arguments: [
      (["utf-8", "utf-16"], "utf-8"), (["utf-16", "utf-8"], "utf-16"), (["utf-32"], "utf-32"),
      (["utf-32", "utf-8"], "utf-32"), (["utf-7"], "utf-16"), (["latin-1", "ucs-2"], "utf-16"),
      (["utf-7", "utf-8"], "utf-8"), (["UTF-8"], "utf-16"),
    ]
  )
  func negotiation(offered: [String], chosen: String) async throws {
    // A command-line default other than utf-16 shows that a client that offers encodings never gets it.
    let daemon = try await TestDaemon(["--position-encoding", "utf-32"])
    let result = try await daemon.result("initialize", Self.offering(offered))
    #expect(result["capabilities"]?["positionEncoding"] == .string(chosen))
    #expect(daemon.server.settings.withLock { $0.positionEncoding.rawValue } == chosen)
    await daemon.finish()
  }

  @Test(
    "a client that offers no encodings gets the --position-encoding default (utf-16 without the flag)",
    arguments: [nil, "utf-8", "utf-16", "utf-32"]
  )
  func noOffer(flag: String?) async throws {
    // No capabilities, capabilities without `general`, `general` without encodings, and `params: null`.
    for params: JSONValue in [
      [:], ["capabilities": [:]], ["capabilities": []], ["capabilities": ["general": [:]]], nil,
    ] {
      let daemon = try await TestDaemon(flag.map { ["--position-encoding", $0] } ?? [])
      let result = try await daemon.result("initialize", params)
      #expect(result["capabilities"]?["positionEncoding"] == .string(flag ?? "utf-16"), "\(params.serializedString())")
      await daemon.finish()
    }
  }

  @Test("the negotiated encoding is the one highlights use")
  func negotiatedEncodingIsUsed() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("initialize", Self.offering(["utf-8"]))
    _ = try await daemon.result("catalog/load", ["items": [["title": "Ünïcödé Straße"]]])
    let item = try await daemon.result("search/filter", ["query": "strasse"])["items"]?[0]
    // "Ünïcödé " is 8 scalars but 12 UTF-8 bytes.
    #expect(item?["matches"]?.ranges == [12..<19])
    await daemon.finish()
  }

  @Test("initializationOptions set the debounce, the recents cap and the fallback encoding; the result reports them")
  func initializationOptions() async throws {
    let daemon = try await TestDaemon()
    let result = try await daemon.result(
      "initialize",
      ["initializationOptions": ["debounceMs": 60_000, "maxRecents": 7, "positionEncoding": "utf-8"]]
    )
    #expect(result["capabilities"]?["positionEncoding"] == "utf-8")
    let suggest = result["capabilities"]?["suggest"]
    #expect(suggest?["debounceMs"] == 60_000)
    #expect(suggest?["maxRecents"] == 7)
    #expect(suggest?["catalogs"] == ["default"])
    #expect(Set(suggest?["methods"]?.strings() ?? []) == Set(daemon.server.methodNames))
    #expect(
      daemon.server.settings.withLock { $0 }
        == ServerSettings(
          positionEncoding: .utf8,
          debounceMilliseconds: 60_000,
          maxRecents: 7,
          hasInitialized: true
        )
    )
    // The debounce applies to queries that name none: the first is held, so the second supersedes it.
    daemon.send(1, "search/complete", ["query": "m"])
    daemon.send(2, "search/complete", ["query": "ma", "debounceMs": 0])
    let replies = await daemon.waitForReplies(count: 3, timeout: .seconds(20)).dropFirst()
    #expect(replies.first?["id"] == 1)
    #expect(replies.first?["error"]?["data"] == ["reason": "superseded", "by": 2])
    #expect(replies.last?["result"] != nil)
    // The recents cap applies.
    for index in 1...9 { _ = try await daemon.result("recents/add", ["text": .string("r\(index)")]) }
    #expect(try await daemon.result("recents/list")["recents"]?.arrayValue?.count == 7)
    await daemon.finish()
  }

  @Test("offered encodings win over initializationOptions.positionEncoding")
  func offeredWinsOverOption() async throws {
    let daemon = try await TestDaemon()
    var params = Self.offering(["utf-32"])
    if case .object(var object) = params {
      object.append(key: "initializationOptions", value: ["positionEncoding": "utf-8"])
      params = .object(object)
    }
    #expect(try await daemon.result("initialize", params)["capabilities"]?["positionEncoding"] == "utf-32")
    await daemon.finish()
  }

  @Test(
    "bad initialize params are -32602 naming the field",
    arguments: [
      (["initializationOptions": ["debounceMs": -1]], "params.initializationOptions.debounceMs: expected an integer"),
      (
        ["initializationOptions": ["debounceMs": 60_001]],
        "params.initializationOptions.debounceMs: expected an integer"
      ),
      (
        ["initializationOptions": ["debounceMs": "fast"]],
        "params.initializationOptions.debounceMs: expected an integer"
      ),
      (["initializationOptions": ["maxRecents": -3]], "params.initializationOptions.maxRecents: expected an integer"),
      (["initializationOptions": ["maxRecents": 1.5]], "params.initializationOptions.maxRecents: expected an integer"),
      (["initializationOptions": ["positionEncoding": "utf-7"]], "params.initializationOptions.positionEncoding"),
      (["initializationOptions": 5], "params.initializationOptions: expected an object"),
      (["capabilities": ["general": ["positionEncodings": "utf-8"]]], "params.capabilities.general.positionEncodings"),
      (["capabilities": ["general": ["positionEncodings": [8]]]], "params.capabilities.general.positionEncodings[0]"),
      (["capabilities": [1]], "params.capabilities: expected an object"),
    ] as [(JSONValue, String)]
  )
  func invalidParams(params: JSONValue, message: String) async throws {
    let daemon = try await TestDaemon()
    let error = try await daemon.error("initialize", params)
    #expect(error["code"] == -32602)
    #expect(error["message"]?.stringValue?.hasPrefix(message) == true, "\(error.serializedString())")
    // Nothing changed.
    #expect(
      daemon.server.settings.withLock { $0 }
        == ServerSettings(positionEncoding: .utf16, debounceMilliseconds: 0, maxRecents: 5)
    )
    await daemon.finish()
  }

  @Test("serverInfo names the daemon and its version")
  func serverInfo() async throws {
    let daemon = try await TestDaemon()
    let result = try await daemon.result("initialize", ["processId": nil, "clientInfo": ["name": "test"]])
    #expect(result["serverInfo"] == ["name": "suggest-lsp", "version": .string(SuggestServer.version)])
    #expect(!SuggestServer.version.isEmpty)
    await daemon.finish()
  }

  @Test("a second initialize is -32600 and changes nothing; initialized is never answered")
  func secondInitialize() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("initialize", ["initializationOptions": ["debounceMs": 10]])
    daemon.notify("initialized")
    let second = try await daemon.error("initialize", ["initializationOptions": ["debounceMs": 20]])
    #expect(second["code"] == -32600)
    #expect(daemon.server.settings.withLock { $0.debounceMilliseconds } == 10)
    // initialized again, or before anything: still no reply.
    daemon.notify("initialized", nil)
    let (status, replies) = await daemon.finish()
    #expect(status == 0)
    #expect(replies.count == 2)
  }

  @Test("an initialize refused for its params had no effect, so the client can send a corrected one")
  func retryAfterInvalidInitialize() async throws {
    let daemon = try await TestDaemon()
    let refused = try await daemon.error("initialize", ["initializationOptions": ["debounceMs": -1]])
    #expect(refused["code"] == -32602)
    let retried = try await daemon.result("initialize", ["initializationOptions": ["debounceMs": 5]])
    #expect(retried["capabilities"]?["suggest"]?["debounceMs"] == 5)
    #expect(try await daemon.error("initialize")["code"] == -32600)
    await daemon.finish()
  }

  @Test("shutdown answers null; every later request is -32600; exit then ends with status 0")
  func shutdownThenExit() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("initialize")
    _ = try await daemon.result("recents/add", ["text": "kept"])
    let shutdown = try await daemon.call("shutdown")
    #expect(shutdown["result"] == .null)
    #expect(shutdown["error"] == nil)
    for method in ["search/complete", "recents/list", "catalog/stats", "initialize", "shutdown"] {
      let error = try await daemon.error(method, ["query": "x"])
      #expect(error["code"] == -32600, "\(method)")
    }
    daemon.notify("exit")
    let (status, replies) = await daemon.harness.waitForExit()
    #expect(status == 0)
    #expect(replies.count == 8)
  }

  @Test("shutdown and exit written together: the requests before them answered, shutdown's null, status 0")
  func pipelinedShutdownAndExit() async throws {
    let daemon = try await TestDaemon()
    var text = ""
    for id in 1...20 { text += TestDaemon.line(id, "search/filter", ["query": "i", "field": .string("f\(id)")]) }
    text += TestDaemon.line(21, "recents/add", ["text": "before shutdown"])
    text += TestDaemon.line(22, "shutdown") + #"{"jsonrpc":"2.0","method":"exit"}"# + "\n"
    daemon.write(text)
    let (status, replies) = await daemon.harness.waitForExit()
    #expect(status == 0)
    #expect(replies.count == 22)
    for id in 1...21 {
      let reply = replies.first { $0["id"] == .number(JSONNumber(id)) }
      #expect(reply?["result"] != nil, "\(reply?.serializedString() ?? "no reply to \(id)")")
    }
    #expect(replies.last?["id"] == 22)
    #expect(replies.last?["result"] == .null)
  }

  @Test("exit without shutdown ends with status 1, answering what is pending with -32800")
  func exitWithoutShutdown() async throws {
    let daemon = try await TestDaemon()
    daemon.send(1, "search/complete", ["query": "ipad", "debounceMs": 60_000])
    daemon.notify("exit")
    let (status, replies) = await daemon.harness.waitForExit()
    #expect(status == 1)
    #expect(replies.count == 1)
    #expect(replies.first?["id"] == 1)
    #expect(replies.first?["error"]?["code"] == -32800)
  }

  @Test("no initialize at all: every method works with the defaults, and end of input exits 0")
  func noHandshake() async throws {
    let daemon = try await TestDaemon()
    #expect(try await daemon.result("search/complete", ["query": "ipad"]).section("suggestions")?.isEmpty == false)
    #expect(try await daemon.result("recents/add", ["text": "x"])["recents"]?.arrayValue?.count == 1)
    let (status, _) = await daemon.finish()
    #expect(status == 0)
  }
}
