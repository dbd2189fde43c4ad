import JSONKit
import Locking
import RPCKit
import SuggestEngine

/// The answer to `search/filter`.
struct SearchFilterResult: JSONEncodable, Sendable {
  /// One listed item.
  struct Item: Sendable {
    var item: CatalogItem
    var score: Int
    var tier: MatchTier
    var matches: WireHighlights
  }

  /// How many items match in all.
  var total: Int
  /// The requested page of them, best first.
  var items: [Item]

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.field("total", total)
      writer.arrayField("items") { writer in
        for entry in items {
          writer.writeObject { writer in
            writer.field("id", entry.item.id)
            writer.field("title", entry.item.title)
            writer.field("subtitle", ifPresent: entry.item.subtitle)
            writer.field("icon", ifPresent: entry.item.icon)
            writer.field("score", entry.score)
            writer.field("tier", entry.tier.wireName)
            writer.field("matches", entry.matches)
          }
        }
      }
    }
  }
}
