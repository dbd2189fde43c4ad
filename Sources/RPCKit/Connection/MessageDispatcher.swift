import JSONKit

/// The message layer of the reader: JSON parsing, classification, lifecycle, batches and dispatch to handlers.
///
/// Only the reader thread (or a test or fuzzer standing in for it) touches it, so it needs no lock.
package struct MessageDispatcher {
  let connection: Connection
  var lifecycle = Lifecycle()
  /// The status to exit with, once `exit` was read.
  package var exitStatus: Int32?
  /// Whether replies' framing was set from the input's.
  var hasSetFraming = false

  /// Creates a dispatcher for `connection`.
  package init(connection: Connection) {
    self.connection = connection
  }

  /// Handles one framing event: a message body or a framing error.
  package mutating func receive(_ event: BorrowedFrameEvent) {
    // Backpressure before every message, not only before every read: one read can hold hundreds of requests, each
    // with a large reply.
    connection.writer.waitWhileBacklogged()
    switch event {
    case .error(let error):
      connection.inFlight.sendUntracked(ResponseBody.error(id: .null, ResponseError(error)), batch: nil)
    case .message(let body):
      handleBody(body)
    case .refused(let body, let error):
      refuse(body, error)
    }
  }

  /// Answers a message refused by the framing: with its request's id when the body reads as a request, with id null
  /// when it does not read at all; a notification is never answered, so its refusal is only logged.
  private func refuse(_ body: UnsafeRawBufferPointer, _ error: FramingError) {
    let value = try? JSONParser(maxDepth: connection.options.maxJSONDepth).parse(body)
    var id = RequestID.null
    if let object = value?.objectValue, object["method"] != nil {
      guard let idValue = object["id"] else {
        Log.warning("notification refused: \(error)")
        return
      }
      id = RequestID(json: idValue) ?? .null
    }
    connection.inFlight.sendUntracked(ResponseBody.error(id: id, ResponseError(error)), batch: nil)
  }

  private mutating func handleBody(_ body: UnsafeRawBufferPointer) {
    if body.count >= connection.options.paramsOffReaderBytes && handleParamsLater(body) { return }
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

  /// Starts a large request whose params are parsed in its task rather than here, so that reading goes on meanwhile:
  /// only the members before `params` are read now (`jsonrpc`, `id`, `method`, as clients write them), and the
  /// request takes its place in flight and its arrival hook runs, in arrival order, as any request's.
  ///
  /// - Returns: `false`, having done nothing, unless the message is such a request (its envelope comes before its
  ///   params and reads as a request; its method takes params later): it is then parsed whole as usual.
  private mutating func handleParamsLater(_ body: UnsafeRawBufferPointer) -> Bool {
    let parser = JSONParser(maxDepth: connection.options.maxJSONDepth)
    guard let head = try? parser.parseHead(body, before: "params"), head.stopOffset != nil else { return false }
    // The envelope as read so far, with an empty object standing in for the params; anything but a request whose
    // method takes params later is left to the whole parse, which answers it as usual.
    var envelope = head.members
    envelope.append(key: "params", value: .object(JSONObject()))
    guard case .message(.request(let id, let method, _)) = JSONRPCMessage.decode(.object(envelope)),
      let arrive = connection.methods.paramsLaterRequests[method]
    else { return false }
    handleRequest(id: id, method: method, params: .later(Array(body), arrive), batch: nil)
    return true
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
      handleRequest(id: id, method: method, params: .parsed(params), batch: batch)
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
        if let hook = connection.methods.notificationFailureHook {
          hook(method, error, connection)
        } else {
          Log.warning("notification \(method) failed: \(error)")
        }
      }
    }
  }

  /// A request's params: parsed with the message, or its whole body, to be parsed in its task.
  private enum Params {
    case parsed(JSONValue?)
    case later([UInt8], MethodTable.ParamsLaterPreparer)
  }

  private mutating func handleRequest(id: RequestID, method: String, params: Params, batch: BatchResponse?) {
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
    // A slot for the handler's task, taken before the request enters the table (this may block the reader until
    // enough handlers have ended); given back at once when no task is started.
    let slots = connection.slots
    slots.acquire()
    var isSlotHandedToTask = false
    defer { if !isSlotHandedToTask { slots.release() } }
    guard let serial = inFlight.begin(id, method: method, batch: batch) else {
      if method == "initialize" { lifecycle.initializeRefused() }
      inFlight.sendUntracked(
        ResponseBody.error(id: id, .invalidRequest("a request with id \(id) is still in flight")),
        batch: batch
      )
      return
    }
    let context = RequestContext(
      id: id,
      method: method,
      connection: connection,
      serial: serial,
      isBatchMember: batch != nil
    )
    if isShutdown {
      let task = Task(executorPreference: connection.options.taskExecutor) {
        defer { slots.release() }
        await inFlight.waitUntilIdle(except: id)
        inFlight.finish(id, serial: serial, body: ResponseBody.result(id: id, JSONValue.null))
      }
      isSlotHandedToTask = true
      inFlight.attach(task, to: id)
      return
    }
    let parsedParams: JSONValue?
    switch params {
    case .parsed(let value):
      parsedParams = value
    case .later(let body, let arrive):
      let run = arrive(context)
      let maxDepth = connection.options.maxJSONDepth
      isSlotHandedToTask = true
      start(context, slots: slots) { context in
        try await run(Self.params(of: body, id: id, method: method, maxDepth: maxDepth), context)
      }
      return
    }
    let prepared: MethodTable.PreparedRequest
    do {
      guard let prepare = connection.methods.requests[method] else { return }
      prepared = try prepare(parsedParams)
    } catch {
      if method == "initialize" { lifecycle.initializeRefused() }
      inFlight.finish(id, serial: serial, body: ResponseBody.error(id: id, ResponseError(describing: error)))
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
      inFlight.finish(id, serial: serial, body: body)
    case .task(let arrive):
      guard let run = arrive(context) else {
        // Answered on arrival (then this finds it answered and does nothing); a hook that said so without answering
        // still gets an answer.
        inFlight.finish(
          id,
          serial: serial,
          body: ResponseBody.error(id: id, .internalError("internal error: the handler sent no response"))
        )
        return
      }
      isSlotHandedToTask = true
      start(context, slots: slots, run)
    }
  }

  /// Runs a request's work as a task holding one of `slots` (given back when it ends), and answers the request with
  /// what it returns or throws.
  private func start(
    _ context: RequestContext,
    slots: RequestSlots,
    _ run: @escaping @Sendable (RequestContext) async throws -> [UInt8]?
  ) {
    let inFlight = connection.inFlight
    let id = context.id
    let serial = context.serial
    let task = Task(executorPreference: connection.options.taskExecutor) {
      defer { slots.release() }
      let body: [UInt8]
      do {
        body =
          try await run(context)
          ?? ResponseBody.error(id: id, .internalError("internal error: the handler sent no response"))
      } catch {
        body = ResponseBody.error(id: id, ResponseError(describing: error))
      }
      inFlight.finish(id, serial: serial, body: body)
    }
    inFlight.attach(task, to: id)
  }

  /// The params of a request whose body is parsed in its task: the whole body is parsed and checked as on the
  /// reader, and must still read as the request `id` of `method` that its envelope announced.
  private static func params(
    of body: [UInt8],
    id: RequestID,
    method: String,
    maxDepth: Int
  ) -> Result<JSONValue?, any Error> {
    let value: JSONValue
    do {
      value = try JSONParser(maxDepth: maxDepth).parse(body)
    } catch {
      return .failure(ResponseError.parseError("\(error)"))
    }
    switch JSONRPCMessage.decode(value) {
    case .message(.request(let readID, let readMethod, let params)) where readID == id && readMethod == method:
      return .success(params)
    case .invalid(_, let error):
      return .failure(error)
    default:
      return .failure(
        ResponseError.invalidRequest("the message names its \"id\" or \"method\" again after its \"params\"")
      )
    }
  }
}
