import Synchronization

/// The table of requests in flight: the one place that holds the exactly-one-response rule.
///
/// A request is entered when it is read and leaves the table exactly once: when its handler finishes, when it
/// is cancelled (`$/cancelRequest`, superseded), or when the connection ends. Whoever removes the entry sends
/// the response while holding the table's lock, so two outcomes can never both be written, and a result can
/// never be written after a response that was decided later (no stale result after a newer one).
///
/// Each entry has a serial number: an id may be used again once its request is answered, so a handler that
/// answers late (after a cancellation) names its serial, and cannot answer a newer request that reuses the id.
final class InFlightRequests: Sendable {
  private struct Entry {
    var method: String
    var serial: UInt64
    var task: Task<Void, Never>?
    var batch: BatchResponse?
  }

  private struct Table {
    var entries: [RequestID: Entry] = [:]
    var nextSerial: UInt64 = 1
  }

  private let table = Mutex(Table())
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
      guard table.entries[id] != nil else { return false }
      table.entries[id]?.task = task
      return true
    }
    if !isPending { task.cancel() }
  }

  /// Sends `body` as the response of `id` if the request `begin` numbered `serial` is still in flight.
  ///
  /// - Returns: `true` when this call answered the request, `false` when it had already been answered (even if a
  ///   newer request now uses the same id).
  @discardableResult
  func finish(_ id: RequestID, serial: UInt64, body: [UInt8]) -> Bool {
    table.withLock { table in
      guard let entry = table.entries[id], entry.serial == serial else { return false }
      table.entries[id] = nil
      deliver(body, batch: entry.batch)
      return true
    }
  }

  /// Answers `id` with the body `makeBody` builds and cancels its task, if the request is still in flight.
  ///
  /// - Returns: `true` when the request was in flight.
  @discardableResult
  func cancel(_ id: RequestID, body makeBody: () -> [UInt8]) -> Bool {
    let task: Task<Void, Never>?? = table.withLock { table in
      guard let entry = table.entries.removeValue(forKey: id) else { return .none }
      deliver(makeBody(), batch: entry.batch)
      return .some(entry.task)
    }
    guard let task else { return false }
    task?.cancel()
    return true
  }

  /// Sends a response for a message that never entered the table (an invalid message, a duplicate id, an
  /// inline handler's result), in order with everything else.
  func sendUntracked(_ body: [UInt8], batch: BatchResponse?) {
    table.withLock { _ in deliver(body, batch: batch) }
  }

  /// Seals a batch once all its members were read; sends it if every member is already answered.
  func seal(_ batch: BatchResponse, expecting count: Int) {
    table.withLock { _ in
      if let array = batch.seal(expecting: count) { sink.send(body: array) }
    }
  }

  /// The ids in flight with their methods.
  var snapshot: [(id: RequestID, method: String)] {
    table.withLock { table in table.entries.map { ($0.key, $0.value.method) } }
  }

  /// The number of requests in flight.
  var count: Int {
    table.withLock { $0.entries.count }
  }

  /// Waits until every request in flight other than `excluded` has been answered.
  func waitUntilIdle(except excluded: RequestID? = nil) async {
    while true {
      let others: [Task<Void, Never>?] = table.withLock { table in
        table.entries.filter { $0.key != excluded }.map(\.value.task)
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

  private func deliver(_ body: [UInt8], batch: BatchResponse?) {
    if let batch {
      if let array = batch.add(body) { sink.send(body: array) }
    } else {
      sink.send(body: body)
    }
  }
}
