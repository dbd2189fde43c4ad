public import JSONKit

/// What a handler knows about the request it is answering.
public struct RequestContext: Sendable {
  /// The request's id, as sent.
  public let id: RequestID
  /// The request's method.
  public let method: String
  /// The connection, e.g. to supersede older requests with ``Connection/cancel(_:error:)``.
  public let connection: Connection
  /// The serial number the in-flight table gave this request, so that a late answer cannot answer a newer request
  /// that reuses the id.
  let serial: UInt64

  /// Answers the request with `result` now, if it is still unanswered.
  ///
  /// - Returns: `true` when this call answered the request; `false` when it had already been answered (cancelled,
  ///   superseded), in which case `result` is dropped.
  @discardableResult
  public func respond(_ result: some JSONEncodable) -> Bool {
    connection.respond(to: id, serial: serial, body: ResponseBody.result(id: id, result))
  }
}
