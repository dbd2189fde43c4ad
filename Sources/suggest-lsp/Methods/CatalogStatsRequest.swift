import JSONKit
import RPCKit
import SuggestEngine

/// `catalog/stats {catalog?}` → counts.
struct CatalogStatsRequest: RPCRequest {
  typealias Result = CatalogCounts
  static let method = "catalog/stats"

  var catalog: String

  init(params: JSONValue?) throws {
    catalog = try JSONFields(params, path: "params").catalogName()
  }
}

extension SuggestServer {
  /// Registers `catalog/stats`.
  func registerCatalogStatsMethod(in table: inout MethodTable) {
    registerRead(CatalogStatsRequest.self, in: &table) { request, _ in
      _ = try self.catalog(named: request.catalog)
      return self.counts(request.catalog)
    }
  }
}
