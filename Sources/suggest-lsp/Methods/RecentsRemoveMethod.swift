import JSONKit
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `recents/remove`.
  func registerRecentsRemoveMethod(in table: inout MethodTable) {
    registerWrite(RecentsRemoveRequest.self, in: &table) { request, _ in
      do {
        let (removed, entries) = try await self.recents.remove(
          text: request.text,
          id: request.id,
          catalog: request.catalog
        )
        return RecentsResult(recents: entries, removed: removed)
      } catch {
        throw ResponseError.internalError("recents could not be saved: \(error)")
      }
    }
  }
}
