import Locking

/// The table of requests in flight: the one place that holds the exactly-one-response rule.
///
/// A request is entered when it is read and leaves the table exactly once: when its handler finishes, when it
/// is cancelled (`$/cancelRequest`, superseded), or when the connection ends. Whoever removes the entry sends
/// the response while holding the table's lock, so two outcomes can never both be written, and a result can
/// never be written after a response that was decided later (no stale result after a newer one).
///
/// Each entry has a serial number: an id may be used again once its request is answered, so a handler that
/// answers late (after a cancellation) names its serial, and cannot answer a newer request that reuses the id.
///
/// A batch member's response is not written until the whole batch is, so a member answered early stays in the table,
/// *held*, until its batch is sent: its id still counts as in flight, and a cancellation (a supersession) that comes
/// before the batch is sent replaces the held response once. Otherwise a query's result waiting in a batch behind a
/// slow member would be written after the result of a newer query of its field.
final class InFlightRequests: Sendable {
  private struct Entry {
    var method: String
    var serial: UInt64
    var task: Task<Void, Never>?
    var batch: BatchResponse?
    /// For a member answered while its batch is incomplete: where its response waits in the batch.
    var held: Held?
  }

  /// A batch member's response waiting in its unsent batch.
  private struct Held {
    /// Its place in the batch.
    var index: Int
    /// Whether a cancellation may still replace it (a handler's outcome, not yet replaced).
    var isReplaceable: Bool
  }

  private struct Table {
    var entries: [RequestID: Entry] = [:]
    var nextSerial: UInt64 = 1
  }

  private let table = Locked(Table())
  private let sink: ResponseSink

  init(sink: ResponseSink) {
    self.sink = sink
  }

  /// Enters a request; returns its serial number, or `nil` when a request with the same id is still in flight.
  func begin(_ id: RequestID, method: String, batch: BatchResponse?) -> UInt64? {
    table.withLock { table in
      if table.entries[id] != nil { return nil }
      let serial = table.nextSerial
      table.nextSerial += 1
      table.entries[id] = Entry(method: method, serial: serial, task: nil, batch: batch)
      return serial
    }
  }

  /// Records the task running the request; cancels it at once if the request was already answered.
  func attach(_ task: Task<Void, Never>, to id: RequestID) {
    let isPending = table.withLock { table in
      guard table.entries[id] != nil, table.entries[id]?.held == nil else { return false }
      table.entries[id]?.task = task
      return true
    }
    if !isPending { task.cancel() }
  }

  /// Sends `body` as the response of `id` if the request `begin` numbered `serial` is still unanswered.
  ///
  /// - Returns: `true` when this call answered the request, `false` when it had already been answered (even if a
  ///   newer request now uses the same id).
  @discardableResult
  func finish(_ id: RequestID, serial: UInt64, body: [UInt8]) -> Bool {
    table.withLock { table in
      guard let entry = table.entries[id], entry.serial == serial, entry.held == nil else { return false }
      answer(id, entry, with: body, isReplaceable: true, in: &table)
      return true
    }
  }

  /// Answers `id` with the body `makeBody` builds and cancels its task, if the request's response is not written yet:
  /// unanswered, or held in its unsent batch with a handler's outcome (which the new body replaces).
  ///
  /// - Parameters:
  ///   - id: The request's id.
  ///   - serial: When given, only the request `begin` numbered so is answered (not a newer one reusing the id).
  ///   - makeBody: Builds the response body.
  /// - Returns: `true` when this call answered the request.
  @discardableResult
  func cancel(_ id: RequestID, serial: UInt64? = nil, body makeBody: () -> [UInt8]) -> Bool {
    let task: Task<Void, Never>?? = table.withLock { table in
      guard let entry = table.entries[id], serial == nil || entry.serial == serial else { return .none }
      if let held = entry.held {
        guard held.isReplaceable, let batch = entry.batch else { return .none }
        batch.replace(at: held.index, with: makeBody())
        table.entries[id]?.held?.isReplaceable = false
      } else {
        answer(id, entry, with: makeBody(), isReplaceable: false, in: &table)
      }
      return .some(entry.task)
    }
    guard let task else { return false }
    task?.cancel()
    return true
  }

  /// Whether the request `begin` numbered `serial` still waits for its response to be written.
  func isPending(_ id: RequestID, serial: UInt64) -> Bool {
    table.withLock { $0.entries[id]?.serial == serial }
  }

  /// Delivers the first answer of the unanswered request `id`: written now, or held in its batch until the batch is.
  private func answer(_ id: RequestID, _ entry: Entry, with body: [UInt8], isReplaceable: Bool, in table: inout Table) {
    guard let batch = entry.batch else {
      table.entries[id] = nil
      sink.send(body: body)
      return
    }
    let (index, array) = batch.add(body)
    if let array {
      table.entries[id] = nil
      send(array, of: batch, in: &table)
    } else {
      table.entries[id]?.held = Held(index: index, isReplaceable: isReplaceable)
      batch.hold(id)
    }
  }

  /// Writes a complete batch and removes its held members from the table.
  private func send(_ array: [UInt8], of batch: BatchResponse, in table: inout Table) {
    for id in batch.heldMembers { table.entries[id] = nil }
    sink.send(body: array)
  }

  /// Sends a response for a message that never entered the table (an invalid message, a duplicate id, an
  /// inline handler's result), in order with everything else.
  func sendUntracked(_ body: [UInt8], batch: BatchResponse?) {
    table.withLock { table in
      guard let batch else {
        sink.send(body: body)
        return
      }
      if let array = batch.add(body).array { send(array, of: batch, in: &table) }
    }
  }

  /// Seals a batch once all its members were read; sends it if every member is already answered.
  func seal(_ batch: BatchResponse, expecting count: Int) {
    table.withLock { table in
      if let array = batch.seal(expecting: count) { send(array, of: batch, in: &table) }
    }
  }

  /// The unanswered requests with their methods (not the batch members whose response is held).
  var snapshot: [(id: RequestID, method: String)] {
    table.withLock { table in table.entries.filter { $0.value.held == nil }.map { ($0.key, $0.value.method) } }
  }

  /// The number of unanswered requests.
  var count: Int {
    table.withLock { $0.entries.values.count { $0.held == nil } }
  }

  /// Waits until every request in flight other than `excluded` has been answered (held batch members are answered).
  func waitUntilIdle(except excluded: RequestID? = nil) async {
    while true {
      let others: [Task<Void, Never>?] = table.withLock { table in
        table.entries.filter { $0.key != excluded && $0.value.held == nil }.map(\.value.task)
      }
      if others.isEmpty { return }
      var waited = false
      for case let task? in others {
        await task.value
        waited = true
      }
      // An entry without a task is between `begin` and `attach` on the reader thread: give it a moment.
      if !waited { try? await Task.sleep(for: .microseconds(100)) }
    }
  }

}
