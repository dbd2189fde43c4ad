import JSONKit
import RPCKit
import SuggestEngine

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
