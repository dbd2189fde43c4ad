import JSONKit
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `recents/add`.
  func registerRecentsAddMethod(in table: inout MethodTable) {
    registerWrite(RecentsAddRequest.self, in: &table) { request, _ in
      do {
        let entries = try await self.recents.add(text: request.text, id: request.id, catalog: request.catalog)
        return RecentsResult(recents: entries)
      } catch {
        throw ResponseError.internalError("recents could not be saved: \(error)")
      }
    }
  }
}
