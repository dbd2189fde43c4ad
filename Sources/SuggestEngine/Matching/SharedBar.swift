import Synchronization

/// The best worst-kept key published by any chunk of one search whose top-k selection is full: at least `capacity`
/// matches rank at least that well, so every chunk may prune against it (only a key's band and score matter to a
/// ``ScoreBar``).
final class SharedBar: Sendable {
  /// The packed form (band, score, length) of the best published key; `UInt64.max` when none.
  private let packed = Atomic<UInt64>(UInt64.max)

  /// Creates a bar with nothing published.
  init() {}

  /// Publishes a full selection's worst key, if better than the best so far.
  ///
  /// - Parameter key: The worst key of a full top-k selection.
  func publish(_ key: RankKey) {
    var current = packed.load(ordering: .relaxed)
    while key.packed < current {
      let (exchanged, original) = packed.compareExchange(
        expected: current,
        desired: key.packed,
        ordering: .relaxed
      )
      if exchanged { return }
      current = original
    }
  }

  /// The best published key (with the last item index, so it ranks after any real key of the same packed form),
  /// or `nil` when none.
  var key: RankKey? {
    let value = packed.load(ordering: .relaxed)
    guard value != UInt64.max else { return nil }
    return RankKey(packed: value, index: Int32.max)
  }
}
