import JSONKit
import RPCKit
import SuggestEngine

/// `recents/add {text, id?, catalog?}` → `{recents}`: records a viewed item or a submitted search (the seed's
/// `addToRecents`, SwiftUI's `onSubmit(of: .search)`). No duplicates (same id, or same folded text), newest first,
/// at most `maxRecents`. Durable before the response is sent when a state directory is set.
struct RecentsAddRequest: RPCRequest {
  typealias Result = RecentsResult
  static let method = "recents/add"

  /// The search text or the item's title.
  var text: String
  /// The item's id, when an item was chosen.
  var id: String?
  /// The catalog the recents belong to.
  var catalog: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    text = try fields.required("text")
    guard !text.allSatisfy(\.isWhitespace) else {
      throw ResponseError.invalidParams("params.text: expected a non-empty string, got an empty one")
    }
    id = try fields.optional("id")
    catalog = try fields.catalogName()
  }
}
