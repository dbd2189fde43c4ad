import JSONKit
import RPCKit
import SuggestEngine

/// The answer of every `recents/*` method: the catalog's recents after the change, newest first.
struct RecentsResult: JSONEncodable, Sendable {
  /// The entries, newest first.
  var recents: [RecentEntry]
  /// For `recents/remove`: whether an entry was removed.
  var removed: Bool?

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      if let removed { writer.field("removed", removed) }
      writer.arrayField("recents") { writer in
        for entry in recents {
          writer.writeObject { writer in
            writer.field("text", entry.text)
            writer.field("id", ifPresent: entry.id)
            writer.field("count", entry.count)
            writer.field("lastUsed", Int(entry.lastUsed))
          }
        }
      }
    }
  }
}
