import Synchronization

/// The table of requests in flight: the one place that holds the exactly-one-response rule.
///
/// A request is entered when it is read and leaves the table exactly once: when its handler finishes, when it
/// is cancelled (`$/cancelRequest`, superseded), or when the connection ends. Whoever removes the entry sends
/// the response while holding the table's lock, so two outcomes can never both be written, and a result can
/// never be written after a response that was decided later (no stale result after a newer one).
///
/// Each entry carries the generation ``begin(_:method:batch:)`` gave it, and a handler's outcome is only accepted
/// for that generation: a client may reuse the id of a cancelled request at once, while the cancelled handler may
/// still be running, and its late outcome must not answer the newer request.
final class InFlightRequests: Sendable {
  private struct Entry {
    var method: String
    var task: Task<Void, Never>?
    var batch: BatchResponse?
    var generation: UInt64
  }

  private let entries = Mutex<[RequestID: Entry]>([:])
  private let generations = Atomic<UInt64>(0)
  private let sink: ResponseSink

  init(sink: ResponseSink) {
    self.sink = sink
  }

  /// Enters a request; returns its generation, or `nil` when a request with the same id is still in flight.
  func begin(_ id: RequestID, method: String, batch: BatchResponse?) -> UInt64? {
    let generation = generations.add(1, ordering: .relaxed).newValue
    return entries.withLock { entries in
      if entries[id] != nil { return nil }
      entries[id] = Entry(method: method, task: nil, batch: batch, generation: generation)
      return generation
    }
  }

  /// Records the task running the request; cancels it at once if the request was already answered.
  func attach(_ task: Task<Void, Never>, to id: RequestID, generation: UInt64) {
    let isPending = entries.withLock { entries in
      guard entries[id]?.generation == generation else { return false }
      entries[id]?.task = task
      return true
    }
    if !isPending { task.cancel() }
  }

  /// Sends `body` as the response of `id` if that request (the entry of `generation`) is still in flight.
  ///
  /// - Returns: `true` when this call answered the request, `false` when it had already been answered (even if a
  ///   newer request with the same id is in flight now).
  @discardableResult
  func finish(_ id: RequestID, generation: UInt64, body: [UInt8]) -> Bool {
    entries.withLock { entries in
      guard let entry = entries[id], entry.generation == generation else { return false }
      entries[id] = nil
      deliver(body, batch: entry.batch)
      return true
    }
  }

  /// Answers `id` with the body `makeBody` builds and cancels its task, if the request is still in flight.
  ///
  /// - Returns: `true` when the request was in flight.
  @discardableResult
  func cancel(_ id: RequestID, body makeBody: () -> [UInt8]) -> Bool {
    let task: Task<Void, Never>?? = entries.withLock { entries in
      guard let entry = entries.removeValue(forKey: id) else { return .none }
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
    entries.withLock { _ in deliver(body, batch: batch) }
  }

  /// Seals a batch once all its members were read; sends it if every member is already answered.
  func seal(_ batch: BatchResponse, expecting count: Int) {
    entries.withLock { _ in
      if let array = batch.seal(expecting: count) { sink.send(body: array) }
    }
  }

  /// The ids in flight with their methods.
  var snapshot: [(id: RequestID, method: String)] {
    entries.withLock { entries in entries.map { ($0.key, $0.value.method) } }
  }

  /// The number of requests in flight.
  var count: Int {
    entries.withLock { $0.count }
  }

  /// Waits until every request in flight other than `excluded` has been answered.
  func waitUntilIdle(except excluded: RequestID? = nil) async {
    while true {
      let others: [Task<Void, Never>?] = entries.withLock { entries in
        entries.filter { $0.key != excluded }.map(\.value.task)
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
