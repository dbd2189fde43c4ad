import JSONKit
import RPCKit

/// `completionItem/resolve {…item}` → the item with `documentation`: the item as the client sent it back, with the
/// `data` the daemon put in it.
struct CompletionResolveRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "completionItem/resolve"

  /// The item, unchanged but for what resolving adds.
  var item: JSONObject
  /// The catalog it came from, if its `data` names one.
  var catalog: String?
  /// The catalog item's id, if it is one.
  var itemID: String?
  /// The token's id, if it is one.
  var tokenID: String?

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    item = fields.object
    // A `data` the daemon did not write is no error: the item is answered as it is.
    let data = try? fields.optionalObject("data")
    catalog = try? data?.optional("catalog")
    itemID = try? data?.optional("id")
    tokenID = try? data?.optional("token")
  }
}
