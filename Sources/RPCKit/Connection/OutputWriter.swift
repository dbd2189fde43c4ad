import Foundation

/// The one serialized writer of protocol bytes: callers enqueue whole framed messages, a dedicated thread
/// writes them in order, coalescing whatever accumulated into one `write(2)`.
///
/// A dedicated thread (not a task) does the writing because `write(2)` blocks when the client stops
/// reading, and a blocked cooperative-pool thread would stall every handler. The reader's own replies (inline
/// answers, errors) are the exception: they wait, without waking the writer thread, until the reader runs out of
/// input, and then the reader writes them itself if the output takes them at once (``writeIfIdle()``). An idle
/// round trip so saves the writer thread's wake-up (a futex round and a context switch), and a pipelined burst
/// still gets one write per read of input. Enqueueing never blocks;
/// the reader uses ``waitWhileBacklogged()`` to stop reading input while too many bytes are unsent (enqueued, or
/// taken for a write that the client has not yet accepted).
final class OutputWriter: @unchecked Sendable {
  // Every stored var below is guarded by `condition` (its lock); `fd` and `backlogLimit` are immutable.
  private let condition = NSCondition()
  private var pending: [UInt8] = []
  private var spare: [UInt8] = []
  private var isWriting = false
  /// The bytes of the write in progress (taken from `pending`) not yet accepted by `write(2)`.
  private var unsentInWrite = 0
  private var isReaderWaiting = false
  private var isClosed = false
  private var hasFailed = false
  private var bytesWritten = 0
  private let fd: Int32
  private let backlogLimit: Int
  /// The reader thread, whose replies wait for ``writeIfIdle()``; `nil` until the reader adopts the writer.
  private var readerThread: pthread_t?
  /// The reader's buffer for the replies it writes itself.
  private var readerSpare: [UInt8] = []
  /// The most bytes handed to one `write(2)`.
  private static let maxWriteSize = 64 << 10
  /// The most bytes the reader writes itself: `PIPE_BUF` on Linux, what a pipe that polls writable takes at once
  /// without blocking.
  private static let directWriteLimit = 4096

  /// Creates a writer on `fd` and starts its thread.
  ///
  /// - Parameters:
  ///   - fd: The file descriptor protocol bytes go to (the saved real stdout).
  ///   - backlogLimit: Unsent bytes above which ``waitWhileBacklogged()`` blocks.
  init(fd: Int32, backlogLimit: Int = 8 << 20) {
    self.fd = fd
    self.backlogLimit = backlogLimit
    let thread = Thread { [self] in self.writeLoop() }
    thread.name = "suggest-lsp.writer"
    thread.start()
  }

  /// Appends one or more complete framed messages; they are written in enqueue order.
  func enqueue(_ bytes: [UInt8]) {
    condition.lock()
    defer { condition.unlock() }
    guard !isClosed else { return }
    if hasFailed { return }
    pending.append(contentsOf: bytes)
    if let reader = readerThread, pthread_equal(reader, pthread_self()) != 0 { return }
    condition.broadcast()
  }

  /// Makes the calling thread the reader: its replies wait until it calls ``writeIfIdle()``.
  func adoptReaderThread() {
    condition.lock()
    defer { condition.unlock() }
    readerThread = pthread_self()
  }

  /// Called by the reader before it waits for input: writes what is queued on this thread when it is small, nothing
  /// is being written and the output takes it now; otherwise wakes the writer thread for it.
  func writeIfIdle() {
    condition.lock()
    guard !pending.isEmpty else {
      condition.unlock()
      return
    }
    guard !isWriting && !isClosed && !hasFailed && pending.count <= Self.directWriteLimit && canWriteWithoutBlocking()
    else {
      condition.broadcast()
      condition.unlock()
      return
    }
    // Holding the writer's role (`isWriting`) keeps every later message queued behind these.
    swap(&pending, &readerSpare)
    isWriting = true
    unsentInWrite = readerSpare.count
    condition.unlock()
    let ok = writeAll(readerSpare)
    readerSpare.removeAll(keepingCapacity: true)
    condition.lock()
    isWriting = false
    unsentInWrite = 0
    if !ok { hasFailed = true }
    condition.broadcast()
    condition.unlock()
  }

  /// Whether the output takes at least ``directWriteLimit`` bytes now (a pipe or socket with room, a file).
  private func canWriteWithoutBlocking() -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
  }

  /// Blocks while more than the backlog limit is unsent (backpressure on a client that stopped reading).
  func waitWhileBacklogged() {
    condition.lock()
    defer { condition.unlock() }
    while pending.count + unsentInWrite > backlogLimit && !hasFailed && !isClosed {
      isReaderWaiting = true
      condition.broadcast()  // the reader's own replies may be what is queued
      condition.wait()
    }
    isReaderWaiting = false
  }

  /// Whether the reader is blocked in ``waitWhileBacklogged()`` (for tests).
  var isHoldingBackReader: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isReaderWaiting
  }

  /// Blocks until everything enqueued so far has been written (or writing failed).
  func flush() {
    condition.lock()
    defer { condition.unlock() }
    condition.broadcast()
    while (!pending.isEmpty || isWriting) && !hasFailed { condition.wait() }
  }

  /// Flushes, then stops the writer thread; later enqueues are dropped.
  func close() {
    flush()
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }

  /// The number of bytes enqueued and not yet written (including the unwritten part of a write in progress).
  var backlog: Int {
    condition.lock()
    defer { condition.unlock() }
    return pending.count + unsentInWrite
  }

  private func writeLoop() {
    while true {
      condition.lock()
      while pending.isEmpty && !isClosed { condition.wait() }
      if pending.isEmpty && isClosed {
        condition.unlock()
        return
      }
      swap(&pending, &spare)
      isWriting = true
      unsentInWrite = spare.count
      condition.unlock()

      let ok = writeAll(spare)
      spare.removeAll(keepingCapacity: spare.capacity <= 1 << 20)

      condition.lock()
      isWriting = false
      unsentInWrite = 0
      if !ok { hasFailed = true }
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Records a partial write: a slow client takes a large coalesced buffer a pipe's worth at a time, and the reader
  /// may resume as soon as the unsent bytes are back under the limit.
  private func wrote(_ count: Int) {
    condition.lock()
    defer { condition.unlock() }
    unsentInWrite -= count
    if isReaderWaiting { condition.broadcast() }
  }

  private func writeAll(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        guard let base = raw.baseAddress else { return true }
        // At most a pipe's worth per call: a blocking write(2) to a pipe returns only once all of it is taken, and
        // the unsent count must follow a slow client's progress.
        let n = write(fd, base + offset, min(raw.count - offset, Self.maxWriteSize))
        if n > 0 {
          offset += n
          if offset < raw.count { wrote(n) }
        } else if n < 0 && errno == EINTR {
          continue
        } else {
          return false
        }
      }
      return true
    }
  }
}
