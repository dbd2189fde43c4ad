import Foundation
import JSONKit
import RPCKit
import RPCTestSupport
import TestSupport
import Testing

@testable import suggest_lsp

/// Every ```` ```jsonrpc ```` example of `protocol.md` is a real exchange: this runs each one against a fresh
/// in-process daemon on the demo catalog and compares the replies (`Scripts/protocol-examples.py --write` refreshes
/// them after a deliberate change).
@Suite(.scaledTimeLimit(minutes: 1)) struct ProtocolDocumentTests {
  /// One example block: the messages sent and the replies expected.
  struct Example: CustomTestStringConvertible, Sendable {
    var line: Int
    var sent: [String]
    var expected: [JSONValue]
    var testDescription: String { "protocol.md line \(line)" }
  }

  static let documentURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("protocol.md")

  static let examples: [Example] = {
    guard let text = try? String(contentsOf: documentURL, encoding: .utf8) else { return [] }
    var examples: [Example] = []
    var current: Example?
    var entries: [(direction: String, text: String)] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if current == nil {
        if line.trimmingCharacters(in: .whitespaces) == "```jsonrpc" {
          current = Example(line: number + 1, sent: [], expected: [])
          entries = []
        }
        continue
      }
      if line.trimmingCharacters(in: .whitespaces) == "```" {
        if var example = current {
          example.sent = entries.filter { $0.direction == "-->" }.map(\.text)
          example.expected = entries.filter { $0.direction == "<--" }.compactMap { try? JSONParser().parse($0.text) }
          examples.append(example)
        }
        current = nil
        continue
      }
      if line.hasPrefix("--> ") || line.hasPrefix("<-- ") {
        entries.append((String(line.prefix(3)), String(line.dropFirst(4))))
      } else if !entries.isEmpty {
        entries[entries.count - 1].text += "\n" + line
      }
    }
    return examples
  }()

  @Test("protocol.md has examples for every method, and every example parses")
  func coverage() async throws {
    #expect(Self.examples.count >= 15)
    let server = try await SuggestServer.start(options: try CommandLineOptions.parse(["--log-level", "off"]))
    let sent = Self.examples.flatMap(\.sent).joined()
    for method in server.methodNames + ["initialize", "shutdown", "exit", "$/cancelRequest"] {
      #expect(sent.contains(#""method":"\#(method)""#), "no example sends \(method)")
    }
    for example in Self.examples {
      let text = try #require(try? String(contentsOf: Self.documentURL, encoding: .utf8))
      #expect(!example.sent.isEmpty, "example at line \(example.line) sends nothing")
      #expect(text.contains("--> "))
      for message in example.sent {
        #expect((try? JSONParser().parse(message)) != nil, "line \(example.line): not JSON: \(message)")
      }
    }
  }

  @Test("each example gives exactly the documented replies", arguments: examples)
  func example(_ example: Example) async throws {
    let server = try await SuggestServer.start(options: try CommandLineOptions.parse(["--log-level", "off"]))
    let harness = ConnectionHarness(methods: server.methods())
    for message in example.sent { harness.send(message + "\n") }
    let (_, replies) = await harness.finish()
    var remaining = replies.map(Self.normalized)
    for expected in example.expected.map(Self.normalized) {
      guard let index = remaining.firstIndex(where: { Self.key($0) == Self.key(expected) }) else {
        Issue.record("line \(example.line): no reply for \(expected.serializedString())")
        continue
      }
      let actual = remaining.remove(at: index)
      #expect(Self.batchSorted(actual) == Self.batchSorted(expected), "line \(example.line)")
    }
    #expect(remaining.isEmpty, "line \(example.line): unexpected replies \(remaining.map { $0.serializedString() })")
  }

  /// Replies are matched by id; a batch reply by being an array.
  private static func key(_ reply: JSONValue) -> String {
    if case .array = reply { return "batch" }
    return reply["id"]?.serializedString() ?? "?"
  }

  /// A batch's responses may come in any order: sort them by id.
  private static func batchSorted(_ reply: JSONValue) -> JSONValue {
    guard case .array(let responses) = reply else { return reply }
    return .array(responses.sorted { key($0) < key($1) })
  }

  /// Timestamps differ from run to run.
  private static func normalized(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let object):
      return .object(
        JSONObject(
          members: object.members.map { member in
            JSONObject.Member(key: member.key, value: member.key == "lastUsed" ? 0 : normalized(member.value))
          }
        )
      )
    case .array(let elements):
      return .array(elements.map(normalized))
    default:
      return value
    }
  }
}
