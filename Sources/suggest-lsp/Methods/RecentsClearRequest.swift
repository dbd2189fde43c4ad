import JSONKit
import RPCKit
import SuggestEngine

/// `recents/clear {catalog?}` → `{recents: []}`: forgets the recents of a catalog.
struct RecentsClearRequest: RPCRequest {
  typealias Result = RecentsResult
  static let method = "recents/clear"

  /// The catalog the recents belong to.
  var catalog: String

  init(params: JSONValue?) throws {
    catalog = try JSONFields(params, path: "params").catalogName()
  }
}

extension SuggestServer {
  /// Registers `recents/clear`.
  func registerRecentsClearMethod(in table: inout MethodTable) {
    registerWrite(RecentsClearRequest.self, in: &table) { request, _ in
      do {
        try await self.recents.clear(catalog: request.catalog)
        return RecentsResult(recents: [])
      } catch {
        throw ResponseError.internalError("recents could not be saved: \(error)")
      }
    }
  }
}
