/// A JSON-RPC error code. An open set: codes a peer sends that we do not know still decode.
public struct ErrorCode: RawRepresentable, Sendable, Hashable {
  /// The numeric code.
  public let rawValue: Int

  /// Wraps a numeric code.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Invalid JSON was received (-32700).
  public static let parseError = ErrorCode(rawValue: -32700)
  /// The JSON sent is not a valid request object (-32600).
  public static let invalidRequest = ErrorCode(rawValue: -32600)
  /// The method does not exist (-32601).
  public static let methodNotFound = ErrorCode(rawValue: -32601)
  /// Invalid method parameters (-32602).
  public static let invalidParams = ErrorCode(rawValue: -32602)
  /// Internal error (-32603).
  public static let internalError = ErrorCode(rawValue: -32603)
  /// The request was cancelled or superseded (LSP's -32800).
  public static let requestCancelled = ErrorCode(rawValue: -32800)
  /// The content changed and the result is no longer valid (LSP's -32801).
  public static let contentModified = ErrorCode(rawValue: -32801)
}
