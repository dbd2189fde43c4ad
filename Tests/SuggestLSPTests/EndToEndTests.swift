import Foundation
import JSONKit
import Locking
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// The real `suggest-lsp` binary over pipes: shell use, LSP framing, lifecycle and exit statuses, bursts, the command
/// line, persistence across `kill -9`, and stdout hygiene.
@Suite(.scaledTimeLimit(minutes: 1)) struct EndToEndTests {
  /// Runs the binary to completion with `input` on stdin.
  private static func run(
    _ arguments: [String],
    input: String = ""
  ) throws -> (
    status: Int32, stdout: String, stderr: String
  ) {
    let process = Process()
    process.executableURL = DaemonProcess.executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let errors = Locked<Data>(Data())
    let errorReader = Thread { errors.withLock { $0 = stderr.fileHandleForReading.readDataToEndOfFile() } }
    errorReader.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorReader.isFinished { usleep(1_000) }
    return (
      process.terminationStatus, String(decoding: output, as: UTF8.self),
      String(decoding: errors.withLock { $0 }, as: UTF8.self)
    )
  }

  /// Splits LSP output into bodies, requiring exactly `Content-Length: N\r\n\r\n` before each.
  private static func exactLSPFrames(_ bytes: [UInt8]) -> [JSONValue]? {
    var frames: [JSONValue] = []
    var index = 0
    let prefix = Array("Content-Length: ".utf8)
    while index < bytes.count {
      guard bytes.count - index > prefix.count, Array(bytes[index..<index + prefix.count]) == prefix else { return nil }
      index += prefix.count
      var length = 0
      var digits = 0
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        length = length * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        index += 1
        digits += 1
      }
      guard digits > 0, bytes.count - index >= 4 + length, Array(bytes[index..<index + 4]) == Array("\r\n\r\n".utf8)
      else { return nil }
      index += 4
      guard let body = try? JSONParser().parse(Array(bytes[index..<index + length])) else { return nil }
      frames.append(body)
      index += length
    }
    return frames
  }

  /// Every stdout line as a JSON-RPC response object, or `nil` when any byte is not part of one.
  private static func exactNDJSON(_ bytes: [UInt8]) -> [JSONValue]? {
    guard bytes.last == UInt8(ascii: "\n") else { return bytes.isEmpty ? [] : nil }
    var messages: [JSONValue] = []
    for line in bytes.dropLast().split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      guard let value = try? JSONParser().parse(Array(line)), value["jsonrpc"] == "2.0" else { return nil }
      messages.append(value)
    }
    return messages
  }

  @Test("NDJSON from a shell pipe prints a real answer and exits 0")
  func shellPipe() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    let request = #"{"jsonrpc":"2.0","id":1,"method":"search/complete","params":{"query":"ip"}}"#
    process.arguments = ["-c", "echo '\(request)' | \"$SUGGEST_LSP\""]
    process.environment = ["SUGGEST_LSP": DaemonProcess.executable.path, "PATH": "/usr/bin:/bin"]
    let stdout = Pipe()
    process.standardOutput = stdout
    try process.run()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let messages = try #require(Self.exactNDJSON(Array(output)))
    #expect(messages.count == 1)
    let result = try #require(messages.first?["result"])
    #expect(messages.first?["id"] == 1)
    let labels = result.section("suggestions")?.strings("label") ?? []
    #expect(labels.count == 5)
    #expect(labels.allSatisfy { $0.lowercased().hasPrefix("ip") })
  }

  @Test("LSP framing: initialize, initialized, a search, shutdown, exit; every reply exactly Content-Length + body")
  func lspSession() async throws {
    let daemon = try DaemonProcess()
    func frame(_ message: JSONValue) -> String {
      let body = message.serializedString()
      return "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }
    daemon.send(
      frame([
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": ["capabilities": ["general": ["positionEncodings": ["utf-8", "utf-16"]]]],
      ])
    )
    daemon.send(frame(["jsonrpc": "2.0", "method": "initialized", "params": [:]]))
    // Headers in another case, with a Content-Type, and a body with non-ASCII text.
    let searchMessage: JSONValue = ["jsonrpc": "2.0", "id": 2, "method": "search/complete", "params": ["query": "mäc"]]
    let search = searchMessage.serializedString()
    daemon.send(
      "content-length: \(search.utf8.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n\(search)"
    )
    daemon.send(frame(["jsonrpc": "2.0", "id": 3, "method": "shutdown"]))
    daemon.send(frame(["jsonrpc": "2.0", "method": "exit"]))
    let (status, _) = await daemon.waitForExit()
    #expect(status == 0)
    let frames = try #require(
      Self.exactLSPFrames(daemon.rawOutput),
      "\(String(decoding: daemon.rawOutput, as: UTF8.self))"
    )
    // Replies may come in any order, but shutdown answers after everything before it.
    #expect(Set(frames.compactMap { $0["id"]?.int }) == [1, 2, 3])
    #expect(frames.count == 3)
    #expect(frames.last?["id"] == 3)
    #expect(frames.last?["result"] == .null)
    let initialize = frames.first { $0["id"] == 1 }?["result"]
    #expect(initialize?["capabilities"]?["positionEncoding"] == "utf-8")
    #expect(initialize?["serverInfo"]?["name"] == "suggest-lsp")
    let found = frames.first { $0["id"] == 2 }?["result"]
    #expect(found?.section("suggestions")?.first?["label"]?.stringValue?.hasPrefix("Mac") == true)
  }

  @Test("exit without shutdown: status 1")
  func exitWithoutShutdown() throws {
    let input = [
      TestDaemon.line(1, "search/filter", ["query": "mac"]), #"{"jsonrpc":"2.0","method":"exit"}"# + "\n",
    ].joined()
    let (status, stdout, _) = try Self.run([], input: input)
    #expect(status == 1)
    #expect(Self.exactNDJSON(Array(stdout.utf8)) != nil)
  }

  @Test("end of input: every pending request is answered, then status 0")
  func endOfInput() throws {
    var input = ""
    for id in 1...50 { input += TestDaemon.line(id, "search/filter", ["query": "i", "field": .string("f\(id)")]) }
    input += TestDaemon.line(51, "recents/add", ["text": "last words"])
    input += TestDaemon.line(52, "search/complete", ["query": "ipad", "debounceMs": 50])
    input += TestDaemon.line(53, "no/such/method")
    let (status, stdout, _) = try Self.run([], input: input)
    #expect(status == 0)
    let replies = try #require(Self.exactNDJSON(Array(stdout.utf8)))
    #expect(Set(replies.compactMap { $0["id"]?.int }) == Set(1...53))
    #expect(replies.count == 53)
    #expect(replies.first { $0["id"] == 53 }?["error"]?["code"] == -32601)
    #expect(replies.first { $0["id"] == 52 }?["result"] != nil)
  }

  @Test("a 10,000-request burst: each request answered exactly once, keystroke queries never stale")
  func burst() async throws {
    let daemon = try DaemonProcess()
    var text = ""
    var queries: [SupersessionCheck.Query] = []
    let typed = ["magic keyboard", "airpods pro", "iphone pro max"]
    for id in 1...10_000 {
      switch id % 10 {
      case 7: text += TestDaemon.line(id, "catalog/stats")
      case 8: text += TestDaemon.line(id, "recents/list")
      case 9: text += TestDaemon.line(id, "unknown/method")
      default:
        let field = id % 3
        let word = typed[field]
        let query = String(word.prefix(1 + (id / 3) % word.count))
        text += TestDaemon.line(id, "search/complete", ["query": .string(query), "field": .string("f\(field)")])
        queries.append(SupersessionCheck.Query(id: id, key: "f\(field)"))
      }
    }
    daemon.sendInBackground(Array(text.utf8), thenClose: true)
    let (status, replies) = await daemon.waitForExit()
    #expect(status == 0)
    #expect(replies.count == 10_000)
    var seen = [Int](repeating: 0, count: 10_001)
    for reply in replies { if let id = reply["id"]?.int, (1...10_000).contains(id) { seen[id] += 1 } }
    #expect(seen.dropFirst().allSatisfy { $0 == 1 })
    let searchIDs = Set(queries.map(\.id))
    let searchReplies = replies.filter { searchIDs.contains($0["id"]?.int ?? 0) }
    let violations = SupersessionCheck(queries: queries).violations(in: searchReplies)
    #expect(violations.isEmpty, "\(violations.prefix(5))")
    #expect(replies.filter { $0["error"]?["code"] == -32601 }.count == 1_000)
    #expect(replies.filter { $0["result"]?["items"] == 34 }.count == 1_000)
  }

  @Test("a typing session over stdio: every keystroke but the last superseded at once, by the next")
  func typingSession() async throws {
    let daemon = try DaemonProcess()
    let typed = SupersessionTests.keystrokes("airpods max")
    var queries: [SupersessionCheck.Query] = []
    for (index, text) in typed.enumerated() {
      let isLast = index == typed.count - 1
      daemon.request(index + 1, "search/complete", ["query": .string(text), "debounceMs": isLast ? 0 : 60_000])
      queries.append(SupersessionCheck.Query(id: index + 1, key: "k"))
    }
    let replies = await daemon.waitForReplies(count: typed.count, timeout: .seconds(20))
    #expect(SupersessionCheck(queries: queries).violations(in: replies) == [])
    #expect(replies.last?["result"]?.section("suggestions")?.first?["label"] == "AirPods Max")
    let (status, _) = await daemon.finish()
    #expect(status == 0)
  }

  @Test("--help lists every flag and exits 0; --version prints the version")
  func helpAndVersion() throws {
    let help = try Self.run(["--help"])
    #expect(help.status == 0)
    for flag in [
      "--catalog", "--state-dir", "--framing", "--debounce-ms", "--max-recents", "--max-message-bytes",
      "--position-encoding", "--log-level", "--help", "--version", "--cache-dir", "--no-cache",
    ] {
      #expect(help.stdout.contains(flag), "\(flag)")
    }
    #expect(help.stdout.contains("search/complete"))
    let short = try Self.run(["-h"])
    #expect(short.status == 0)
    #expect(short.stdout == help.stdout)
    let version = try Self.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == "suggest-lsp \(SuggestServer.version)\n")
  }

  @Test(
    "a bad command line: status 2, the message on stderr, nothing on stdout",
    arguments: [
      (["--bogus"], "unknown option '--bogus'"), (["--framing", "xml"], "--framing expects auto, lsp or ndjson"),
      (["--debounce-ms"], "--debounce-ms needs a value"), (["--max-recents", "-1"], "--max-recents expects"),
    ]
  )
  func badFlag(arguments: [String], message: String) throws {
    let (status, stdout, stderr) = try Self.run(arguments)
    #expect(status == 2)
    #expect(stdout.isEmpty)
    #expect(stderr.contains(message), "\(stderr)")
  }

  @Test("a missing or unreadable --catalog: status 2 with the path in the message")
  func badCatalog() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.file("missing.tsv")
    let folder = directory.file("folder.json")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let unsupported = try directory.write("table.csv", "a,b\n")
    for path in [missing, folder, unsupported] {
      let (status, stdout, stderr) = try Self.run(["--no-cache", "--catalog", path])
      #expect(status == 2, "\(path)")
      #expect(stdout.isEmpty)
      #expect(stderr.contains(path), "\(stderr)")
    }
  }

  @Test("--catalog serves a TSV file instead of the demo")
  func catalogFile() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write(
      "packages.tsv",
      "name\tversion\tsummary\nrequests\t2.31\tHTTP for Humans\nrequests-oauthlib\t1.3\tOAuthlib for Requests\n"
        + "flask\t3.0\tA micro web framework\n"
    )
    let input = [
      TestDaemon.line(1, "search/filter", ["query": "reqeusts"]), TestDaemon.line(2, "catalog/stats"),
      TestDaemon.line(3, "search/filter", ["query": "ipad", "field": "x"]),
    ].joined()
    let (status, stdout, _) = try Self.run(["--no-cache", "--catalog", path], input: input)
    #expect(status == 0)
    let replies = try #require(Self.exactNDJSON(Array(stdout.utf8)))
    let hits = replies.first { $0["id"] == 1 }?["result"]?["items"]
    #expect(hits?[0]?["title"] == "requests")
    #expect(hits?[0]?["subtitle"] == "HTTP for Humans")
    #expect(replies.first { $0["id"] == 2 }?["result"]?["items"] == 3)
    #expect(replies.first { $0["id"] == 3 }?["result"]?["total"] == 0)
  }

  @Test("recents survive kill -9 right after the reply")
  func killNine() async throws {
    let directory = try TemporaryDirectory()
    let first = try DaemonProcess(arguments: ["--state-dir", directory.path])
    first.request(1, "recents/add", ["text": "survivor", "id": "s1"])
    first.request(2, "recents/add", ["text": "second"])
    let reply = try #require(await first.reply(to: 2))
    kill(first.process.processIdentifier, SIGKILL)
    first.process.waitUntilExit()
    #expect(first.process.terminationReason == .uncaughtSignal)
    #expect(reply["result"]?["recents"]?.strings("text") == ["second", "survivor"])

    let second = try DaemonProcess(arguments: ["--state-dir", directory.path])
    second.request(1, "recents/list")
    let listed = try #require(await second.reply(to: 1))
    #expect(listed["result"] == reply["result"])
    let (status, _) = await second.finish()
    #expect(status == 0)
  }

  @Test("a corrupt state file: reported on stderr, set aside, and the daemon serves")
  func corruptStateFile() async throws {
    let directory = try TemporaryDirectory()
    try directory.write(RecentsFile.fileName, "\u{0}\u{1}garbage{{{")
    let daemon = try DaemonProcess(arguments: ["--state-dir", directory.path])
    daemon.request(1, "search/complete", ["query": "mac"])
    daemon.request(2, "recents/list")
    daemon.request(3, "recents/add", ["text": "new"])
    let (status, replies) = await daemon.finish()
    #expect(status == 0)
    #expect(replies.count == 3)
    #expect(replies.first { $0["id"] == 1 }?["result"]?.section("suggestions")?.isEmpty == false)
    #expect(replies.first { $0["id"] == 2 }?["result"]?["recents"] == [])
    #expect(daemon.standardError.contains(directory.file(RecentsFile.fileName)), "\(daemon.standardError)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    let setAside = try #require(names.first { $0.hasPrefix(RecentsFile.setAsidePrefix) })
    #expect(daemon.standardError.contains(setAside))
    let kept = try Data(contentsOf: URL(fileURLWithPath: directory.file(setAside)))
    #expect(String(decoding: kept, as: UTF8.self) == "\u{0}\u{1}garbage{{{")
    #expect(names.contains(RecentsFile.fileName))
  }

  @Test(
    "stdout carries protocol bytes only, even at --log-level debug with bad input and warnings",
    arguments: [
      "ndjson", "lsp",
    ]
  )
  func stdoutHygiene(framing: String) async throws {
    let directory = try TemporaryDirectory()
    let catalog = try directory.write("bad.jsonl", #"{"title":"ok"}"# + "\nnot json\n" + #"{"id":1}"# + "\n")
    let daemon = try DaemonProcess(arguments: ["--log-level", "debug", "--no-cache", "--catalog", catalog])
    let messages = [
      #"{"jsonrpc":"2.0","id":1,"method":"search/complete","params":{"query":"ok"}}"#,
      #"{"jsonrpc":"2.0","id":2,"method":"catalog/load","params":{"items":[{"title":"x"},{"id":"y"}]}}"#,
      #"{"jsonrpc":"2.0","id":3,"method":"nope"}"#, #"{"jsonrpc":"2.0","id":4,"method":"search/filter","params":{}}"#,
      "{not json", #"{"jsonrpc":"2.0","id":5,"method":"recents/add","params":{"text":"t"}}"#,
    ]
    for message in messages {
      daemon.send(framing == "lsp" ? "Content-Length: \(message.utf8.count)\r\n\r\n\(message)" : message + "\n")
    }
    let (status, replies) = await daemon.finish()
    #expect(status == 0)
    #expect(replies.count == 6)
    let parsed = framing == "lsp" ? Self.exactLSPFrames(daemon.rawOutput) : Self.exactNDJSON(daemon.rawOutput)
    #expect(parsed?.count == 6, "\(String(decoding: daemon.rawOutput, as: UTF8.self))")
    #expect(daemon.standardError.contains("skipped"), "\(daemon.standardError)")
  }

  @Test("--max-message-bytes: a larger request is refused with an error, and the next one is answered")
  func maxMessageBytes() throws {
    let items: JSONValue = .array((0..<100).map { ["title": .string("item number \($0) with a long enough title")] })
    let input = [
      TestDaemon.line(1, "catalog/load", ["items": items]), TestDaemon.line(2, "catalog/stats"),
    ].joined()
    #expect(input.utf8.count > 2_048)
    let (status, stdout, _) = try Self.run(["--max-message-bytes", "2048"], input: input)
    #expect(status == 0)
    let replies = try #require(Self.exactNDJSON(Array(stdout.utf8)))
    #expect(replies.count == 2)
    #expect(replies.first?["error"]?["code"] == -32600)
    #expect(replies.last?["id"] == 2)
    #expect(replies.last?["result"]?["items"] == 34)
  }
}
