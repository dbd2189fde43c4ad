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

extension SuggestServer {
  /// Registers `catalog/remove`.
  func registerCatalogRemoveMethod(in table: inout MethodTable) {
    registerWrite(CatalogRemoveRequest.self, in: &table) { request, _ in
      let before = try self.catalog(named: request.catalog).count
      let after = self.catalogs.update(named: request.catalog) { $0.removing(ids: request.ids) }.count
      self.catalogChanged(request.catalog)
      var counts = self.counts(request.catalog)
      counts.removed = before - after
      return counts
    }
  }
}
