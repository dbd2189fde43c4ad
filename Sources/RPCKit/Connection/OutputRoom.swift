#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many bytes an output takes now without blocking, so that a reply can be written by the thread that made it
/// instead of waking the writer thread (``OutputWriter``).
///
/// - A pipe (how editors and scripts run the daemon) takes what fits in its free pages: a reply of 50 results (about
///   7 KB) fits in a pipe its client keeps reading. The free pages are counted from the unread bytes: writes fill
///   every page but the first and the last, so `unread` bytes hold at most `unread / 4096 + 2` pages.
/// - A regular file never waits for a reader; the thread still writes only up to 64 KB itself (a larger reply is the
///   writer thread's, as a disk may be slow).
/// - Anything else (a socket, a terminal) takes `PIPE_BUF` bytes when it polls writable, which is all that polling
///   promises.
struct OutputRoom: Sendable {
  private enum Kind {
    case pipe(pages: Int)
    case file
    case other
  }

  /// A page of a pipe's buffer, and what a writable output takes at once.
  private static let pageSize = 4096
  /// The largest reply written to a regular file by the thread that made it.
  private static let largestFileWrite = 64 << 10
  /// `F_GETPIPE_SZ` (Linux 2.6.35), which Glibc's module does not export.
  private static let getPipeSize: Int32 = 1024 + 8

  private let fd: Int32
  private let kind: Kind

  /// The room of `fd`, of the kind it is now.
  init(fd: Int32) {
    self.fd = fd
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      kind = .other
      return
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      kind = .file
    case S_IFIFO:
      #if os(Linux)
      let capacity = fcntl(fd, Self.getPipeSize)
      kind = capacity >= Self.pageSize ? .pipe(pages: Int(capacity) / Self.pageSize) : .other
      #else
      kind = .other
      #endif
    default:
      kind = .other
    }
  }

  /// The largest message worth asking ``takes(_:)`` about.
  var largestDirectWrite: Int {
    switch kind {
    case .pipe(let pages): (pages - 2) * Self.pageSize
    case .file: Self.largestFileWrite
    case .other: Self.pageSize
    }
  }

  /// Whether a write of `count` bytes returns at once, with every byte taken. Only the writer's role may ask, since
  /// only it writes: the client can only make more room.
  func takes(_ count: Int) -> Bool {
    switch kind {
    case .file:
      return true
    case .pipe(let pages):
      var unread: Int32 = 0
      guard ioctl(fd, UInt(FIONREAD), &unread) == 0, unread >= 0 else { return false }
      let used = unread == 0 ? 0 : Int(unread) / Self.pageSize + 2
      return (pages - used) * Self.pageSize >= count
    case .other:
      guard count <= Self.pageSize else { return false }
      var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLOUT) != 0
    }
  }
}
