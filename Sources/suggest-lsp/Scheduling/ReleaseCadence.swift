/// When a run of searches gives the memory it freed back to the system: after every ``interval`` searches, and when
/// the run ends (the caller's to say). Used by the search pool (``SearchWorkers``, a run is a burst) and by the
/// preparation of a snapshot's first keystrokes (``ShortQueryPreparation``, a run is one preparation).
///
/// A search frees what it allocated, but glibc keeps the freed pages, and the pages searches read in place from a
/// snapshot's mapped columns stay resident: over thousands of searches both grow. A release (a heap trim, a few
/// milliseconds) after every few dozen searches keeps them small at a cost of a few percent of a burst's time.
struct ReleaseCadence: Sendable {
  /// The searches between two releases within a run: a search of a large catalog reads a megabyte or so of mapped
  /// pages and leaves a few hundred kilobytes of freed heap, so 32 searches leave little, and a release costs little
  /// next to 32 searches of a burst (several milliseconds each).
  static let defaultInterval = 32

  /// The searches between two releases.
  let interval: Int
  private var finished = 0

  /// A cadence of a release every `interval` searches (at least one).
  init(interval: Int = ReleaseCadence.defaultInterval) {
    self.interval = max(1, interval)
  }

  /// Counts a finished search.
  ///
  /// - Returns: Whether to release memory now (then the count starts over).
  mutating func searchFinished() -> Bool {
    finished += 1
    guard finished >= interval else { return false }
    finished = 0
    return true
  }

  /// Starts the count over: the run ended, and its end releases memory anyway.
  mutating func runEnded() {
    finished = 0
  }
}
