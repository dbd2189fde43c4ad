import Dispatch
import Locking

/// Builds the parts of a segment (appends their items, indexes their subtitles, sorts their word indexes) on worker
/// threads while the caller goes on collecting the items of the next part.
///
/// Dispatch rather than a task group: ``CatalogBuilder`` is synchronous (loaders and `Catalog(items:)` feed it item
/// by item), and a part's items are handed over by move, so the only shared state is the part table behind its
/// lock.
final class SegmentPartFinisher: Sendable {
  /// A built part: its segment builder, and the table of the token ids it mentions, in order of first mention.
  typealias Part = (segment: CatalogSegmentBuilder, tokens: TokenTable)

  private let group = DispatchGroup()
  /// Finished parts by number.
  private let parts = Locked<[Int: Part]>([:])

  /// Creates an idle finisher.
  init() {}

  /// Builds part number `number` from `items` on a worker thread, leaving `items` empty; the items are released
  /// once the part is built.
  func submit(_ items: inout [CatalogItem], number: Int) {
    // Moved, not copied: the worker holds the only reference, so the items are freed when it is done with them.
    var moved: [CatalogItem] = []
    swap(&moved, &items)
    DispatchQueue.global().async(group: group) { [parts, moved] in
      let part = Self.build(moved)
      parts.withLock { $0[number] = part }
    }
  }

  /// Builds one part on the calling thread: appends the items (releasing their text once they are appended when
  /// the caller handed over the only reference) and finishes its word indexes.
  ///
  /// - Parameter items: The part's items, in slot order.
  /// - Returns: The part.
  static func build(_ items: consuming [CatalogItem]) -> Part {
    var items = items
    var segment = CatalogSegmentBuilder(expectedCount: items.count)
    var tokens = TokenTable()
    // Each item is moved out of the array by a swap, which leaves the one before in its place: no copy (a retain
    // and a release of each of its strings and arrays), and the items are freed together with the array, once
    // appended. Copying each item, or freeing each as it went, made appending a part a third slower.
    var item = CatalogItem(id: "", title: "")
    for index in items.indices {
      swap(&item, &items[index])
      segment.append(item) { tokens.index(of: $0) }
    }
    items = []
    segment.finishWordIndexes()
    return (segment, tokens)
  }

  /// Waits for every submitted part.
  ///
  /// - Returns: The built parts, in number order.
  func wait() -> [Part] {
    group.wait()
    return parts.withLock { parts in
      let finished = parts.keys.sorted().compactMap { parts[$0] }
      parts = [:]
      return finished
    }
  }
}
