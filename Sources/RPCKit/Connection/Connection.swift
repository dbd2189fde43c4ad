import Foundation
public import JSONKit
import Locking
import Synchronization

/// A JSON-RPC 2.0 server connection over a pair of file descriptors.
///
/// A dedicated reader thread decodes frames and messages and dispatches them (a large request's params are parsed in
/// its task instead, ``ConnectionOptions/paramsOffReaderBytes``); request handlers run as tasks (or inline, for cheap
/// ones); one serialized writer sends replies (a small reply to an idle output is written by the thread that made
/// it, in the writer's role). The reader pauses, leaving the rest of the input
/// unread, while more than ``ConnectionOptions/maxUnsentBytes`` of replies are unsent or
/// ``ConnectionOptions/maxRequestsInFlight`` handler tasks are alive, so a client that stops reading replies, or
/// writes requests faster than they are answered, cannot make the server's memory grow without bound.
/// `$/cancelRequest` is handled by the reader as soon as it is read, ahead of queued work. Every request gets exactly
/// one response: the table of requests in flight decides which outcome wins (result, error, cancellation,
/// supersession, end of input).
public final class Connection: Sendable {
  /// How the connection ended.
  enum Ending: Sendable {
    case endOfInput
    case exit(status: Int32)
  }

  private let input: Int32
  let options: ConnectionOptions
  let methods: MethodTable
  let writer: OutputWriter
  let sink: ResponseSink
  let inFlight: InFlightRequests
  let slots: RequestSlots

  /// Creates a connection reading `input` and writing replies to `output`.
  ///
  /// - Parameters:
  ///   - input: The file descriptor requests are read from (stdin).
  ///   - output: The file descriptor replies are written to (the saved real stdout).
  ///   - options: Framing and limits.
  ///   - methods: The handlers.
  public init(input: Int32, output: Int32, options: ConnectionOptions = ConnectionOptions(), methods: MethodTable) {
    self.input = input
    self.options = options
    self.methods = methods
    self.writer = OutputWriter(fd: output, backlogLimit: options.maxUnsentBytes)
    self.sink = ResponseSink(writer: writer, mode: options.framing == .lsp ? .lsp : .ndjson)
    self.inFlight = InFlightRequests(sink: sink)
    self.slots = RequestSlots(limit: options.maxRequestsInFlight)
  }

  /// Serves until `exit` or the end of input, then returns the process exit status.
  ///
  /// At the end of input every pending request is answered first (status 0). After `exit`, the status is 0 when
  /// `shutdown` came first (requests still pending are answered first) and 1 otherwise (requests still pending are
  /// answered with -32800).
  public func run() async -> Int32 {
    let ending: Ending = await withCheckedContinuation { continuation in
      let reader = Thread { [self] in
        ThreadName.setCurrent("suggest-reader")
        continuation.resume(returning: self.readLoop())
      }
      reader.stackSize = 4 << 20
      reader.start()
    }
    switch ending {
    case .endOfInput:
      await inFlight.waitUntilIdle()
      writer.close()
      return 0
    case .exit(let status):
      if status == 0 {
        // After `shutdown` nothing new is accepted and everything pending is finishing: let it.
        await inFlight.waitUntilIdle()
      } else {
        for (id, _) in inFlight.snapshot {
          cancel(id, error: .cancelled("the server exited before answering"))
        }
      }
      writer.close()
      return status
    }
  }

  /// Answers the request `id` with `error` and cancels its work, if it is still in flight.
  ///
  /// The daemon uses this to supersede stale queries (-32800 with `data: {"reason": "superseded", "by": …}`).
  ///
  /// - Returns: `true` when the request was in flight and is now answered.
  @discardableResult
  public func cancel(_ id: RequestID, error: ResponseError) -> Bool {
    inFlight.cancel(id) { ResponseBody.error(id: id, error) }
  }

