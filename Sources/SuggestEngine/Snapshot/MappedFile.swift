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
///
/// A read through the mapping makes resident a whole page-cache folio around the byte read, not one page: up to
/// 2 MiB with the large folios of recent kernels (a few dozen strings read from scattered items made most of a
/// 50 MB column resident). ``read(into:at:)`` copies bytes from the file instead and maps nothing: the way to read a
/// few scattered values (the text of a result's items).
final class MappedFile: @unchecked Sendable {
  // `@unchecked`: the mapping is read-only and lives as long as this object; the descriptor is only read with
  // `pread`, which has no file position to share.
  /// The first byte.
  let base: UnsafeRawPointer
  /// The mapped length in bytes.
  let size: Int
  /// The mapped file, open for ``read(into:at:)`` (a duplicate of the caller's descriptor); -1 when it could not
  /// be kept open (reads then go through the mapping).
  private let descriptor: Int32

  /// Maps `size` bytes of the open file `descriptor` (the caller checked them against the file's size).
  ///
  /// - Returns: `nil` with `errno` set when the system refuses.
  init?(descriptor: Int32, size: Int) {
    guard size > 0 else { return nil }
    let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
    guard let address, address != MAP_FAILED else { return nil }
    base = UnsafeRawPointer(address)
    self.size = size
    self.descriptor = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
  }

  deinit {
    munmap(UnsafeMutableRawPointer(mutating: base), size)
    if descriptor >= 0 { close(descriptor) }
  }

  /// Copies the mapped bytes at `offset..<offset + destination.count` into `destination`, reading them from the
  /// file (`pread`) rather than through the mapping, so that nothing becomes resident in the mapping.
  ///
  /// - Precondition: The range lies inside the mapping.
  func read(into destination: UnsafeMutableRawBufferPointer, at offset: Int) {
    precondition(offset >= 0 && offset <= size - destination.count, "mapped read out of bounds")
    if descriptor >= 0, SnapshotReader.read(into: destination, at: offset, from: descriptor) == nil { return }
    // The file could not be read (it is open and was checked, so this should not happen): the mapping holds the
    // same bytes.
    guard let start = destination.baseAddress else { return }
    start.copyMemory(from: base + offset, byteCount: destination.count)
  }

  /// Drops the pages read so far from this process's memory; the next read of them comes from the file again.
  ///
  /// Checking a snapshot reads every byte once; after that, a column's pages should count only once a search or
  /// a result uses them.
  func releaseResidentPages() {
    _ = madvise(UnsafeMutableRawPointer(mutating: base), size, MADV_DONTNEED)
  }
}
