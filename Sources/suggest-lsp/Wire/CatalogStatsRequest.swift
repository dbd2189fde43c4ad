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
