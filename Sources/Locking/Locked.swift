#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value protected by a lock: the project's one primitive for shared mutable state outside actors.
///
/// It is a `pthread_mutex_t`, not the standard library's `Synchronization.Mutex`, for one reason: on Linux,
/// `Mutex` waits on futexes that ThreadSanitizer cannot see, so every access it protects is reported as a race and
/// `swift test --sanitize=thread` can never be clean. ThreadSanitizer intercepts `pthread_mutex_lock`, so with this
/// lock it reports real races only. The API mirrors `Mutex.withLock`.
public final class Locked<Value>: @unchecked Sendable {
  // `value` is only read or written between `lock()` and `unlock()` of `mutex`, in `withLock`, which is what makes
  // the unchecked conformance sound.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline var value: Value

  /// Creates a lock holding `value`.
  public init(_ value: Value) {
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    self.value = value
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// - Parameter body: Reads or changes the value; must not call `withLock` on the same lock (it is not recursive).
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock()
    defer { unlock() }
    return try body(&value)
  }

  @usableFromInline func lock() { pthread_mutex_lock(mutex) }
  @usableFromInline func unlock() { pthread_mutex_unlock(mutex) }
}
