import JSONKit
import RPCKit
import SuggestEngine

/// `recents/remove {text?, id?, catalog?}` → `{removed, recents}`: removes the matching entry (same id, or same
/// folded text).
struct RecentsRemoveRequest: RPCRequest {
  typealias Result = RecentsResult
  static let method = "recents/remove"

  /// The text to match after folding.
  var text: String?
  /// The id to match.
  var id: String?
  /// The catalog the recents belong to.
  var catalog: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    text = try fields.optional("text")
    id = try fields.optional("id")
    guard text != nil || id != nil else {
      throw ResponseError.invalidParams("params: expected \"text\" or \"id\" (or both), got neither")
    }
    catalog = try fields.catalogName()
  }
}
