import Locking

/// The text of the items a segment's results showed last (everything but their tokens), for a segment whose
/// columns are mapped from a snapshot: read from the file once (``StoredArray/copy(_:into:)``), then kept for the
/// next results that show the same items.
///
/// Reading that text through the mapping made a whole page-cache folio resident per item read (up to 2 MiB with the
/// large folios of recent kernels): a burst of searches made most of the snapshot's display columns resident, about
/// 80 MB on PyPI. Read from the file, an item costs a few system calls the first time it is shown, and most items of
/// a typing user's results were shown a keystroke before.
///
/// At most ``capacity`` entries are kept, in two generations of half that each: when the newer one is full, the older
/// one is dropped and the newer one takes its place; an entry used from the older one moves into the newer one. An
/// approximation of least recently used at O(1) per use.
final class DisplayTextCache: Sendable {
  /// The text of one item.
  struct Entry: Sendable, Equatable {
    let title: String
    let id: String
    let completion: String?
    let subtitle: String?
    let keywords: [String]
    let icon: String?
    let weight: Double
  }

  private struct Generations {
    var newer: [Int32: Entry] = [:]
    var older: [Int32: Entry] = [:]

    /// Keeps `entry` in the newer generation, first retiring it when it holds `half` entries.
    mutating func keep(_ entry: Entry, for slot: Int32, half: Int) {
      if newer.count >= half && newer[slot] == nil {
        older = newer
        newer = [:]
      }
      newer[slot] = entry
    }
  }

  /// The most entries a segment keeps by default (a few hundred kilobytes of text): the items of many results.
  static let defaultCapacity = 4096

  /// The most entries kept.
  let capacity: Int
  private let generations = Locked(Generations())

  /// Creates an empty cache of at most `capacity` entries (at least two).
  init(capacity: Int = DisplayTextCache.defaultCapacity) {
    self.capacity = max(2, capacity)
  }

  /// The number of entries kept.
  var count: Int { generations.withLock { $0.newer.count + $0.older.count } }

  /// Forgets every entry.
  func removeAll() {
    // The values go once the lock is released.
    _ = generations.withLock { generations in
      defer { generations = Generations() }
      return generations
    }
  }

  /// The text of `slot`: kept, or the one `read` gives, kept from now on (`read` runs outside the lock: two threads
  /// may read the same slot once each).
  func entry(_ slot: Int, read: () -> Entry) -> Entry {
    let key = Int32(truncatingIfNeeded: slot)
    let half = capacity / 2
    let kept = generations.withLock { generations -> Entry? in
      if let entry = generations.newer[key] { return entry }
      guard let entry = generations.older.removeValue(forKey: key) else { return nil }
      generations.keep(entry, for: key, half: half)
      return entry
    }
    if let kept { return kept }
    let entry = read()
    generations.withLock { $0.keep(entry, for: key, half: half) }
    return entry
  }
}
