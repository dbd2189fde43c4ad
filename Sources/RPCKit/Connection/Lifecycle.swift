/// The connection's lifecycle as a state machine: *running* (initialized or not) → *shutting down* → *exited*.
///
/// `initialize` is optional (shell pipes need no handshake). Events return what the connection must do; the
/// machine does no I/O, so it is tested on its own.
struct Lifecycle: Sendable {
  private enum State {
    /// Serving; `isInitialized` once an `initialize` request has been read.
    case running(isInitialized: Bool)
    /// `shutdown` was read: every later request is refused.
    case shuttingDown
    /// `exit` was read.
    case exited
  }

  /// What to do with a request.
  enum RequestAction: Equatable {
    /// Dispatch it to its handler.
    case dispatch
    /// Answer it with this error.
    case reject(ResponseError)
  }

  private var state = State.running(isInitialized: false)

  /// Whether `initialize` has been read.
  var isInitialized: Bool {
    switch state {
    case .running(let isInitialized): isInitialized
    case .shuttingDown, .exited: true
    }
  }

  /// Whether `shutdown` has been read.
  var isShuttingDown: Bool {
    switch state {
    case .running: false
    case .shuttingDown, .exited: true
    }
  }

  /// A request with `method` was read.
  mutating func receiveRequest(_ method: String) -> RequestAction {
    switch state {
    case .running(let isInitialized):
      switch method {
      case "initialize":
        if isInitialized { return .reject(.invalidRequest("the server is already initialized")) }
        state = .running(isInitialized: true)
        return .dispatch
      case "shutdown":
        state = .shuttingDown
        return .dispatch
      default:
        return .dispatch
      }
    case .shuttingDown:
      return .reject(.invalidRequest("the server is shutting down: no request is accepted after shutdown"))
    case .exited:
      return .reject(.invalidRequest("the server has exited"))
    }
  }

  /// `exit` was read: returns the process exit status, 0 after `shutdown`, 1 without.
  mutating func receiveExit() -> Int32 {
    let status: Int32 = isShuttingDown ? 0 : 1
    state = .exited
    return status
  }
}
