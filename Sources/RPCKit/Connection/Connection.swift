import Foundation
import JSONKit
import Synchronization

/// A JSON-RPC 2.0 server connection over a pair of file descriptors.
///
/// A dedicated reader thread decodes frames and messages and dispatches them; request handlers run as tasks
/// (or inline, for cheap ones); one serialized writer sends replies. `$/cancelRequest` is handled by the reader
/// as soon as it is read, ahead of queued work. Every request gets exactly one response: the table of requests in
/// flight decides which outcome wins (result, error, cancellation, supersession, end of input).
public final class Connection: Sendable {
  /// How the connection ended.
  enum Ending: Sendable {
    case endOfInput
    case exit(status: Int32)
  }

  private let input: Int32
  private let options: ConnectionOptions
  private let methods: MethodTable
  private let writer: OutputWriter
  private let sink: ResponseSink
  private let inFlight: InFlightRequests

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
  }

  /// Serves until `exit` or the end of input, then returns the process exit status.
  ///
  /// At the end of input every pending request is answered first (status 0). After `exit`, the status is 0 when
  /// `shutdown` came first and 1 otherwise; requests still pending are answered with -32800.
  public func run() async -> Int32 {
    let ending: Ending = await withCheckedContinuation { continuation in
      let reader = Thread { [self] in
        var loop = ReadLoop(connection: self)
        continuation.resume(returning: loop.run())
      }
      reader.name = "suggest-lsp.reader"
      reader.stackSize = 4 << 20
      reader.start()
    }
    switch ending {
    case .endOfInput:
      await inFlight.waitUntilIdle()
      writer.close()
      return 0
    case .exit(let status):
      for (id, _) in inFlight.snapshot {
        cancel(id, error: .cancelled("the server exited before answering"))
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

  /// Sends `body` as the response of `id` if it is still unanswered.
  func respond(to id: RequestID, body: [UInt8]) -> Bool {
    inFlight.finish(id, body: body)
  }

  /// The requests in flight (read, not yet answered), with their methods.
  public var requestsInFlight: [(id: RequestID, method: String)] {
    inFlight.snapshot
  }

  // MARK: - Reader side

  /// The reader thread's state: only the reader touches it, so it needs no lock.
  private struct ReadLoop {
    let connection: Connection
    var lifecycle = Lifecycle()
    var exitStatus: Int32?

    init(connection: Connection) {
      self.connection = connection
    }

    mutating func run() -> Ending {
      let options = connection.options
      var decoder = FrameDecoder(
        mode: options.framing,
        maxMessageBytes: options.maxMessageBytes,
        maxHeaderBytes: options.maxHeaderBytes
      )
      var hasSetFraming = false
      let chunkSize = 64 << 10
      let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
      defer { chunk.deallocate() }
      var atEnd = false
      while !atEnd {
        connection.writer.waitWhileBacklogged()
        let count = read(connection.input, chunk.baseAddress, chunkSize)
        if count < 0 && errno == EINTR { continue }
        if count > 0 {
          decoder.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
        } else {
          decoder.finish()
          atEnd = true
        }
        while true {
          if hasSetFraming {
            // The usual path: each body is lent straight from the decoder's buffer.
            guard decoder.nextEvent({ event in handle(event) }) != nil else { break }
          } else {
            // Until the framing is known, take owned events so the framing can be set before the first reply.
            guard let event = decoder.next() else { break }
            if let mode = decoder.detectedMode {
              connection.sink.setFraming(mode)
              hasSetFraming = true
            }
            switch event {
            case .error(let error): handle(.error(error))
            case .message(let body): body.withUnsafeBytes { handle(.message($0)) }
            }
          }
          if let exitStatus { return .exit(status: exitStatus) }
        }
      }
      return .endOfInput
    }

    private mutating func handle(_ event: BorrowedFrameEvent) {
      switch event {
      case .error(let error):
        connection.inFlight.sendUntracked(ResponseBody.error(id: .null, ResponseError(error)), batch: nil)
      case .message(let body):
        handleBody(body)
      }
    }

    private mutating func handleBody(_ body: UnsafeRawBufferPointer) {
      let value: JSONValue
      do {
        value = try JSONParser(maxDepth: connection.options.maxJSONDepth).parse(body)
      } catch {
        connection.inFlight.sendUntracked(ResponseBody.error(id: .null, .parseError("\(error)")), batch: nil)
        return
      }
      guard case .array(let elements) = value else {
        _ = handle(value, batch: nil)
        return
      }
      guard !elements.isEmpty else {
        connection.inFlight.sendUntracked(
          ResponseBody.error(id: .null, .invalidRequest("an empty batch is not a valid request")),
          batch: nil
        )
        return
      }
      let batch = BatchResponse()
      var expected = 0
      for element in elements {
        if case .array = element {
          connection.inFlight.sendUntracked(
            ResponseBody.error(id: .null, .invalidRequest("a batch member must be a JSON object, got an array")),
            batch: batch
          )
          expected += 1
          continue
        }
        if handle(element, batch: batch) { expected += 1 }
        if exitStatus != nil { break }
      }
      connection.inFlight.seal(batch, expecting: expected)
    }

    /// Handles one message; returns whether it will get a response.
    private mutating func handle(_ value: JSONValue, batch: BatchResponse?) -> Bool {
      switch JSONRPCMessage.decode(value) {
      case .invalid(let id, let error):
        connection.inFlight.sendUntracked(ResponseBody.error(id: id, error), batch: batch)
        return true
      case .message(.response):
        return false
      case .message(.notification(let method, let params)):
        handleNotification(method, params: params)
        return false
      case .message(.request(let id, let method, let params)):
        handleRequest(id: id, method: method, params: params, batch: batch)
        return true
      }
    }

    private mutating func handleNotification(_ method: String, params: JSONValue?) {
      switch method {
      case "exit":
        exitStatus = lifecycle.receiveExit()
      case "$/cancelRequest":
        guard let idValue = params?.objectValue?["id"], let id = RequestID(json: idValue) else { return }
        connection.cancel(id, error: .cancelled("request cancelled by the client"))
      default:
        guard let handler = connection.methods.notifications[method] else { return }
        do {
          try handler(params)
        } catch {
          Log.warning("notification \(method) failed: \(error)")
        }
      }
    }

    private mutating func handleRequest(id: RequestID, method: String, params: JSONValue?, batch: BatchResponse?) {
      let inFlight = connection.inFlight
      if case .reject(let error) = lifecycle.receiveRequest(method) {
        inFlight.sendUntracked(ResponseBody.error(id: id, error), batch: batch)
        return
      }
      let isShutdown = method == "shutdown"
      guard isShutdown || connection.methods.requests[method] != nil else {
        inFlight.sendUntracked(ResponseBody.error(id: id, .methodNotFound(method)), batch: batch)
        return
      }
      guard inFlight.begin(id, method: method, batch: batch) else {
        inFlight.sendUntracked(
          ResponseBody.error(id: id, .invalidRequest("a request with id \(id) is still in flight")),
          batch: batch
        )
        return
      }
      let context = RequestContext(id: id, method: method, connection: connection)
      if isShutdown {
        let hook = connection.methods.shutdownHook
        let task = Task {
          await inFlight.waitUntilIdle(except: id)
          await hook?()
          inFlight.finish(id, body: ResponseBody.result(id: id, JSONValue.null))
        }
        inFlight.attach(task, to: id)
        return
      }
      let prepared: MethodTable.PreparedRequest
      do {
        guard let prepare = connection.methods.requests[method] else { return }
        prepared = try prepare(params)
      } catch {
        inFlight.finish(id, body: ResponseBody.error(id: id, ResponseError(describing: error)))
        return
      }
      switch prepared {
      case .inline(let run):
        let body: [UInt8]
        do {
          body = try run(context)
        } catch {
          body = ResponseBody.error(id: id, ResponseError(describing: error))
        }
        inFlight.finish(id, body: body)
      case .task(let arrive):
        let run = arrive(context)
        let task = Task {
          let body: [UInt8]
          do {
            body =
              try await run(context)
              ?? ResponseBody.error(id: id, .internalError("internal error: the handler sent no response"))
          } catch {
            body = ResponseBody.error(id: id, ResponseError(describing: error))
          }
          inFlight.finish(id, body: body)
        }
        inFlight.attach(task, to: id)
      }
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
