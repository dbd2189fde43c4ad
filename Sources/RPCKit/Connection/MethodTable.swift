import JSONKit

/// The server's methods: built before the connection starts, immutable while it runs.
public struct MethodTable: Sendable {
  /// A request handler with its params already decoded; runs in a task or inline.
  enum PreparedRequest: Sendable {
    case inline(@Sendable (RequestContext) throws -> [UInt8])
    /// Runs on the reader as the request arrives and returns the work its task does, or `nil` when it answered the
    /// request itself.
    case task(@Sendable (RequestContext) -> (@Sendable (RequestContext) async throws -> [UInt8]?)?)
  }

  typealias RequestPreparer = @Sendable (JSONValue?) throws -> PreparedRequest
  /// The other way to start a request, for a large message whose params are parsed off the reader: runs the arrival
  /// hook on the reader, with no params, and returns the work its task does once the params are parsed (or failed
  /// to).
  typealias ParamsLaterPreparer =
    @Sendable (RequestContext) -> @Sendable (Result<JSONValue?, any Error>, RequestContext) async throws -> [UInt8]?
  typealias NotificationHandler = @Sendable (JSONValue?) throws -> Void

  private(set) var requests: [String: RequestPreparer] = [:]
  /// The requests whose arrival hook needs no params, so that a large message's params can be parsed off the
  /// reader (``ConnectionOptions/paramsOffReaderBytes``).
  private(set) var paramsLaterRequests: [String: ParamsLaterPreparer] = [:]
  private(set) var notifications: [String: NotificationHandler] = [:]
  private(set) var notificationFailureHook: (@Sendable (String, any Error, Connection) -> Void)?

  /// Creates an empty table.
  public init() {}

  /// The wire names of every registered request and notification, sorted.
  public var methodNames: [String] {
    (Array(requests.keys) + Array(notifications.keys)).sorted()
  }

  /// Registers a request handler that runs as its own task, concurrently with other requests.
  ///
  /// - Parameters:
  ///   - type: The request type; its `method` is the wire name.
  ///   - handler: Computes the result. Throwing ``ResponseError`` answers with it; `CancellationError` with -32800;
  ///     any other error with -32603.
  public mutating func register<Request: RPCRequest>(
    _ type: Request.Type,
    handler: @escaping @Sendable (Request, RequestContext) async throws -> Request.Result
  ) {
    requests[Request.method] = { params in
      let request = try Request(params: params)
      return .task { _ in
        { context in
          let result = try await handler(request, context)
          return ResponseBody.result(id: context.id, result)
        }
      }
    }
  }

  /// Registers a request handler with a hook that runs on the reader as the request arrives, in arrival order,
  /// before the handler's task starts; what the hook returns is handed to the handler.
  ///
  /// The hook is where ordering is decided: e.g. a read takes a ticket that waits for the writes that arrived
  /// before it, and a superseding query answers the older queries of its field at once
  /// (``Connection/cancel(_:error:)``).
  ///
  /// - Parameters:
  ///   - type: The request type; its `method` is the wire name.
  ///   - onArrival: Runs synchronously on the reader; must not block.
  ///   - handler: Computes the result, given what `onArrival` returned.
  public mutating func register<Request: RPCRequest, Ticket: Sendable>(
    _ type: Request.Type,
    onArrival: @escaping @Sendable (Request, RequestContext) -> Ticket,
    handler: @escaping @Sendable (Request, RequestContext, Ticket) async throws -> Request.Result
  ) {
    requests[Request.method] = { params in
      let request = try Request(params: params)
      return .task { context in
        let ticket = onArrival(request, context)
        return { context in
          let result = try await handler(request, context, ticket)
          return ResponseBody.result(id: context.id, result)
        }
      }
    }
  }

