import JSONKit
import RPCKit
import SuggestEngine

/// The answer to `search/tokens`.
struct SearchTokensResult: JSONEncodable, Sendable {
  var suggestions: [TokenSuggestion]

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.arrayField("tokens") { writer in
        for suggestion in suggestions {
          writer.writeObject { writer in
            writer.field("id", suggestion.token.id)
            writer.field("label", suggestion.token.label)
            writer.field("icon", ifPresent: suggestion.token.icon)
            writer.field("count", suggestion.count)
          }
        }
      }
    }
  }
}
