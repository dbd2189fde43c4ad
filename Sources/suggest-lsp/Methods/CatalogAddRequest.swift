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

extension SuggestServer {
  /// Registers `catalog/add`.
  func registerCatalogAddMethod(in table: inout MethodTable) {
    registerWrite(CatalogAddRequest.self, in: &table) { request, _ in
      let loaded = try request.inline.decode()
      self.log(loaded.report, catalog: request.catalog)
      _ = self.catalogs.update(named: request.catalog) {
        $0.adding(loaded.items, tokens: loaded.tokens)
      }
      self.catalogChanged(request.catalog)
      return self.counts(request.catalog, report: loaded.report)
    }
  }
}
