public import JSONKit

/// One JSON-RPC 2.0 message as the client sent it.
public enum JSONRPCMessage: Sendable, Hashable {
  /// A call that expects exactly one response.
  case request(id: RequestID, method: String, params: JSONValue?)
  /// A call that is never answered, not even with an error.
  case notification(method: String, params: JSONValue?)
  /// A response from the client (stray: we send no requests); ignored.
  case response(id: RequestID)
}

extension JSONRPCMessage {
  /// Classifies one JSON value (not a batch array) as a request, notification or response.
  ///
  /// Validity comes first: a value that is not a well-formed message is `.invalid`, answered with the id when one
  /// can be recovered, and with id `null` otherwise. `"params": null` is the same as absent params.
  ///
  /// - Parameter value: A parsed JSON value.
  /// - Returns: The message, or the error it must be answered with.
  public static func decode(_ value: JSONValue) -> DecodedMessage {
    guard case .object(let object) = value else {
      return .invalid(
        id: .null,
        error: .invalidRequest("a message must be a JSON object, got \(value.kindDescription)")
      )
    }
    var idValue: JSONValue?
    var jsonrpc: JSONValue?
    var method: JSONValue?
    var params: JSONValue?
    var hasResultOrError = false
    for member in object.members {
      switch member.key {
      case "id": idValue = member.value
      case "jsonrpc": jsonrpc = member.value
      case "method": method = member.value
      case "params": params = member.value
      case "result", "error": hasResultOrError = true
      default: break
      }
    }
    var id: RequestID?
    if let idValue {
      guard let parsed = RequestID(json: idValue) else {
        return .invalid(
          id: .null,
          error: .invalidRequest("\"id\" must be a string, a number or null, got \(idValue.kindDescription)")
        )
      }
      id = parsed
    }
    guard case .string("2.0") = jsonrpc else {
      let seen: String
      switch jsonrpc {
      case .string(let text)?: seen = JSONValue.string(text).serializedString()
      case let other?: seen = other.kindDescription
      case nil: seen = "nothing"
      }
      return .invalid(id: id ?? .null, error: .invalidRequest("\"jsonrpc\" must be \"2.0\", got \(seen)"))
    }
    guard let method else {
      if let id, hasResultOrError { return .message(.response(id: id)) }
      return .invalid(id: id ?? .null, error: .invalidRequest("missing \"method\""))
    }
    guard case .string(let name) = method else {
      return .invalid(
        id: id ?? .null,
        error: .invalidRequest("\"method\" must be a string, got \(method.kindDescription)")
      )
    }
    switch params {
    case nil, .null?:
      params = nil
    case .object?, .array?:
      break
    case let other?:
      return .invalid(
        id: id ?? .null,
        error: .invalidRequest("\"params\" must be an object or an array, got \(other.kindDescription)")
      )
    }
    if let id { return .message(.request(id: id, method: name, params: params)) }
    return .message(.notification(method: name, params: params))
  }
}
