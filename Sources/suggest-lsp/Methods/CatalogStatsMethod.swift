import JSONKit
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `catalog/stats`.
  func registerCatalogStatsMethod(in table: inout MethodTable) {
    registerRead(CatalogStatsRequest.self, in: &table) { request, _ in
      _ = try self.catalog(named: request.catalog)
      return self.counts(request.catalog)
    }
  }
}
