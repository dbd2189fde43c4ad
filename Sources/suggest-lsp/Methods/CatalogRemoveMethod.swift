import JSONKit
import RPCKit
import SuggestEngine

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
