#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole catalog file into memory in one go, with typed errors.
///
/// The file is opened non-blocking, so a FIFO path fails at once as "not a regular file" instead of waiting for a
/// writer; only regular files are read. The size is taken from `fstat` and read exactly (a file that grows while
/// being read is cut at its size when opened).
enum CatalogFileReader {
  /// Reads the file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - limit: The largest size accepted, in bytes.
  /// - Returns: The file's bytes.
  /// - Throws: ``CatalogLoadError`` for a missing path, a directory or other non-regular file, a file over `limit`,
  ///   or a failing `open`/`read` (with the system's text).
  static func contents(ofFile path: String, limit: Int) throws(CatalogLoadError) -> [UInt8] {
    try contentsAndStamp(ofFile: path, limit: limit).bytes
  }

  /// Reads the file at `path` and says which version of it was read (size and modification time from the same
  /// open file), for keying its snapshot.
  static func contentsAndStamp(
    ofFile path: String,
    limit: Int
  ) throws(CatalogLoadError) -> (bytes: [UInt8], stamp: SourceStamp) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR || path.isEmpty { throw .fileNotFound(path: path) }
      throw .unreadable(path: path, reason: SystemError.message(code))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw .unreadable(path: path, reason: SystemError.message(errno))
    }
    guard info.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path: path) }
    let size = Int(info.st_size)
    guard size <= limit else { throw .tooLarge(path: path, size: size, limit: limit) }
    // `Array(unsafeUninitializedCapacity: 0)` stores its count into the shared empty-array singleton, a data race
    // when two threads read empty files at once.
    guard size > 0 else { return ([], SourceStamp(info)) }

    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initializedCount in
      guard let base = buffer.baseAddress else { return }
      HugePages.advise(base, byteCount: size)
      var done = 0
      while done < size {
        let count = read(descriptor, base + done, size - done)
        if count > 0 {
          done += count
        } else if count == 0 {
          break  // the file shrank since fstat
        } else if errno != EINTR {
          failure = errno
          break
        }
      }
      initializedCount = done
    }
    guard failure == 0 else { throw .unreadable(path: path, reason: SystemError.message(failure)) }
    var stamp = SourceStamp(info)
    stamp.size = bytes.count
    return (bytes, stamp)
  }
}
