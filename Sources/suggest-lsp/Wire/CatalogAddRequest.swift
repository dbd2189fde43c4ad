import JSONKit
import RPCKit
import SuggestEngine

/// `catalog/add {items, tokens?, catalog?}` → counts: adds items, replacing those with the same `id`.
struct CatalogAddRequest: RPCRequest {
  typealias Result = CatalogCounts
  static let method = "catalog/add"

  var inline: InlineCatalog
  var catalog: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    catalog = try fields.catalogName()
    inline = try InlineCatalog(fields)
  }
}
