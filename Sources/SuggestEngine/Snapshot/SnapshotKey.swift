#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a snapshot was built from: the catalog file (path, size, modification time, a checksum of its content) and
/// how it was read. Any difference means the snapshot is stale.
struct SnapshotKey: Sendable, Hashable {
  var path: String
  var format: CatalogFormat
  var stamp: SourceStamp
  var contentChecksum: UInt64

  /// The key of a file whose bytes are in hand.
  init(path: String, format: CatalogFormat, stamp: SourceStamp, bytes: [UInt8]) {
    self.init(path: path, format: format, stamp: stamp, contentChecksum: bytes.withUnsafeBytes(SnapshotChecksum.of))
  }

  init(path: String, format: CatalogFormat, stamp: SourceStamp, contentChecksum: UInt64) {
    self.path = path
    self.format = format
    self.stamp = stamp
    self.contentChecksum = contentChecksum
  }

  /// What a catalog built from this key's file is, wherever the file lies: a checksum of its content, how it is
  /// read, the snapshot format and the engine's folding tables. Two catalogs of one identity give the same answers.
  var identity: UInt64 {
    var bytes: [UInt8] = []
    SnapshotWriter.append(SnapshotLayout.formatVersion, to: &bytes)
    SnapshotWriter.append(SnapshotLayout.engineFingerprint, to: &bytes)
    SnapshotWriter.append(contentChecksum, to: &bytes)
    bytes.append(contentsOf: format.rawValue.utf8)
    return bytes.withUnsafeBytes(SnapshotChecksum.of)
  }

  /// Why the file at `path` today does not have this key's size and modification time, or `nil` when it does.
  func stampStaleness() -> String? {
    guard let current = SourceStamp.of(path: path) else { return "\(path) cannot be read" }
    guard current.size == stamp.size else { return "\(path) changed size" }
    guard current.modifiedSeconds == stamp.modifiedSeconds, current.modifiedNanoseconds == stamp.modifiedNanoseconds
    else { return "\(path) was modified" }
    return nil
  }

  /// Why the file at `path` today does not have this key's content, or `nil` when it does (read in pieces).
  func contentStaleness() -> String? {
    guard let checksum = Self.contentChecksum(ofFile: path) else { return "\(path) cannot be read" }
    guard checksum == contentChecksum else { return "\(path) has other content" }
    return nil
  }

  /// The checksum of the file's content, read a megabyte at a time.
  static func contentChecksum(ofFile path: String) -> UInt64? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var checksum = SnapshotChecksum()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count > 0 {
        checksum.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
      } else if count == 0 {
        return checksum.value
      } else if errno != EINTR {
        return nil
      }
    }
  }
}
