import JSONKit
import RPCKit
import SuggestEngine

/// `catalog/add {items, tokens?, catalog?}` → counts: adds items, replacing those with the same `id`.
struct CatalogAddRequest: RPCRequest {
  typealias Result = CatalogCounts
  static let method = "catalog/add"

  var loaded: LoadedCatalog
  var catalog: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    catalog = try fields.catalogName()
    guard let items = fields["items"] else {
      throw JSONDecodingError.missing(path: fields.path(of: "items"), expected: "an array")
    }
    loaded = try CatalogLoader.decode(
      items: items,
      tokens: fields["tokens"],
      itemsPath: fields.path(of: "items"),
      tokensPath: fields.path(of: "tokens")
    )
  }
}

extension SuggestServer {
  /// Registers `catalog/add`.
  func registerCatalogAddMethod(in table: inout MethodTable) {
    registerWrite(CatalogAddRequest.self, in: &table) { request, _ in
      self.log(request.loaded.report, catalog: request.catalog)
      _ = self.catalogs.update(named: request.catalog) {
        $0.adding(request.loaded.items, tokens: request.loaded.tokens)
      }
      self.catalogChanged(request.catalog)
      return self.counts(request.catalog, report: request.loaded.report)
    }
  }
}
