import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers a method that changes state: it runs after every earlier write, and every later request sees it.
  func registerWrite<Request: RPCRequest>(
    _ type: Request.Type,
    in table: inout MethodTable,
    handler: @escaping @Sendable (Request, RequestContext) async throws -> Request.Result
  ) {
    table.register(type, onArrival: { _, _ in self.ordering.arriveWrite() }) { request, context, ticket in
      try await ticket.run { try await handler(request, context) }
    }
  }

  /// Registers a method that only reads state: it runs after every earlier write.
  func registerRead<Request: RPCRequest>(
    _ type: Request.Type,
    in table: inout MethodTable,
    handler: @escaping @Sendable (Request, RequestContext) async throws -> Request.Result
  ) {
    table.register(type, onArrival: { _, _ in self.ordering.arriveRead() }) { request, context, ticket in
      try await ticket.run { try await handler(request, context) }
    }
  }
}
