public import JSONKit

/// The `error` member of a JSON-RPC response: a code, a message, and optional data.
public struct ResponseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The error code.
  public var code: ErrorCode
  /// A one-line explanation for a human.
  public var message: String
  /// Structured detail, e.g. `{"reason": "superseded", "by": 7}`.
  public var data: JSONValue?

  /// Creates an error.
  public init(code: ErrorCode, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// A readable rendering of code and message.
  public var description: String { "\(code.rawValue): \(message)" }

  /// A parse error (-32700).
  public static func parseError(_ message: String) -> ResponseError {
    ResponseError(code: .parseError, message: message)
  }

  /// An invalid-request error (-32600).
  public static func invalidRequest(_ message: String) -> ResponseError {
    ResponseError(code: .invalidRequest, message: message)
  }

  /// A method-not-found error (-32601) naming the method.
  public static func methodNotFound(_ method: String) -> ResponseError {
    ResponseError(code: .methodNotFound, message: "method not found: \(method)")
  }

  /// An invalid-params error (-32602); the message names the field and what was expected.
  public static func invalidParams(_ message: String) -> ResponseError {
    ResponseError(code: .invalidParams, message: message)
  }

  /// An internal error (-32603).
  public static func internalError(_ message: String) -> ResponseError {
    ResponseError(code: .internalError, message: message)
  }

  /// A cancellation (-32800), optionally with structured detail.
  public static func cancelled(_ message: String = "request cancelled", data: JSONValue? = nil) -> ResponseError {
    ResponseError(code: .requestCancelled, message: message, data: data)
  }

  /// Converts a field-decoding failure to -32602, keeping its path and expectation in the message.
  public init(_ decodingError: JSONDecodingError) {
    self = .invalidParams(decodingError.description)
  }
}
