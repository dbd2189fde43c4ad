import JSONKit
import RPCKit
import SuggestEngine

/// `recents/clear {catalog?}` → `{recents: []}`: forgets the recents of a catalog.
struct RecentsClearRequest: RPCRequest {
  typealias Result = RecentsResult
  static let method = "recents/clear"

  /// The catalog the recents belong to.
  var catalog: String

  init(params: JSONValue?) throws {
    catalog = try JSONFields(params, path: "params").catalogName()
  }
}
