import Foundation

/// Bounds the request handler tasks alive at once: the reader takes a slot before it starts a request's handler,
/// and the handler's task gives it back when it ends.
///
/// This is the second half of backpressure. The writer's backlog limit stops the reader while too many reply bytes
/// are unsent, but requests already read keep producing replies, and requests whose handlers wait (for a debounce
/// delay, for the state changes before them) produce none yet: without a bound the reader would read a fast client's
/// whole input into handler tasks. A slot is held until the task ends, not merely until the request is answered,
/// because a cancelled or superseded request's task may live on for a while (e.g. holding its place in the order of
/// state changes) and costs memory until it ends.
///
/// Hysteresis: once the reader had to wait, it resumes only when a quarter of the slots are free again, so a full
/// table costs one wake-up per batch of requests rather than one per request.
final class RequestSlots: @unchecked Sendable {
  // Every stored var below is guarded by `condition` (its lock); `limit` and `resumeLevel` are immutable.
  private let condition = NSCondition()
  private var alive = 0
  private var isWaiting = false
  private let limit: Int
  private let resumeLevel: Int

  /// Creates slots for `limit` handlers (at least one).
  init(limit: Int) {
    self.limit = max(1, limit)
    resumeLevel = self.limit - max(1, self.limit / 4)
  }

  /// Takes a slot, first blocking the calling thread (the reader) while every slot is taken.
  func acquire() {
    condition.lock()
    defer { condition.unlock() }
    if alive >= limit {
      isWaiting = true
      while alive > resumeLevel { condition.wait() }
      isWaiting = false
    }
    alive += 1
  }

  /// Gives a slot back (a handler's task ended, or a request took a slot it did not need).
  func release() {
    condition.lock()
    defer { condition.unlock() }
    alive -= 1
    if isWaiting && alive <= resumeLevel { condition.signal() }
  }

  /// The number of slots taken.
  var taken: Int {
    condition.lock()
    defer { condition.unlock() }
    return alive
  }

  /// Whether the reader is waiting for a slot.
  var isReaderWaiting: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isWaiting
  }
}
