import Locking

/// A few values kept by key, shared by threads, least recently used out first: the memo a segment keeps of what
/// recent searches worked out from its indexes (word-prefix sets, typo sets), for the next keystrokes.
final class RecentlyUsed<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  /// How many values are kept.
  let capacity: Int
  /// Least recently used first.
  private let entries = Locked<[(key: Key, value: Value)]>([])

  /// Creates an empty memo of `capacity` values.
  init(capacity: Int) {
    self.capacity = capacity
  }

  /// How many values are kept now.
  var count: Int { entries.withLock { $0.count } }

  /// Forgets every value.
  func removeAll() {
    // The values go once the lock is released.
    _ = entries.withLock { entries in
      defer { entries = [] }
      return entries
    }
  }

  /// The value kept for `key`, or the one `make` gives, kept from now on when `keeping` (`make` runs outside the
  /// lock: two threads may make the same value once each).
  func value(for key: Key, keeping: Bool = true, make: () -> Value) -> Value {
    let kept = entries.withLock { entries -> Value? in
      guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
      let entry = entries.remove(at: index)
      entries.append(entry)
      return entry.value
    }
    if let kept { return kept }
    let value = make()
    guard keeping else { return value }
    entries.withLock { entries in
      entries.append((key, value))
      if entries.count > capacity { entries.removeFirst() }
    }
    return value
  }
}
