import JSONKit
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `catalog/add`.
  func registerCatalogAddMethod(in table: inout MethodTable) {
    registerWrite(CatalogAddRequest.self, in: &table) { request, _ in
      // Writes run one at a time, in order: the catalog is still this one when the items are added to it.
      let loaded = try request.inline.decode(addingTo: self.catalogs.catalog(named: request.catalog))
      self.log(loaded.report, catalog: request.catalog)
      _ = self.catalogs.update(named: request.catalog) {
        $0.adding(loaded.items, tokens: loaded.tokens)
      }
      self.catalogChanged(request.catalog)
      return self.counts(request.catalog, report: loaded.report)
    }
  }
}
