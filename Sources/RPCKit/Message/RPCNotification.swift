public import JSONKit

/// A notification the server handles: never answered, not even with an error.
public protocol RPCNotification: Sendable {
  /// The wire name, e.g. `"initialized"`.
  static var method: String { get }

  /// Decodes the notification from its params (`nil` when absent or `null`).
  init(params: JSONValue?) throws
}
