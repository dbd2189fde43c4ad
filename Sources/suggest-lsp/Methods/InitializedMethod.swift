import JSONKit
import RPCKit

extension SuggestServer {
  /// Registers `initialized`.
  func registerInitializedMethod(in table: inout MethodTable) {
    table.register(InitializedNotification.self) { _ in }
  }
}
