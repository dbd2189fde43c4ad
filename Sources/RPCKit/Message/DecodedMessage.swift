/// The outcome of reading one JSON value as a JSON-RPC message.
public enum DecodedMessage: Sendable, Hashable {
  /// A valid message.
  case message(JSONRPCMessage)
  /// An invalid message, to be answered with `error` and the id when one could be recovered (else `null`).
  case invalid(id: RequestID, error: ResponseError)
}
