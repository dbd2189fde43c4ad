#if canImport(Glibc)
import Glibc
#endif

/// Asks Linux to back large, freshly allocated buffers with transparent huge pages.
///
/// Filling a 100 MB buffer page by page takes 25,000 page faults, which cost more than the loader's own work on
/// this kind of machine; with 2 MiB pages it takes about 50. This is only advice (`madvise(MADV_HUGEPAGE)`, honoured
/// when the system's transparent huge pages are set to `madvise` or `always`, ignored otherwise) and changes no
/// behaviour.
enum HugePages {
  /// The size of a transparent huge page on x86-64 and most arm64 kernels.
  private static let size = 2 << 20

  /// Advises huge pages for the whole 2 MiB-aligned pages inside `start..<start + byteCount`.
  ///
  /// Call it before the memory is first written: pages already touched are not merged.
  ///
  /// - Parameters:
  ///   - start: The buffer.
  ///   - byteCount: Its size in bytes; buffers under 4 MiB are left alone.
  static func advise(_ start: UnsafeMutableRawPointer?, byteCount: Int) {
    #if os(Linux)
    guard let start, byteCount >= 2 * size else { return }
    let first = (Int(bitPattern: start) + size - 1) & ~(size - 1)
    let last = (Int(bitPattern: start) + byteCount) & ~(size - 1)
    guard last > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
    _ = madvise(aligned, last - first, MADV_HUGEPAGE)
    #endif
  }
}
