import JSONKit
import RPCKit
import SuggestEngine

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
