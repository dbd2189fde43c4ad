import Locking
import SuggestEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs searches on a bounded number of workers; the others wait their turn, in arrival order, as suspended tasks.
///
/// A search's working memory (match sets as large as the catalog, per-chunk selections) is only allocated while it
/// runs, and each search already spreads its scan over every core: running more searches at once than there are
/// cores buys no speed and multiplies that memory. So a burst of thousands of searches costs the bytes of its parsed
/// requests, plus the working memory of ``limit`` searches.
///
/// A waiting search whose task is cancelled (superseded by a newer query of its field, or `$/cancelRequest`) leaves
/// the queue at once and never runs. Requests that do not search never wait here.
///
/// The pool decides when the memory searches freed goes back to the system, and calls its `release` action then:
/// when the last search of a burst (one where some search had to wait) finishes, and every few dozen searches while
/// a burst lasts (``ReleaseCadence``). Without it, glibc keeps the high-water mark of the burst resident, and so do
/// the pages that searches read in place from a snapshot's mapped columns; a burst of thousands of searches would
/// keep them until its queue drains. A typing user's searches, one at a time, never wait: they release nothing.
///
/// A search that starts with others waiting behind it keeps none of the sets it collects in the segments' memos for
/// the next keystrokes (``SearchScratch/keepsSetsForNextKeystrokes``): thousands of one-off fields have none.
///
/// Each worker keeps its ``SearchScratch`` from one search to the next, so a running search reuses the match sets
/// and chunk memory of the previous one instead of allocating them; at the end of a burst they are dropped with the
/// rest of the burst's memory.
final class SearchWorkers: Sendable {
  private struct State {
    /// The searches running.
    var running = 0
    /// The waiting searches by ticket; a ticket leaves when its search is admitted or cancelled.
    var waiting: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    /// The tickets in arrival order, from `head` on (some may have left `waiting`).
    var queue: [UInt64] = []
    var head = 0
    var nextTicket: UInt64 = 0
    /// Whether a search waited since the last burst ended.
    var queued = false
    /// When a burst's searches release memory.
    var cadence: ReleaseCadence
    /// The most searches that ever ran at once.
    var peakRunning = 0
    /// How many searches were admitted (ran, or are running).
    var admitted = 0
    /// The working memory of the workers not running a search (at most ``SearchWorkers/limit``).
    var idleScratch: [SearchScratch] = []

    /// Admits a search if a worker is free and no other search waits for one.
    mutating func tryAdmit(limit: Int) -> Bool {
      guard running < limit, waiting.isEmpty else { return false }
      running += 1
      admitted += 1
      peakRunning = max(peakRunning, running)
      return true
    }

    /// The next waiting search in arrival order, removed from the queue.
    mutating func nextWaiting() -> CheckedContinuation<Void, any Error>? {
      while head < queue.count {
        let ticket = queue[head]
        head += 1
        if let continuation = waiting.removeValue(forKey: ticket) {
          compact()
          return continuation
        }
      }
      compact()
      return nil
    }

    /// Drops the consumed front of the queue once it is most of it (amortised O(1)).
    private mutating func compact() {
      if head == queue.count {
        queue.removeAll(keepingCapacity: queue.count <= 1024)
        head = 0
      } else if head >= 1024 && head * 2 >= queue.count {
        queue.removeFirst(head)
        head = 0
      }
    }
  }

  /// The most searches that run at once.
  let limit: Int
  /// Gives freed memory back to the system; called by the search that ends a burst or a release interval, after it
  /// freed its worker.
  private let release: @Sendable () -> Void
  private let state: Locked<State>

  /// The number of cores online: the daemon's bound (a search's scan already uses every core).
  static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

  /// Creates a pool of `limit` workers.
  ///
  /// - Parameters:
  ///   - limit: The most searches that run at once (at least one).
  ///   - releaseInterval: Within a burst, memory is released after this many searches (at least one).
  ///   - release: Gives freed memory back to the system: called when a burst ends (nothing runs or waits any more,
  ///     and some search had to wait since the previous burst ended), and after every `releaseInterval` searches
  ///     finished within a burst.
  init(
    limit: Int,
    releaseInterval: Int = ReleaseCadence.defaultInterval,
    release: @escaping @Sendable () -> Void = {}
  ) {
    self.limit = max(1, limit)
    self.release = release
    state = Locked(State(cadence: ReleaseCadence(interval: releaseInterval)))
  }

