#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a catalog file: the cheap half of a snapshot's key (the other half is a checksum of the
/// file's content).
struct SourceStamp: Sendable, Hashable {
  var size: Int
  var modifiedSeconds: Int
  var modifiedNanoseconds: Int

  init(size: Int, modifiedSeconds: Int, modifiedNanoseconds: Int) {
    self.size = size
    self.modifiedSeconds = modifiedSeconds
    self.modifiedNanoseconds = modifiedNanoseconds
  }

  /// The stamp of an open file's `stat`.
  init(_ info: stat) {
    size = Int(info.st_size)
    #if canImport(Darwin)
    modifiedSeconds = Int(info.st_mtimespec.tv_sec)
    modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
    #else
    modifiedSeconds = Int(info.st_mtim.tv_sec)
    modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
    #endif
  }

  /// The stamp of the file at `path`, or `nil` when it cannot be read.
  static func of(path: String) -> SourceStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return SourceStamp(info)
  }
}
