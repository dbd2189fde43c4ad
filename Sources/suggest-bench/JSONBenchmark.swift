import Foundation
import JSONKit

/// Measures JSONKit against Foundation's `JSONSerialization` on a typical request and response.
///
/// Run with `swift run -c release suggest-bench json [iterations]`. Prints nanoseconds per operation (the best of
/// several rounds, so that a busy machine disturbs the figures less).
enum JSONBenchmark {
  /// A typical keystroke request, 109 bytes.
  static let request = Array(
    #"{"jsonrpc":"2.0","id":123,"method":"search/complete","params":{"query":"reqeusts","field":"main","limit":5}}"#
      .utf8
  )

  /// A typical larger request with escapes and non-ASCII text.
  static let richRequest = Array(
    #"""
    {"jsonrpc":"2.0","id":"req-42","method":"search/filter","params":{"query":"Pok\u00e9mon caf\u00e9 \"red\"","tokens":["games","movies"],"scope":"all","limit":50,"offset":0,"mode":"smart","catalog":"default","field":"searchbar-1"}}
    """#.utf8
  )

  /// Runs every measurement and prints one line each.
  ///
  /// - Parameters:
  ///   - iterations: Operations per round.
  ///   - filter: Runs only the measurements whose name contains this text (all when `nil`).
  static func run(iterations: Int = 200_000, filter: String? = nil) {
    print("JSON benchmark, \(iterations) iterations per round, best of 5 rounds (ns/op)")
    print("request: \(request.count) bytes; rich request: \(richRequest.count) bytes")
    report(filter, "parse request        JSONKit", iterations) { parseJSONKit(request, $0) }
    report(filter, "parse request        JSONSerialization", iterations / 4) { parseFoundation(request, $0) }
    report(filter, "parse rich request   JSONKit", iterations) { parseJSONKit(richRequest, $0) }
    report(filter, "parse rich request   JSONSerialization", iterations / 4) { parseFoundation(richRequest, $0) }
    report(filter, "write small response JSONWriter (streaming)", iterations) { writeSmall($0) }
    report(filter, "write small response JSONValue.serialized()", iterations) { writeSmallTree($0) }
    report(filter, "write small response JSONSerialization", iterations / 4) { writeSmallFoundation($0) }
    report(filter, "write response       JSONWriter (streaming)", iterations) { writeStreaming($0) }
    report(filter, "write response       JSONValue.serialized()", iterations) { writeTree($0) }
    report(filter, "write response       JSONSerialization", iterations / 4) { writeFoundation($0) }
    report(filter, "parse+field access   JSONKit (JSONFields)", iterations) { decodeParams($0) }
    print("small response: \(String(decoding: smallResponse(id: 123), as: UTF8.self))")
    print("sample response: \(String(decoding: streamingResponse(id: 123), as: UTF8.self))")
  }

  /// Prints the best ns/op of five rounds of `body(iterations)`; `body` returns a checksum that keeps the work alive.
  private static func report(_ filter: String?, _ name: String, _ iterations: Int, _ body: (Int) -> Int) {
    if let filter, !name.contains(filter) { return }
    var best = Duration.seconds(1_000)
    var checksum = 0
    _ = body(iterations / 10)  // warm up
    for _ in 0..<5 {
      let clock = ContinuousClock()
      let start = clock.now
      checksum &+= body(iterations)
      best = min(best, clock.now - start)
    }
    let nanoseconds = Double(best.components.attoseconds) / 1e9 + Double(best.components.seconds) * 1e9
    let perOp = nanoseconds / Double(iterations)
    print(
      "\(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(String(format: "%8.1f", perOp)) ns/op  (\(checksum & 0xFF))"
    )
  }

  private static func parseJSONKit(_ input: [UInt8], _ iterations: Int) -> Int {
    let parser = JSONParser()
    var checksum = 0
    for _ in 0..<iterations {
      if case .object(let object)? = try? parser.parse(input) {
        checksum &+= object.members.count
      }
    }
    return checksum
  }

  private static func parseFoundation(_ input: [UInt8], _ iterations: Int) -> Int {
    let data = Data(input)
    var checksum = 0
    for _ in 0..<iterations {
      if let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
        checksum &+= object.count
      }
    }
    return checksum
  }

  private static func decodeParams(_ iterations: Int) -> Int {
    let parser = JSONParser()
    var checksum = 0
    for _ in 0..<iterations {
      guard let message = try? parser.parse(request),
        let params = try? JSONFields(message["params"], path: "params"),
        let query = try? params.required("query", as: String.self),
        let limit = try? params.optional("limit", default: 50)
      else { continue }
      checksum &+= query.utf8.count + limit
    }
    return checksum
  }

  /// The items of the typical response.
  private static let items: [(id: String, title: String, score: Double, match: Int)] = [
    ("requests", "requests", 0.93, 8),
    ("requests-oauthlib", "requests-oauthlib", 0.81, 8),
    ("requests-toolbelt", "requests-toolbelt", 0.8, 8),
  ]

  private static func streamingResponse(id: Int) -> [UInt8] {
    var writer = JSONWriter()
    writer.writeObject { w in
      w.field("jsonrpc", "2.0")
      w.field("id", id)
      w.objectField("result") { w in
        w.arrayField("sections") { w in
          w.writeObject { w in
            w.field("title", "Suggestions")
            w.arrayField("items") { w in
              for item in items {
                w.writeObject { w in
                  w.field("id", item.id)
                  w.field("title", item.title)
                  w.field("score", item.score)
                  w.arrayField("matches") { w in
                    w.writeArray { w in
                      w.write(0)
                      w.write(item.match)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return writer.bytes
  }

  private static func writeStreaming(_ iterations: Int) -> Int {
    var checksum = 0
    for index in 0..<iterations {
      checksum &+= streamingResponse(id: index).count
    }
    return checksum
  }

  private static func responseTree(id: Int) -> JSONValue {
    let itemValues: [JSONValue] = items.map { item in
      [
        "id": .string(item.id), "title": .string(item.title), "score": JSONValue(item.score),
        "matches": [[0, JSONValue(item.match)]],
      ]
    }
    return [
      "jsonrpc": "2.0", "id": JSONValue(id),
      "result": ["sections": [["title": "Suggestions", "items": .array(itemValues)]]],
    ]
  }

  private static func writeTree(_ iterations: Int) -> Int {
    let tree = responseTree(id: 123)
    var checksum = 0
    for _ in 0..<iterations {
      checksum &+= tree.serialized().count
    }
    return checksum
  }

  private static func writeFoundation(_ iterations: Int) -> Int {
    let itemValues: [[String: Any]] = items.map { item in
      ["id": item.id, "title": item.title, "score": item.score, "matches": [[0, item.match]]]
    }
    let object: [String: Any] = [
      "jsonrpc": "2.0", "id": 123, "result": ["sections": [["title": "Suggestions", "items": itemValues]]],
    ]
    var checksum = 0
    for _ in 0..<iterations {
      if let data = try? JSONSerialization.data(withJSONObject: object) {
        checksum &+= data.count
      }
    }
    return checksum
  }

  /// A small response: one item.
  private static func smallResponse(id: Int) -> [UInt8] {
    var writer = JSONWriter()
    writer.writeObject { w in
      w.field("jsonrpc", "2.0")
      w.field("id", id)
      w.objectField("result") { w in
        w.field("total", 1)
        w.arrayField("items") { w in
          w.writeObject { w in
            w.field("id", "requests")
            w.field("title", "requests")
            w.field("score", 0.93)
          }
        }
      }
    }
    return writer.bytes
  }

  private static func writeSmall(_ iterations: Int) -> Int {
    var checksum = 0
    for index in 0..<iterations {
      checksum &+= smallResponse(id: index).count
    }
    return checksum
  }

  private static func writeSmallTree(_ iterations: Int) -> Int {
    let tree: JSONValue = [
      "jsonrpc": "2.0", "id": 123,
      "result": ["total": 1, "items": [["id": "requests", "title": "requests", "score": 0.93]]],
    ]
    var checksum = 0
    for _ in 0..<iterations {
      checksum &+= tree.serialized().count
    }
    return checksum
  }

  private static func writeSmallFoundation(_ iterations: Int) -> Int {
    let object: [String: Any] = [
      "jsonrpc": "2.0", "id": 123,
      "result": ["total": 1, "items": [["id": "requests", "title": "requests", "score": 0.93]]],
    ]
    var checksum = 0
    for _ in 0..<iterations {
      if let data = try? JSONSerialization.data(withJSONObject: object) {
        checksum &+= data.count
      }
    }
    return checksum
  }
}
