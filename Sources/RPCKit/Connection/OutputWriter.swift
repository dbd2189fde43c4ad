import Foundation
import Locking
import Synchronization

/// The one serialized writer of protocol bytes: callers enqueue whole framed messages, a dedicated thread
/// writes them in order, coalescing whatever accumulated into one `write(2)`.
///
/// A dedicated thread (not a task) does the writing because `write(2)` blocks when the client stops
/// reading, and a blocked cooperative-pool thread would stall every handler. Enqueueing never blocks;
/// the reader uses ``waitWhileBacklogged()`` to stop reading input while too many bytes are unsent (enqueued, or
/// taken for a write that the client has not yet accepted).
///
/// One shortcut: a message enqueued while nothing is queued or being written, when the output takes it at once, is
/// written by the thread that enqueues it, holding the writer's role (`isWriting`) as the writer thread does, so that
/// every later message is queued behind it. An idle round trip so saves the writer thread's wake-up (a futex round
/// and a context switch). Such a write cannot block (``OutputRoom``), and only the writer's role writes to the
/// output. Nothing is ever held back waiting for a later write.
/// While the reader has more input buffered (a burst), replies go to the writer thread as usual, which writes the
/// replies that accumulated together instead of one `write(2)` each.
final class OutputWriter: @unchecked Sendable {
  // Every stored var below is guarded by `condition` (its lock); `fd` and `backlogLimit` are immutable.
  private let condition = NSCondition()
  private var pending: [UInt8] = []
  private var spare: [UInt8] = []
  private var isWriting = false
  /// The bytes of the write in progress (taken from `pending`) not yet accepted by `write(2)`.
  private var unsentInWrite = 0
  private var isReaderWaiting = false
  /// Whether the reader has input after the message it is handling already buffered: replies then wait for the
  /// writer thread, so that a burst's replies are written together. Only a hint: either way every reply is written.
  private let readerAhead = Atomic<Bool>(false)
  /// The number of threads waiting in ``flush()``.
  private var flushWaiters = 0
  private var isClosed = false
  private var hasFailed = false
  private let fd: Int32
  private let backlogLimit: Int
  /// How many bytes the output takes now without blocking.
  private let room: OutputRoom
  /// The most bytes handed to one `write(2)`.
  private static let maxWriteSize = 64 << 10

  /// Creates a writer on `fd` and starts its thread.
  ///
  /// - Parameters:
  ///   - fd: The file descriptor protocol bytes go to (the saved real stdout).
  ///   - backlogLimit: Unsent bytes above which ``waitWhileBacklogged()`` blocks.
  init(fd: Int32, backlogLimit: Int = 8 << 20) {
    self.fd = fd
    self.backlogLimit = backlogLimit
    room = OutputRoom(fd: fd)
    let thread = Thread { [self] in
      ThreadName.setCurrent("suggest-writer")
      self.writeLoop()
    }
    thread.start()
  }

  /// Appends one or more complete framed messages; they are written in enqueue order.
  ///
  /// A message with nothing before it is written by the calling thread when the output takes it at once.
  func enqueue(_ bytes: [UInt8]) {
    condition.lock()
    guard !isClosed && !hasFailed else {
      condition.unlock()
      return
    }
    guard !isWriting && pending.isEmpty && bytes.count <= room.largestDirectWrite && !isReaderAhead else {
      pending.append(contentsOf: bytes)
      condition.broadcast()
      condition.unlock()
      return
    }
    // The writer's role, taken under the lock: every message enqueued from now on queues behind this one.
    isWriting = true
    unsentInWrite = bytes.count
    condition.unlock()
    guard room.takes(bytes.count) else {
      // The client is behind: the writer thread waits for it, as for any other message.
      condition.lock()
      pending.insert(contentsOf: bytes, at: 0)
      isWriting = false
      unsentInWrite = 0
      condition.broadcast()
      condition.unlock()
      return
    }
    let ok = writeAll(bytes)
    condition.lock()
    isWriting = false
    unsentInWrite = 0
    if !ok { hasFailed = true }
    // Wake whoever has a reason to look: the writer thread for messages queued meanwhile or to end, the reader held
    // back by the backlog, a flush. An idle round trip wakes no one.
    if !pending.isEmpty || isReaderWaiting || flushWaiters > 0 || isClosed || !ok { condition.broadcast() }
    condition.unlock()
  }

  /// Set by the reader before it handles a message: whether more input is buffered after it.
  var isReaderAhead: Bool {
    get { readerAhead.load(ordering: .relaxed) }
    set { readerAhead.store(newValue, ordering: .relaxed) }
  }

  /// Blocks while more than the backlog limit is unsent (backpressure on a client that stopped reading).
  func waitWhileBacklogged() {
    condition.lock()
    defer { condition.unlock() }
    while pending.count + unsentInWrite > backlogLimit && !hasFailed && !isClosed {
      isReaderWaiting = true
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
    flushWaiters += 1
    while (!pending.isEmpty || isWriting) && !hasFailed { condition.wait() }
    flushWaiters -= 1
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
      // Another thread may hold the writer's role for a message it writes itself (``enqueue(_:)``).
      while pending.isEmpty || isWriting {
        if pending.isEmpty && !isWriting && isClosed {
          condition.unlock()
          return
        }
        condition.wait()
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
