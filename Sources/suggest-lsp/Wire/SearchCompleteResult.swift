import JSONKit
import Locking
import RPCKit
import SuggestEngine

/// The answer to `search/complete`: sections of suggestions.
struct SearchCompleteResult: JSONEncodable, Sendable {
  /// One section of the popup.
  struct Section: Sendable {
    var id: String
    var title: String
    var entries: [Entry]
  }

  /// One suggestion.
  struct Entry: Sendable {
    /// What the popup shows.
    var label: String
    /// What the search field receives when the entry is chosen (SwiftUI's `searchCompletion`).
    var completion: String
    /// `item`, `recent` or `token`.
    var kind: String
    var id: String?
    var icon: String?
    var subtitle: String?
    /// For tokens: how many items the token leaves.
    var count: Int?
    var matches: WireHighlights?
  }

  var sections: [Section]

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.arrayField("sections") { writer in
        for section in sections {
          writer.writeObject { writer in
            writer.field("id", section.id)
            writer.field("title", section.title)
            writer.arrayField("items") { writer in
              for entry in section.entries {
                writer.writeObject { writer in
                  writer.field("label", entry.label)
                  writer.field("completion", entry.completion)
                  writer.field("kind", entry.kind)
                  writer.field("id", ifPresent: entry.id)
                  writer.field("icon", ifPresent: entry.icon)
                  writer.field("subtitle", ifPresent: entry.subtitle)
                  writer.field("count", ifPresent: entry.count)
                  writer.field("matches", ifPresent: entry.matches)
                }
              }
            }
          }
        }
      }
    }
  }
}
