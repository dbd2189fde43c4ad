import JSONKit
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `catalog/load`.
  func registerCatalogLoadMethod(in table: inout MethodTable) {
    registerWrite(CatalogLoadRequest.self, in: &table) { request, _ in
      let loaded: CachedCatalog
      switch request.source {
      case .inline(let inline):
        var decoded = try inline.decode()
        loaded = CachedCatalog(
          catalog: Catalog(items: decoded.takeItems(), tokens: decoded.tokens),
          report: decoded.report
        )
      case .file(let path, let format):
        do {
          loaded = try await self.catalogCache.load(path: path, format: format, writing: .later)
        } catch {
          throw ResponseError.invalidParams("params.path: \(error)")
        }
        Self.logSnapshot(of: loaded, catalog: request.catalog)
      }
      try Task.checkCancellation()
      self.log(loaded.report, catalog: request.catalog)
      self.serve(loaded, named: request.catalog)
      Memory.releaseFreedPages()
      return self.counts(request.catalog, report: loaded.report)
    }
  }
}
