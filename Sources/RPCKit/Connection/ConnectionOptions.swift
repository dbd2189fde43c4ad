/// Limits and settings of a connection.
public struct ConnectionOptions: Sendable {
  /// How input is framed; `.auto` decides from the first non-blank byte. Replies use the input's framing.
  public var framing: FramingMode
  /// The largest message body accepted; a larger one is answered with an error and skipped unbuffered.
  public var maxMessageBytes: Int
  /// The largest LSP header block accepted.
  public var maxHeaderBytes: Int
  /// The deepest JSON nesting accepted.
  public var maxJSONDepth: Int
  /// Unsent reply bytes above which reading input pauses (backpressure on a client that stopped reading).
  public var maxUnsentBytes: Int
  /// Request handler tasks alive at once above which reading input pauses, so that a client cannot make the server
  /// hold an unbounded number of requests that were read but are still being worked on (or waited on).
  public var maxRequestsInFlight: Int
  /// The message size from which a request's params are parsed off the reader thread, in its handler's task, so
  /// that a large message (an inline `catalog/load` of many megabytes) does not stop the reading of the messages
  /// after it. Only for a single request (not a batch) whose `jsonrpc`, `id` and `method` come before its `params`
  /// and whose method was registered with an arrival hook that needs no params
  /// (``MethodTable/register(_:arrivalBeforeParams:handler:)``); smaller messages are parsed on the reader, which
  /// is quicker than a hand-off.
  public var paramsOffReaderBytes: Int
  /// Where the request handlers' tasks run: `nil`, the default, is Swift's global concurrent executor. A host whose
  /// own work keeps that pool busy (a test run, an editor embedding the server) can give the connection threads of
  /// its own, so that replies do not wait behind that work.
  public var taskExecutor: (any TaskExecutor)?

  /// Creates options; the defaults are the daemon's.
  public init(
    framing: FramingMode = .auto,
    maxMessageBytes: Int = 16 << 20,
    maxHeaderBytes: Int = 8 << 10,
    maxJSONDepth: Int = 512,
    maxUnsentBytes: Int = 8 << 20,
    maxRequestsInFlight: Int = 512,
    paramsOffReaderBytes: Int = 256 << 10,
    taskExecutor: (any TaskExecutor)? = nil
  ) {
    self.framing = framing
    self.maxMessageBytes = maxMessageBytes
    self.maxHeaderBytes = maxHeaderBytes
    self.maxJSONDepth = maxJSONDepth
    self.maxUnsentBytes = maxUnsentBytes
    self.maxRequestsInFlight = maxRequestsInFlight
    self.paramsOffReaderBytes = paramsOffReaderBytes
    self.taskExecutor = taskExecutor
  }
}
