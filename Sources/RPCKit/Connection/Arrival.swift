/// What a request's arrival hook did with it (``MethodTable/register(_:onArrival:respondingHandler:)``).
public enum Arrival<Ticket: Sendable>: Sendable {
  /// The hook answered the request: no task is started.
  case answered
  /// The handler answers it in a task, with this ticket.
  case pending(Ticket)
}
