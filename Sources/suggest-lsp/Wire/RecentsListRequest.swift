import JSONKit
import RPCKit
import SuggestEngine

/// `recents/list {catalog?}` → `{recents}`: the recents of a catalog, newest first.
struct RecentsListRequest: RPCRequest {
  typealias Result = RecentsResult
  static let method = "recents/list"

  /// The catalog the recents belong to.
  var catalog: String

  init(params: JSONValue?) throws {
    catalog = try JSONFields(params, path: "params").catalogName()
  }
}