  /// Sends a notification to the client (e.g. `window/logMessage`), framed like the replies, in order with them.
  ///
  /// - Parameters:
  ///   - method: The notification's method.
  ///   - params: Its params.
  public func notify(_ method: String, params: some JSONEncodable) {
    var writer = JSONWriter()
    writer.writeObject { writer in
      writer.field("jsonrpc", "2.0")
      writer.field("method", method)
      writer.writeKey("params")
      params.encode(to: &writer)
    }
    inFlight.sendUntracked(writer.bytes, batch: nil)
  }

  /// Sends `body` as the response of the request `id` numbered `serial`, if it is still unanswered.
  func respond(to id: RequestID, serial: UInt64, body: [UInt8]) -> Bool {
    inFlight.finish(id, serial: serial, body: body)
  }

  /// The requests in flight (read, not yet answered), with their methods.
  public var requestsInFlight: [(id: RequestID, method: String)] {
    inFlight.snapshot
  }

  // MARK: - Reader side

  /// Feeds `decoder`'s pending events to `dispatcher`; returns the exit status once `exit` was read.
  ///
  /// The reader thread calls this after each read; fuzzing and tests call it directly with bytes of their own.
  package func drain(_ decoder: inout FrameDecoder, into dispatcher: inout MessageDispatcher) -> Int32? {
    while true {
      if dispatcher.hasSetFraming {
        // The usual path: each body is lent straight from the decoder's buffer. While more input is buffered, replies
        // are left to the writer thread, which writes those of a burst together.
        let writer = writer
        let handled: Void? = decoder.nextEvent { event, isInputLeft in
          writer.isReaderAhead = isInputLeft
          dispatcher.receive(event)
        }
        guard handled != nil else { return nil }
      } else {
        // Until the framing is known, take owned events so the framing can be set before the first reply.
        guard let event = decoder.next() else { return nil }
        if let mode = decoder.detectedMode {
          sink.setFraming(mode)
          dispatcher.hasSetFraming = true
        }
        switch event {
        case .error(let error): dispatcher.receive(.error(error))
        case .message(let body): body.withUnsafeBytes { dispatcher.receive(.message($0)) }
        case .refused(let body, let error): body.withUnsafeBytes { dispatcher.receive(.refused($0, error)) }
        }
      }
      if let status = dispatcher.exitStatus { return status }
    }
  }

  /// A decoder with this connection's framing and limits.
  package func makeDecoder() -> FrameDecoder {
    FrameDecoder(
      mode: options.framing,
      maxMessageBytes: options.maxMessageBytes,
      maxHeaderBytes: options.maxHeaderBytes
    )
  }

  /// Reads the input until `exit` or its end. Runs on the reader thread.
  private func readLoop() -> Ending {
    var decoder = makeDecoder()
    var dispatcher = MessageDispatcher(connection: self)
    let chunkSize = 64 << 10
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      writer.waitWhileBacklogged()
      let count = read(input, chunk.baseAddress, chunkSize)
      if count < 0 && errno == EINTR { continue }
      if count > 0 {
        decoder.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
      } else {
        decoder.finish()
      }
      if let status = drain(&decoder, into: &dispatcher) { return .exit(status: status) }
      if count <= 0 { return .endOfInput }
    }
  }
}

extension ResponseError {
  /// Maps any error a handler throws to the response it gets.
  init(describing error: any Error) {
    switch error {
    case let error as ResponseError: self = error
    case let error as JSONDecodingError: self.init(error)
    case is CancellationError: self = .cancelled()
    default: self = .internalError("internal error: \(error)")
    }
  }

  /// Maps a framing failure to the error it is answered with: a size limit is an invalid request, anything else a
  /// parse error.
  init(_ error: FramingError) {
    switch error {
    case .bodyTooLarge, .lineTooLong: self = .invalidRequest("\(error)")
    default: self = .parseError("\(error)")
    }
  }
}
