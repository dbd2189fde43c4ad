import Dispatch
import Locking

/// Finishes the parts of a segment being built (indexes their subtitles and sorts their word indexes) on worker
/// threads while the caller goes on appending items to the next part.
///
/// Dispatch rather than a task group: ``CatalogBuilder`` is synchronous (loaders feed it row by row), and a part is
/// handed over by move, so the only shared state is the part table behind its lock.
final class SegmentPartFinisher: Sendable {
  private let group = DispatchGroup()
  /// Parts by number: queued ones, then finished ones.
  private let parts = Locked<[Int: CatalogSegmentBuilder]>([:])

  /// Creates an idle finisher.
  init() {}

  /// Queues `part` as part number `number`, leaving `part` empty.
  func submit(_ part: inout CatalogSegmentBuilder, number: Int) {
    parts.withLock { parts in
      // Moved, not copied: the worker must hold the only reference to the part's storage, or finishing it would
      // copy every array.
      var moved = CatalogSegmentBuilder()
      swap(&moved, &part)
      parts[number] = moved
    }
    DispatchQueue.global().async(group: group) { [parts] in
      guard var part = parts.withLock({ $0.removeValue(forKey: number) }) else { return }
      part.finishWordIndexes()
      parts.withLock { $0[number] = part }
    }
  }

  /// Waits for every queued part.
  ///
  /// - Returns: The finished parts, in number order.
  func wait() -> [CatalogSegmentBuilder] {
    group.wait()
    return parts.withLock { parts in
      let finished = parts.keys.sorted().compactMap { parts[$0] }
      parts = [:]
      return finished
    }
  }
}
