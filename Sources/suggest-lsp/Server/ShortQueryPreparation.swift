import Locking
import RPCKit
import SuggestEngine

/// Prepares the answers to the first keystrokes of each large catalog snapshot (``Catalog/prepareShortQueries()``) in
/// the background once it is loaded or edited, so that a search field's first letters are answered without a scan.
/// A newer snapshot of the same catalog cancels the preparation of the older one.
///
/// A preparation is a run of a thousand searches or so: it gives the memory they free back to the system as a burst
/// of searches does (``ReleaseCadence``), with the `release` action the daemon gives.
final class ShortQueryPreparation: Sendable {
  private let tasks = Locked([String: Task<Void, Never>]())
  /// Gives freed memory back to the system.
  private let release: @Sendable () -> Void
  /// The search pool's activity (``SearchWorkers/activity``).
  private let searchActivity: @Sendable () -> SearchWorkers.Activity

  /// The fewest items worth preparing: a smaller catalog scans its shortest queries in about a millisecond.
  static let minimumItems = 50_000

  /// How long an edited snapshot must stay the newest, and searches quiet (``QuietSpell``: none admitted, none left
  /// running or waiting), before its preparation starts: a run of edits prepares once, after it, and after the
  /// searches around it. A burst of searches with an edit every second or so (a script's `catalog/add` calls among
  /// them) would otherwise start a preparation after each edit, cancelled by the next: its searches compete with the
  /// burst's and its answers held until stored raise the burst's memory. Waiting for the edits alone, the
  /// preparation still overlapped the end of a burst whose last edit was read 2 s before its last answer: on PyPI, a
  /// mixed burst of 2,000 requests peaked at 1.45–1.50× resting and stood at 1.06–1.11× 2 s after; with no
  /// preparation during it, at 1.38–1.41× and 0.95×.
  static let delay: Duration = .seconds(2)

  /// Creates an idle preparer.
  ///
  /// - Parameters:
  ///   - searchActivity: The search pool's activity, watched for a quiet spell before a delayed preparation.
  ///   - release: Gives the memory searches freed back to the system: called every few dozen queries prepared and
  ///     when a preparation that prepared any ends.
  init(
    searchActivity: @escaping @Sendable () -> SearchWorkers.Activity,
    release: @escaping @Sendable () -> Void = {}
  ) {
    self.searchActivity = searchActivity
    self.release = release
  }

  /// Prepares the snapshot now named `name` in `registry` after a quiet spell of `delay` (at once when `delay` is
  /// zero), cancelling any earlier preparation of it (answers an earlier start kept beside the catalog's snapshot are
  /// taken first, and what was prepared is kept there for the next).
  func schedule(
    catalog name: String,
    in registry: CatalogRegistry,
    after delay: Duration = ShortQueryPreparation.delay
  ) {
    let (release, searchActivity) = (self.release, self.searchActivity)
    let task = Task.detached(priority: .background) {
      do {
        if delay > .zero {
          try await QuietSpell(period: delay, clock: ContinuousClock(), activity: searchActivity).wait()
        }
        guard let catalog = registry.catalog(named: name), catalog.count >= Self.minimumItems else { return }
        let start = ContinuousClock.now
        var cadence = ReleaseCadence()
        let report = try await catalog.prepareShortQueries { if cadence.searchFinished() { release() } }
        if report.prepared > 0 { release() }
        if let problem = report.problem { Log.warning("catalog \"\(name)\": \(problem)") }
        Log.info(
          "catalog \"\(name)\": short queries ready in \(ContinuousClock.now - start) "
            + "(\(report.fromFile) kept from an earlier start, \(report.prepared) prepared, "
            + "\(report.refined) of them by refining a shorter one)"
        )
      } catch {
        // Cancelled: a newer snapshot of the catalog is being prepared.
      }
    }
    tasks.withLock { $0.updateValue(task, forKey: name)?.cancel() }
  }
}
