import JSONKit
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `catalog/load`.
  func registerCatalogLoadMethod(in table: inout MethodTable) {
    registerWrite(CatalogLoadRequest.self, in: &table) { request, _ in
      let catalog: Catalog
      let report: CatalogLoadReport
      switch request.source {
      case .inline(let inline):
        var loaded = try inline.decode()
        catalog = Catalog(items: loaded.takeItems(), tokens: loaded.tokens)
        report = loaded.report
      case .file(let path, let format):
        let loaded: CachedCatalog
        do {
          loaded = try await self.catalogCache.load(path: path, format: format)
        } catch {
          throw ResponseError.invalidParams("params.path: \(error)")
        }
        Self.logSnapshot(of: loaded, catalog: request.catalog)
        catalog = loaded.catalog
        report = loaded.report
      }
      try Task.checkCancellation()
      self.log(report, catalog: request.catalog)
      self.catalogs.set(catalog, named: request.catalog)
      self.catalogChanged(request.catalog)
      Memory.releaseFreedPages()
      return self.counts(request.catalog, report: report)
    }
  }
}
