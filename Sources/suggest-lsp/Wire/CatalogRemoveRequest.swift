import JSONKit
import RPCKit
import SuggestEngine

/// `catalog/remove {ids, catalog?}` → counts: removes the items with these ids (unknown ids are ignored).
struct CatalogRemoveRequest: RPCRequest {
  typealias Result = CatalogCounts
  static let method = "catalog/remove"

  var ids: [String]
  var catalog: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    ids = try fields.required("ids")
    catalog = try fields.catalogName()
  }
}
