import JSONKit

/// Checks a stream of replies to keystroke queries against the contract's guarantees (§2, §6).
///
/// Requests have integer ids in arrival order and a key (method, catalog, field). The replies are in the order the
/// daemon wrote them.
struct SupersessionCheck {
  /// One query as sent.
  struct Query {
    var id: Int
    var key: String
  }

  /// The queries, in the order they were sent.
  var queries: [Query]

  /// Every way the replies break a guarantee, as readable lines (empty when they keep them all):
  /// - every query answered exactly once, nothing else answered;
  /// - an error is -32800 with `data: {"reason": "superseded", "by": <the next query of the same key>}`;
  /// - a result is never written after any reply to a newer query of the same key;
  /// - the last query of every key gets a result.
  func violations(in replies: [JSONValue]) -> [String] {
    var problems: [String] = []
    var keyOf: [Int: String] = [:]
    var successor: [Int: Int] = [:]
    var lastOfKey: [String: Int] = [:]
    for query in queries {
      keyOf[query.id] = query.key
      if let previous = lastOfKey[query.key] { successor[previous] = query.id }
      lastOfKey[query.key] = query.id
    }
    var answered: [Int: Int] = [:]
    var newestAnswered: [String: Int] = [:]
    var results: Set<Int> = []
    for reply in replies {
      guard let id = reply["id"]?.numberValue?.intValue, let key = keyOf[id] else {
        problems.append("a reply to no query: \(reply.serializedString())")
        continue
      }
      answered[id, default: 0] += 1
      if let error = reply["error"] {
        let expected: JSONValue = [
          "reason": "superseded", "by": successor[id].map { .number(JSONNumber($0)) } ?? .null,
        ]
        if error["code"] != -32800 || error["data"] != expected {
          problems.append(
            "\(id) (\(key)): \(error.serializedString()), expected -32800 with \(expected.serializedString())"
          )
        }
      } else if reply["result"] != nil {
        results.insert(id)
        if let newest = newestAnswered[key], newest > id {
          problems.append("the result of \(id) (\(key)) came after a reply to the newer \(newest)")
        }
      } else {
        problems.append("neither result nor error: \(reply.serializedString())")
      }
      newestAnswered[key] = max(newestAnswered[key] ?? id, id)
    }
    for query in queries where answered[query.id] != 1 {
      problems.append("\(query.id) (\(query.key)) answered \(answered[query.id] ?? 0) times")
    }
    for (key, last) in lastOfKey where !results.contains(last) {
      problems.append("the last query of \(key), \(last), got no result")
    }
    return problems
  }
}
