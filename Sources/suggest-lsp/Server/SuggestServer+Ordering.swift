import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers a method that changes state: it runs after every earlier write, and every later request sees it.
  ///
  /// Its place is taken as it arrives, before its params are decoded, so a large message's params are parsed off
  /// the reader (``ConnectionOptions/paramsOffReaderBytes``) while the order of effects stays the arrival order.
  func registerWrite<Request: RPCRequest>(
    _ type: Request.Type,
    in table: inout MethodTable,
    handler: @escaping @Sendable (Request, RequestContext) async throws -> Request.Result
  ) {
    table.register(type, arrivalBeforeParams: { _ in self.ordering.arriveWrite() }) { request, context, ticket in
      // The ticket is run even when a large message's params failed to decode: the requests after it wait for it.
      try await ticket.run { try await handler(request.get(), context) }
    }
  }

  /// Registers a method that only reads state: it runs after every earlier write.
  func registerRead<Request: RPCRequest>(
    _ type: Request.Type,
    in table: inout MethodTable,
    handler: @escaping @Sendable (Request, RequestContext) async throws -> Request.Result
  ) {
    table.register(type, arrivalBeforeParams: { _ in self.ordering.arriveRead() }) { request, context, ticket in
      try await ticket.run { try await handler(request.get(), context) }
    }
  }
}
