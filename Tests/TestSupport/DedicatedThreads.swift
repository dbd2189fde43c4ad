import Foundation

/// A task executor with threads of its own, so that one kind of test work does not queue behind another.
///
/// `swift test` runs every suite in one process, on a cooperative pool as wide as the machine has cores. On a 2-core
/// host the engine's heavy suites kept that pool busy for minutes: an in-process server answered a trivial request
/// only after 90 s, and light tests ran out of their time limits before they got a thread. Heavy suites run on
/// ``heavyWork`` (the ``Trait/ownThreads`` trait) and in-process servers on ``connections``, and the operating
/// system shares the cores between them and the pool.
public final class DedicatedThreads: TaskExecutor, @unchecked Sendable {
  /// The executor the in-process servers of the tests run their handlers on.
  public static let connections = DedicatedThreads(name: "test-connections", count: 4)
  /// The executor the heavy suites run on.
  public static let heavyWork = DedicatedThreads(name: "test-heavy-work", count: 2)

  // `@unchecked Sendable`: `jobs` and `head` are only touched with `condition` locked.
  private let condition = NSCondition()
  /// The queue: `jobs[head...]` wait, in order (the run prefix is dropped once it is half the array).
  private var jobs: [UnownedJob] = []
  private var head = 0

  /// Starts `count` threads named after `name` that run the jobs enqueued here, in order.
  public init(name: String, count: Int) {
    for index in 0..<count {
      let thread = Thread { [self] in self.runJobs() }
      thread.name = "\(name)-\(index)"
      thread.start()
    }
  }

  /// Queues `job` to run on the first free thread.
  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func runJobs() {
    while true {
      condition.lock()
      while head == jobs.count { condition.wait() }
      let job = jobs[head]
      head += 1
      if head >= 64 && head * 2 >= jobs.count {
        jobs.removeFirst(head)
        head = 0
      }
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
