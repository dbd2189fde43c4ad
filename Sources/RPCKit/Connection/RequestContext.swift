public import JSONKit

/// What a handler knows about the request it is answering.
public struct RequestContext: Sendable {
  /// The request's id, as sent.
  public let id: RequestID
  /// The request's method.
  public let method: String
  /// The connection, e.g. to supersede older requests with ``Connection/cancel(_:error:)``.
  public let connection: Connection
  /// Which request with this id it is (ids may be reused once answered): answers for an older one are dropped.
  let generation: UInt64

  /// Answers the request with `result` now, if it is still unanswered.
  ///
  /// - Returns: `true` when this call answered the request; `false` when it had already been answered (cancelled,
  ///   superseded), in which case `result` is dropped.
  @discardableResult
  public func respond(_ result: some JSONEncodable) -> Bool {
    connection.respond(to: id, generation: generation, body: ResponseBody.result(id: id, result))
  }
}
