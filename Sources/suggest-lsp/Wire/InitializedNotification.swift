import JSONKit
import RPCKit

/// `initialized`: accepted and ignored.
struct InitializedNotification: RPCNotification {
  static let method = "initialized"
  init(params: JSONValue?) throws {}
}
