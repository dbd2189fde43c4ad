import Foundation
import JSONKit
import TestSupport
import Testing

@testable import suggest_lsp

/// `textDocument/completion` and its companions, as an editor drives them: document sync, the completion list's
/// shape for two client profiles, resolve, the accept command, configuration and bad input.
@Suite(.scaledTimeLimit(minutes: 1)) struct CompletionTests {
  static let catalog = """
    name\tversion\tmonth\trank\tsummary
    requests\t2.31.0\t2024-05\t1\tPython HTTP for Humans.
    requests-oauthlib\t2.0.0\t2024-03\t60\tOAuthlib authentication support for Requests.
    requests-toolbelt\t1.0.0\t2023-05\t90\tA utility belt for advanced users of python-requests
    numpy\t2.0.0\t2024-06\t2\tFundamental package for array computing in Python
    numba\t0.60.0\t2024-06\t80\tcompiling Python code using LLVM
    flask\t3.0.3\t2024-04\t30\tA simple framework for building complex web applications.
    """

  static let uri = "file:///project/requirements.txt"
  /// Non-ASCII text and an emoji before the word on the first line; a prefix on the second.
  static let text = "café 😀 reqeusts\nnum"

  /// A daemon with the catalog bound to `requirements*.txt`, initialized with `capabilities`, the document open.
  private func editor(
    _ directory: TemporaryDirectory,
    capabilities: JSONValue,
    extra: [String] = []
  ) async throws -> TestDaemon {
    let path = try directory.write("pypi.tsv", Self.catalog)
    let daemon = try await TestDaemon(["--log-level", "off"] + extra)
    _ = try await daemon.result(
      "initialize",
      [
        "capabilities": capabilities,
        "initializationOptions": [
          "completion": ["catalogs": [["pattern": "requirements*.txt", "path": .string(path)]]]
        ],
      ]
    )
    daemon.notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": .string(Self.uri), "languageId": "pip-requirements", "version": 1, "text": .string(Self.text),
        ]
      ]
    )
    return daemon
  }

  /// VS Code's profile: UTF-16 positions, `itemDefaults` with `editRange`, label details.
  static let vsCode: JSONValue = [
    "general": ["positionEncodings": ["utf-16"]],
    "textDocument": [
      "completion": [
        "completionList": ["itemDefaults": ["editRange", "data"]],
        "completionItem": ["labelDetailsSupport": true],
      ]
    ],
  ]

  /// Helix's profile: offers UTF-8, no `itemDefaults`.
  static let helix: JSONValue = ["general": ["positionEncodings": ["utf-8", "utf-32", "utf-16"]]]

  private func complete(_ daemon: TestDaemon, line: Int, character: Int, uri: String = uri) async throws -> JSONValue {
    try await daemon.result(
      "textDocument/completion",
      [
        "textDocument": ["uri": .string(uri)],
        "position": ["line": .number(JSONNumber(line)), "character": .number(JSONNumber(character))],
      ]
    )
  }

  private func range(_ line: Int, _ start: Int, _ end: Int) -> JSONValue {
    [
      "start": ["line": .number(JSONNumber(line)), "character": .number(JSONNumber(start))],
      "end": ["line": .number(JSONNumber(line)), "character": .number(JSONNumber(end))],
    ]
  }

  @Test("VS Code profile: a typo after an emoji finds requests, kept alive by filterText, range in UTF-16 defaults")
  func vsCodeTypo() async throws {
    let directory = try TemporaryDirectory()
    let daemon = try await editor(directory, capabilities: Self.vsCode)
    let list = try await complete(daemon, line: 0, character: 16)
    let items = try #require(list["items"]?.arrayValue)
    #expect(items.first?["label"] == "requests")
    #expect(items.first?["filterText"] == "reqeusts")
    #expect(items.first?["sortText"] == "0000")
    #expect(items.first?["kind"] == 12)
    #expect(items.first?["detail"] == "Python HTTP for Humans.")
    #expect(items.first?["labelDetails"]?["description"] == "Python HTTP for Humans.")
    #expect(items.first?["textEdit"] == nil)
    // "café 😀 " is 8 UTF-16 units: é one, the emoji two.
    #expect(list["itemDefaults"]?["editRange"] == range(0, 8, 16))
    #expect(list["isIncomplete"] == false)
  }

  @Test("Helix profile: UTF-8 ranges in a textEdit on each item, no itemDefaults; prefix hits carry no filterText")
  func helixPrefix() async throws {
    let directory = try TemporaryDirectory()
    let daemon = try await editor(directory, capabilities: Self.helix)
    let typo = try await complete(daemon, line: 0, character: 19)
    #expect(typo["itemDefaults"] == nil)
    let first = try #require(typo["items"]?[0])
    #expect(first["label"] == "requests")
    // "café 😀 " is 11 bytes.
    #expect(first["textEdit"] == ["range": range(0, 11, 19), "newText": "requests"])
    let prefix = try await complete(daemon, line: 1, character: 3)
    let items = try #require(prefix["items"]?.arrayValue)
    #expect(items.strings("label") == ["numpy", "numba"])
    #expect(items.strings("sortText") == ["0000", "0001"])
    #expect(items.allSatisfy { $0["filterText"] == nil })
    #expect(items.first?["labelDetails"] == nil)
  }

  @Test("a capped list is incomplete; the limit comes from the configuration")
  func incomplete() async throws {
    let directory = try TemporaryDirectory()
    let daemon = try await editor(directory, capabilities: Self.helix)
    let path = directory.file("pypi.tsv")
    daemon.notify(
      "workspace/didChangeConfiguration",
      [
        "settings": [
          "suggest-lsp": [
            "completion": ["limit": 1, "catalogs": [["languageId": "pip-requirements", "path": .string(path)]]]
          ]
        ]
      ]
    )
    let list = try await complete(daemon, line: 1, character: 3)
    #expect(list["items"]?.arrayValue?.count == 1)
    #expect(list["isIncomplete"] == true)
  }

  @Test("changes apply before a completion sent after them, even pipelined; the result reads the new text")
  func ordering() async throws {
    let directory = try TemporaryDirectory()
    let daemon = try await editor(directory, capabilities: Self.vsCode)
    daemon.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(Self.uri), "version": 2],
        "contentChanges": [["range": range(1, 0, 3), "text": "fla"]],
      ]
    )
    let list = try await complete(daemon, line: 1, character: 3)
    #expect(list["items"]?[0]?["label"] == "flask")
    #expect(list["itemDefaults"]?["editRange"] == range(1, 0, 3))
  }

  @Test("a bad change is reported as window/logMessage and leaves the document as it was")
  func badChange() async throws {
    let directory = try TemporaryDirectory()
    let daemon = try await editor(directory, capabilities: Self.vsCode)
    daemon.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": .string(Self.uri), "version": 2],
        "contentChanges": [["range": range(0, 6, 6), "text": "x"]],
      ]
    )
    let list = try await complete(daemon, line: 1, character: 3)
    #expect(list["items"]?[0]?["label"] == "numpy")
    let log = await daemon.replies.first { $0["method"] == "window/logMessage" }
    #expect(log?["params"]?["type"] == 1)
    let message = log?["params"]?["message"]?.stringValue ?? ""
    #expect(message.contains("surrogate pair") && message.contains(Self.uri))
  }

  @Test("a completion on an unknown document or past the end of a line is -32602 naming what is wrong")
  func badRequests() async throws {
    let directory = try TemporaryDirectory()
    let daemon = try await editor(directory, capabilities: Self.vsCode)
    let unknown = try await daemon.error(
      "textDocument/completion",
      ["textDocument": ["uri": "file:///other.txt"], "position": ["line": 0, "character": 0]]
    )
    #expect(unknown["code"] == -32602)
    #expect(unknown["message"]?.stringValue?.contains("file:///other.txt") == true)
    let past = try await daemon.error(
      "textDocument/completion",
      ["textDocument": ["uri": .string(Self.uri)], "position": ["line": 1, "character": 9]]
    )
    #expect(past["message"]?.stringValue?.contains("past the end of line 1") == true)
    daemon.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.uri)]])
    let closed = try await daemon.error(
      "textDocument/completion",
      ["textDocument": ["uri": .string(Self.uri)], "position": ["line": 0, "character": 0]]
    )
    #expect(closed["code"] == -32602)
  }

  @Test("resolve adds documentation; an item it cannot find comes back as it was")
  func resolve() async throws {
    let directory = try TemporaryDirectory()
    let daemon = try await editor(directory, capabilities: Self.vsCode)
    let list = try await complete(daemon, line: 0, character: 16)
    let item = try #require(list["items"]?[0])
    let resolved = try await daemon.result("completionItem/resolve", item)
    #expect(resolved["label"] == "requests")
    #expect(resolved["documentation"]?.stringValue?.contains("Python HTTP for Humans.") == true)
    let foreign: JSONValue = ["label": "x", "data": ["catalog": "nope", "id": "x"]]
    #expect(try await daemon.result("completionItem/resolve", foreign) == foreign)
    let bare: JSONValue = ["label": "y"]
    #expect(try await daemon.result("completionItem/resolve", bare) == bare)
  }

  @Test("the accept command records a recent that boosts later completions")
  func acceptCommand() async throws {
    let directory = try TemporaryDirectory()
    let daemon = try await editor(directory, capabilities: Self.vsCode)
    let before = try await complete(daemon, line: 1, character: 3)
    #expect(before["items"]?[0]?["label"] == "numpy")
    let numba = try #require(before["items"]?.arrayValue?.first { $0["label"] == "numba" })
    let command = try #require(numba["command"])
    #expect(command["command"] == "suggest-lsp.recordChoice")
    _ = try await daemon.result(
      "workspace/executeCommand",
      ["command": command["command"] ?? nil, "arguments": command["arguments"] ?? nil]
    )
    let path = directory.file("pypi.tsv")
    let recents = try await daemon.result("recents/list", ["catalog": .string(path)])
    #expect(recents["recents"]?[0]?["id"] == "numba")
    let unknown = try await daemon.error("workspace/executeCommand", ["command": "rm -rf"])
    #expect(unknown["code"] == -32602)
  }

  @Test("# asks for tokens; a document no rule matches uses the default catalog")
  func tokens() async throws {
    let daemon = try await TestDaemon(["--log-level", "off"])
    daemon.notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": "file:///notes.md", "languageId": "markdown", "version": 1, "text": "buy #ma"]]
    )
    let list = try await complete(daemon, line: 0, character: 7, uri: "file:///notes.md")
    let items = try #require(list["items"]?.arrayValue)
    #expect(items.strings("label").contains("Mac"))
    #expect(items.first?["kind"] == 14)
    #expect(items.first?["textEdit"]?["range"] == range(0, 4, 7))
    #expect(items.first?["textEdit"]?["newText"]?.stringValue?.hasPrefix("#") == true)
  }

  @Test("a newer completion of the same document supersedes an older one; other documents are unaffected")
  func supersession() async throws {
    let directory = try TemporaryDirectory()
    let daemon = try await editor(directory, capabilities: Self.vsCode, extra: ["--debounce-ms", "200"])
    daemon.notify(
      "textDocument/didOpen",
      [
        "textDocument": [
          "uri": "file:///project/requirements-dev.txt", "languageId": "pip-requirements", "version": 1, "text": "fla",
        ]
      ]
    )
    func request(_ id: Int, _ uri: String, _ line: Int, _ character: Int) {
      daemon.send(
        .number(JSONNumber(id)),
        "textDocument/completion",
        [
          "textDocument": ["uri": .string(uri)],
          "position": ["line": .number(JSONNumber(line)), "character": .number(JSONNumber(character))],
        ]
      )
    }
    request(101, Self.uri, 1, 2)
    request(102, "file:///project/requirements-dev.txt", 0, 3)
    request(103, Self.uri, 1, 3)
    let first = try await daemon.reply(to: 101)
    #expect(first["error"]?["code"] == -32800)
    #expect(first["error"]?["data"]?["by"] == 103)
    #expect(try await daemon.reply(to: 102)["result"]?["items"]?[0]?["label"] == "flask")
    #expect(try await daemon.reply(to: 103)["result"]?["items"]?[0]?["label"] == "numpy")
  }
}
