#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory, unmapped when the last column that uses it goes.
///
/// Snapshots are never rewritten in place (``SnapshotWriter`` renames a new file over the old one), so the mapped
/// pages stay those of the file that was checked, even while a newer snapshot replaces it.
final class MappedFile: @unchecked Sendable {
  // `@unchecked`: the mapping is read-only and lives as long as this object.
  /// The first byte.
  let base: UnsafeRawPointer
  /// The mapped length in bytes.
  let size: Int

  /// Maps `size` bytes of the open file `descriptor` (the caller checked them against the file's size).
  ///
  /// - Returns: `nil` with `errno` set when the system refuses.
  init?(descriptor: Int32, size: Int) {
    guard size > 0 else { return nil }
    let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let address, address != MAP_FAILED else { return nil }
    base = UnsafeRawPointer(address)
    self.size = size
  }

  deinit { munmap(UnsafeMutableRawPointer(mutating: base), size) }

  /// Drops the pages read so far from this process's memory; the next read of them comes from the file again.
  ///
  /// Checking a snapshot reads every byte once; after that, a column's pages should count only once a search or
  /// a result uses them.
  func releaseResidentPages() {
    _ = madvise(UnsafeMutableRawPointer(mutating: base), size, MADV_DONTNEED)
  }
}