  /// Waits for a free worker (in arrival order), runs `work` with the worker's working memory, and frees the worker.
  ///
  /// - Parameter work: The search.
  /// - Returns: Its result.
  /// - Throws: `CancellationError` when the task is cancelled while waiting (then `work` never runs); otherwise
  ///   what `work` throws.
  func run<T>(_ work: (inout SearchScratch) async throws -> T) async throws -> T {
    try await admission()
    // Moved out of the pool, so the search owns it alone; back in before the worker is handed on.
    var scratch = state.withLock { state in
      var scratch = state.idleScratch.popLast() ?? SearchScratch()
      // Searches waiting behind this one make it one of a burst of one-off fields, whose sets no next keystroke
      // reuses: kept, they would hold memory through the burst and push a typist's out of the segments' memos.
      scratch.keepsSetsForNextKeystrokes = state.waiting.isEmpty
      return scratch
    }
    defer {
      if finish(keeping: &scratch) { release() }
    }
    return try await work(&scratch)
  }

  /// Returns once this search may run; it then counts as running.
  private func admission() async throws {
    try Task.checkCancellation()
    let ticket: UInt64? = state.withLock { state in
      if state.tryAdmit(limit: limit) { return nil }
      state.nextTicket += 1
      return state.nextTicket
    }
    guard let ticket else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // Deciding again under the lock: a worker may have been freed since the first look.
        let isAdmitted = state.withLock { state in
          if state.tryAdmit(limit: limit) { return true }
          state.waiting[ticket] = continuation
          state.queue.append(ticket)
          state.queued = true
          return false
        }
        if isAdmitted {
          continuation.resume()
        } else if Task.isCancelled {
          // A cancellation that came before the continuation was queued found nothing to remove.
          leave(ticket)
        }
      }
    } onCancel: {
      leave(ticket)
    }
  }

  /// Takes a cancelled search out of the queue and resumes it with `CancellationError` (once, whoever calls first).
  private func leave(_ ticket: UInt64) {
    let continuation = state.withLock { $0.waiting.removeValue(forKey: ticket) }
    continuation?.resume(throwing: CancellationError())
  }

  /// Frees a worker, whose working memory is `scratch`: hands it to the next waiting search, if any.
  ///
  /// - Returns: Whether to release memory now: the burst ended (nothing runs or waits, and some search waited since
  ///   the last burst), or its ``ReleaseCadence`` says so.
  private func finish(keeping scratch: inout SearchScratch) -> Bool {
    let (next, releases) = state.withLock { state in
      if state.idleScratch.count < limit {
        state.idleScratch.append(scratch)
        // No second reference left behind: the next search to take it must own its buffers alone.
        scratch = SearchScratch()
      }
      let isDue = state.queued && state.cadence.searchFinished()
      let next = state.nextWaiting()
      if next != nil {
        // The worker passes straight to the next search: `running` is unchanged.
        state.admitted += 1
      } else {
        state.running -= 1
      }
      if next == nil && state.running == 0 && state.queued {
        state.queued = false
        state.cadence.runEnded()
        // The burst is over: its working memory goes back to the system with the rest (`release`); a typing
        // user's searches, one at a time, keep theirs.
        state.idleScratch.removeAll()
        scratch = SearchScratch()
        return (next, true)
      }
      return (next, isDue)
    }
    next?.resume()
    return releases
  }

  /// The searches running now.
  var runningCount: Int { state.withLock { $0.running } }

  /// The searches waiting for a worker now.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// The most searches that ever ran at once.
  var peakRunningCount: Int { state.withLock { $0.peakRunning } }

  /// How busy the pool is, read at once.
  struct Activity: Equatable, Sendable {
    /// How many searches were admitted to run since the pool was created.
    var admitted: Int
    /// Whether a search runs or waits for a worker.
    var isBusy: Bool
  }

  /// How busy the pool is now: what a background job that must not compete with searches watches (``QuietSpell``).
  var activity: Activity {
    state.withLock { Activity(admitted: $0.admitted, isBusy: $0.running > 0 || !$0.waiting.isEmpty) }
  }
}
