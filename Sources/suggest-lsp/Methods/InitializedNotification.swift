import JSONKit
import RPCKit

/// `initialized`: accepted and ignored.
struct InitializedNotification: RPCNotification {
  static let method = "initialized"
  init(params: JSONValue?) throws {}
}

extension SuggestServer {
  /// Registers `initialized`.
  func registerInitializedMethod(in table: inout MethodTable) {
    table.register(InitializedNotification.self) { _ in }
  }
}