  /// Registers a request handler with an arrival hook that needs no params, so that the params of a large message
  /// can be parsed off the reader (``ConnectionOptions/paramsOffReaderBytes``): the hook takes the request's place
  /// on the reader, in arrival order, and the parsing happens in the handler's task, while the reader goes on
  /// reading the messages after it.
  ///
  /// A small message is parsed on the reader as usual, and params that do not decode are answered there, with no
  /// task. For a large one the handler gets the decoding's failure instead of a request: it must still settle what
  /// its hook took (e.g. let the requests after it go) and then throw the failure, which answers the request.
  ///
  /// - Parameters:
  ///   - type: The request type; its `method` is the wire name.
  ///   - onArrival: Runs synchronously on the reader; must not block.
  ///   - handler: Computes the result from the decoded request (or rethrows why it did not decode), given what
  ///     `onArrival` returned.
  public mutating func register<Request: RPCRequest, Ticket: Sendable>(
    _ type: Request.Type,
    arrivalBeforeParams onArrival: @escaping @Sendable (RequestContext) -> Ticket,
    handler: @escaping @Sendable (Result<Request, any Error>, RequestContext, Ticket) async throws -> Request.Result
  ) {
    requests[Request.method] = { params in
      let request = try Request(params: params)
      return .task { context in
        let ticket = onArrival(context)
        return { context in
          ResponseBody.result(id: context.id, try await handler(.success(request), context, ticket))
        }
      }
    }
    paramsLaterRequests[Request.method] = { context in
      let ticket = onArrival(context)
      return { params, context in
        let request = Result { () throws -> Request in try Request(params: params.get()) }
        return ResponseBody.result(id: context.id, try await handler(request, context, ticket))
      }
    }
  }

  /// Registers a request handler that answers through ``RequestContext/respond(_:)`` itself, with an arrival hook as
  /// in ``register(_:onArrival:handler:)`` that may answer the request at once.
  ///
  /// This is the shape of a superseding query: the handler delivers its result only while it is still the newest
  /// query of its field, and a query whose answer is ready when it arrives is answered on the reader, without the
  /// thread wake-up a task costs. A handler that returns without responding gets -32603.
  ///
  /// - Parameters:
  ///   - type: The request type; its `method` is the wire name.
  ///   - onArrival: Runs synchronously on the reader; must not block. Returns ``Arrival/answered`` once it has
  ///     answered the request with `context.respond` (no task is started), or the ticket its handler runs with.
  ///   - handler: Computes and sends the result with `context.respond`, given the ticket `onArrival` returned.
  public mutating func register<Request: RPCRequest, Ticket: Sendable>(
    _ type: Request.Type,
    onArrival: @escaping @Sendable (Request, RequestContext) -> Arrival<Ticket>,
    respondingHandler handler: @escaping @Sendable (Request, RequestContext, Ticket) async throws -> Void
  ) {
    requests[Request.method] = { params in
      let request = try Request(params: params)
      return .task { context in
        switch onArrival(request, context) {
        case .answered:
          return nil
        case .pending(let ticket):
          return { context in
            try await handler(request, context, ticket)
            return nil
          }
        }
      }
    }
  }

  /// Registers a request handler cheap enough to run inline on the reader, in arrival order, with no task.
  ///
  /// - Parameters:
  ///   - type: The request type; its `method` is the wire name.
  ///   - handler: Computes the result; must not block.
  public mutating func registerInline<Request: RPCRequest>(
    _ type: Request.Type,
    handler: @escaping @Sendable (Request, RequestContext) throws -> Request.Result
  ) {
    requests[Request.method] = { params in
      let request = try Request(params: params)
      return .inline { context in
        ResponseBody.result(id: context.id, try handler(request, context))
      }
    }
  }

  /// Registers a notification handler; it runs inline on the reader and must not block.
  public mutating func register<Notification: RPCNotification>(
    _ type: Notification.Type,
    handler: @escaping @Sendable (Notification) throws -> Void
  ) {
    notifications[Notification.method] = { params in
      try handler(try Notification(params: params))
    }
  }

  /// Registers what to do when a notification's params do not decode or its handler throws (a notification is never
  /// answered), e.g. tell the client with a `window/logMessage` notification. It runs on the reader and must not
  /// block; without it, the failure is logged on stderr.
  ///
  /// - Parameter hook: Given the method, the error and the connection.
  public mutating func onNotificationFailure(_ hook: @escaping @Sendable (String, any Error, Connection) -> Void) {
    notificationFailureHook = hook
  }
}
