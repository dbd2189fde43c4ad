/// The version of the transport library, reported in `serverInfo`.
public enum RPCKitVersion {
  /// The JSON-RPC version string every message carries.
  public static let jsonrpc = "2.0"
}
