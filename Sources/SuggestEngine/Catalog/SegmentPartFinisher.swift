import Dispatch
import Locking

/// Finishes the parts of a segment being built (indexes their words and sorts their word indexes) on a worker
/// thread while the caller goes on appending items to the next part; at the end the caller finishes the parts the
/// worker has not started, so both threads work on the backlog.
///
/// One worker, not one per core: the caller keeps a core busy while appending, and each part being finished holds
/// hash tables and posting streams, so finishing several at once would raise the peak memory for no gain.
final class SegmentPartFinisher: Sendable {
  private let queue = DispatchQueue(label: "suggest-engine.segment-parts")
  private let group = DispatchGroup()
  /// Parts submitted and not yet started, by number.
  private let queued = Locked<[Int: CatalogSegmentBuilder]>([:])
  /// Finished parts, by number.
  private let finished = Locked<[Int: CatalogSegmentBuilder]>([:])

  /// Creates an idle finisher.
  init() {}

  /// Queues `part` as part number `number`, leaving `part` empty.
  func submit(_ part: inout CatalogSegmentBuilder, number: Int) {
    queued.withLock { queued in
      // Moved, not copied: the thread that finishes the part must hold the only reference to its storage, or
      // finishing it would copy every array.
      var moved = CatalogSegmentBuilder()
      swap(&moved, &part)
      queued[number] = moved
    }
    queue.async(group: group) { [self] in finish(number) }
  }

  /// Finishes part `number` unless another thread has taken it.
  private func finish(_ number: Int) {
    guard var part = queued.withLock({ $0.removeValue(forKey: number) }) else { return }
    part.finishWordIndexes()
    finished.withLock { $0[number] = part }
  }

  /// Finishes, on the calling thread, the parts the worker has not started, then waits for the worker.
  ///
  /// - Returns: Every part, finished, in number order.
  func wait() -> [CatalogSegmentBuilder] {
    let backlog = queued.withLock { $0.keys.sorted(by: >) }
    // From the last: the worker takes them from the first.
    for number in backlog { finish(number) }
    group.wait()
    return finished.withLock { finished in
      let parts = finished.keys.sorted().compactMap { finished[$0] }
      finished = [:]
      return parts
    }
  }
}
