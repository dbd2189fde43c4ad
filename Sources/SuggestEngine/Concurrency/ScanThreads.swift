import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The threads a large scan runs on: one per core the process may use, each kept on its own core
/// (``CoreAffinity``), taking jobs from one queue, most urgent first.
///
/// A scan splits the catalog into chunks, one task each, so that every core takes some. On the shared executor a
/// scan after a pause often got one core only: Linux wakes a sleeping thread on the core of the thread that woke it
/// when that core looks cheaper than an idle one, and after 20 ms or more without work (a person typing) both threads
/// then shared one core for the whole scan, which took twice its time. Threads kept on distinct cores cannot meet on
/// one, and each takes the next chunk as soon as it is free, so a busy core only leaves the others more of them.
///
/// Jobs run in order of priority, then of arrival: a follow-up scan in the background (`utility`) does not hold up
/// the chunks of a search someone waits for.
final class ScanThreads: TaskExecutor, @unchecked Sendable {
  // `waiting` and `sleepers` are only read or written while `mutex` is held, which is what makes the unchecked
  // conformance sound (the same pthread primitives as `Locked`, which ThreadSanitizer sees).
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  private var waiting = PriorityQueue<UnownedJob>()
  private var sleepers = 0

  /// The threads of every scan of the process, started at the first large scan.
  static let shared = ScanThreads(cores: CoreAffinity.allowedCores())

  /// Starts a thread for each of `cores`, kept on it where the system allows (one unplaced thread when `cores` is
  /// empty).
  init(cores: [Int]) {
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
    let cores: [Int?] = cores.isEmpty ? [nil] : cores
    for core in cores {
      // The threads live as long as the process: `shared` is never released.
      let thread = Thread { [self] in
        // Named from inside: the name then reaches the system's thread list (`top -H`), not only `Thread.name`.
        Thread.current.name = "suggest-scan"
        if let core { CoreAffinity.keepCurrentThread(on: core) }
        while true { next().runSynchronously(on: asUnownedTaskExecutor()) }
      }
      thread.start()
    }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pthread_mutex_lock(mutex)
    waiting.append(job, priority: job.priority.rawValue)
    let wakes = sleepers > 0
    pthread_mutex_unlock(mutex)
    if wakes { pthread_cond_signal(condition) }
  }

  /// The next job to run, waiting for one.
  private func next() -> UnownedJob {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while true {
      if let job = waiting.popFirst() { return job }
      sleepers += 1
      pthread_cond_wait(condition, mutex)
      sleepers -= 1
    }
  }
}
