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
  /// Whether the request came in a batch: its response is written with the whole batch, so it may wait after
  /// ``respond(_:)`` returns (and can still be replaced by ``cancel(with:)`` until then).
  public let isBatchMember: Bool

  /// Answers the request with `result` now, if it is still unanswered.
  ///
  /// - Returns: `true` when this call answered the request; `false` when it had already been answered (cancelled,
  ///   superseded), in which case `result` is dropped.
  @discardableResult
  public func respond(_ result: some JSONEncodable) -> Bool {
    connection.respond(to: id, serial: serial, body: ResponseBody.result(id: id, result))
  }

  /// Answers the request with `error` and cancels its work, if its response has not been written yet: it is
  /// unanswered, or it is a batch member whose handler's outcome waits for the rest of its batch (the outcome is then
  /// replaced, as a supersession must replace a result that would otherwise be written after a newer one's).
  ///
  /// Unlike ``Connection/cancel(_:error:)`` this names this very request, never a newer one that reuses its id.
  ///
  /// - Returns: `true` when this call answered the request.
  @discardableResult
  public func cancel(with error: ResponseError) -> Bool {
    connection.inFlight.cancel(id, serial: serial) { ResponseBody.error(id: id, error) }
  }

  /// Whether the request's response has not been written yet (unanswered, or waiting in its unsent batch).
  public var isPending: Bool {
    connection.inFlight.isPending(id, serial: serial)
  }
}
