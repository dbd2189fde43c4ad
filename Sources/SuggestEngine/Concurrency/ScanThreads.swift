import Foundation
import Locking
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The threads a large scan runs on: one per core the process may use, each kept on its own core
/// (``CoreAffinity``), taking jobs from one queue in arrival order. A large scan runs on them only when its search
/// is the only one in flight (``counting(_:)``, ``isSearchAlone``): others scan on the shared executor, as before.
///
/// A scan splits the catalog into chunks, one task each, so that every core takes some. On the shared executor a
/// scan after a pause often got one core only: Linux wakes a sleeping thread on the core of the thread that woke it
/// when that core looks cheaper than an idle one, and after 20 ms or more without work (a person typing) both threads
/// then shared one core for the whole scan, which took twice its time. Threads kept on distinct cores cannot meet on
/// one, and each takes the next chunk as soon as it is free, so a busy core only leaves the others more of them.
///
/// A search beside another (a burst of searches, or a follow-up scan in the background) keeps its own executor:
/// every core is busy then anyway, and moving a burst's scans to these threads and back cost it 5–10 % of its time
/// in thread wake-ups.
final class ScanThreads: TaskExecutor, @unchecked Sendable {
  // `waiting`, `head`, `sleepers` and `threads` are only read or written while `mutex` is held, which is what makes
  // the unchecked conformance sound (the same pthread primitives as `Locked`, which ThreadSanitizer sees).
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  /// The jobs waiting to run are `waiting[head...]`.
  private var waiting: [UnownedJob] = []
  private var head = 0
  private var sleepers = 0
  /// The cores to keep the threads on (`nil`: one thread, not placed).
  private let cores: [Int?]
  /// How many threads run: none until the first job.
  private var threads = 0
  /// The searches in flight (``counting(_:)``).
  private let searches = Atomic<Int>(0)

  /// The scan threads of the process, started at its first large scan.
  static let shared = ScanThreads(cores: CoreAffinity.allowedCores())

  /// Threads for each of `cores`, kept on it where the system allows (one unplaced thread when `cores` is empty),
  /// started when the first job comes: a process whose scans are all small (the demo catalog) starts none.
  init(cores: [Int]) {
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
    self.cores = cores.isEmpty ? [nil] : cores
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pthread_mutex_lock(mutex)
    waiting.append(job)
    let wakes = sleepers > 0
    let starts = threads == 0
    if starts { threads = cores.count }
    pthread_mutex_unlock(mutex)
    if starts { startThreads() }
    if wakes { pthread_cond_signal(condition) }
  }

  /// How many threads run (none before the first job).
  var threadCount: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return threads
  }

  private func startThreads() {
    for core in cores {
      // The threads live as long as the process: `shared` is never released.
      let thread = Thread { [self] in
        ThreadName.setCurrent("suggest-scan")
        if let core { CoreAffinity.keepCurrentThread(on: core) }
        while true { next().runSynchronously(on: asUnownedTaskExecutor()) }
      }
      thread.start()
    }
  }

  /// The next job to run, waiting for one.
  private func next() -> UnownedJob {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while head == waiting.count {
      sleepers += 1
      pthread_cond_wait(condition, mutex)
      sleepers -= 1
    }
    let job = waiting[head]
    head += 1
    if head == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      head = 0
    }
    return job
  }

  /// Runs `body`, a search, counted as in flight.
  func counting<Result>(_ body: () async throws -> Result) async rethrows -> Result {
    searches.wrappingAdd(1, ordering: .relaxed)
    defer { searches.wrappingSubtract(1, ordering: .relaxed) }
    return try await body()
  }

  /// Whether at most one search is in flight (the caller's, when it is counted): its large scan then runs here.
  var isSearchAlone: Bool { searches.load(ordering: .relaxed) <= 1 }
}
