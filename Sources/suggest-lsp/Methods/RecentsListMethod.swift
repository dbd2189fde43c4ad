import JSONKit
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `recents/list`.
  func registerRecentsListMethod(in table: inout MethodTable) {
    registerRead(RecentsListRequest.self, in: &table) { request, _ in
      RecentsResult(recents: self.recents.entries(catalog: request.catalog))
    }
  }
}
