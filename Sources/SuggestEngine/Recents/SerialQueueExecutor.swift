import Dispatch

/// A serial executor on its own dispatch queue, for an actor whose methods block on file I/O.
///
/// An actor on the default executor runs on the shared cooperative pool (one thread per core: two here), so an
/// `fsync` inside it would stall unrelated work. On this executor the actor's jobs run on a dedicated queue
/// instead, one at a time, and may block.
final class SerialQueueExecutor: SerialExecutor {
  /// The queue the jobs run on; serial, so the jobs never overlap.
  private let queue: DispatchQueue

  /// Creates an executor on a new serial queue.
  ///
  /// - Parameter label: The queue's label, for debuggers and crash logs.
  init(label: String) {
    self.queue = DispatchQueue(label: label)
  }

  /// Runs `job` on the queue, after every job enqueued before it.
  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
