#if os(Linux)
import Glibc
#else
import Foundation
#endif

/// Names the calling thread where the system's tools show it: `top -H`, `ps -L`, `/proc/PID/task/TID/comm`, a
/// debugger's thread list.
///
/// On Linux, Foundation's `Thread.name` does not always get there: a name of more than 15 bytes is refused, and a
/// name set from inside a thread just started was lost in about one start in ten under load. The thread then kept
/// the name of the thread that started it, a Dispatch worker's ("oot.default-qos"). The system's own call, from the
/// thread itself, names it every time.
public enum ThreadName {
  /// The most bytes of a name the system keeps (Linux: 16 with the terminating NUL).
  static let maximumBytes = 15

  /// Names the calling thread `name`, cut to ``maximumBytes`` bytes at a character boundary.
  ///
  /// - Returns: Whether the system took the name.
  @discardableResult
  public static func setCurrent(_ name: String) -> Bool {
    let utf8 = Array(name.utf8)
    var count = min(utf8.count, maximumBytes)
    // Cut before a character, not inside one: back over the continuation bytes after the cut.
    while count > 0 && count < utf8.count && utf8[count] & 0xC0 == 0x80 { count -= 1 }
    #if os(Linux)
    let terminated = utf8[..<count].map { CChar(bitPattern: $0) } + [0]
    return terminated.withUnsafeBufferPointer { characters in
      guard let text = characters.baseAddress else { return false }
      return glibcPthreadSetname(pthread_self(), text) == 0
    }
    #else
    // Elsewhere Foundation's setter names the system's thread too, and keeps `Thread.name` in step.
    Thread.current.name = String(decoding: utf8[..<count], as: UTF8.self)
    return true
    #endif
  }
}

#if os(Linux)
/// glibc's `pthread_setname_np(3)` (a GNU extension the Glibc module does not export).
@_silgen_name("pthread_setname_np")
private func glibcPthreadSetname(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32
#endif
