#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives the pages of a file's bytes back to the system as soon as the part that read them is decoded, so that a
/// first load does not hold the whole file while its catalog grows.
///
/// Only for a buffer that nothing reads afterwards: a dropped page reads as zeros (`madvise(MADV_DONTNEED)` on
/// private anonymous memory).
enum ReadPages {
  private static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))

  /// Drops the whole pages inside `range` of `buffer`.
  ///
  /// - Parameters:
  ///   - buffer: Memory owned by the caller, which reads none of `range` again.
  ///   - range: The bytes done with.
  static func drop(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) {
    #if os(Linux)
    guard let base = buffer.baseAddress, !range.isEmpty else { return }
    let start = Int(bitPattern: base + range.lowerBound)
    let first = (start + pageSize - 1) & ~(pageSize - 1)
    let last = (start + range.count) & ~(pageSize - 1)
    guard last > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
    _ = madvise(aligned, last - first, MADV_DONTNEED)
    #endif
  }
}
