#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects named sections and writes them as one snapshot file (see ``SnapshotLayout``).
///
/// The file is written under a temporary name in the same directory, synced, then renamed over `path`: a reader
/// sees the old snapshot or the new one, never a half-written file, and a process that has the old one open keeps
/// reading it undisturbed.
struct SnapshotWriter {
  private struct Section {
    let name: String
    let length: Int
    /// Hands the section's bytes to a body (the arrays are held, not copied).
    let withBytes: ((UnsafeRawBufferPointer) -> Void) -> Void
  }

  private var sections: [Section] = []
  private var names: Set<String> = []

  init() {}

  /// Adds an array as the section `name` (names must be unique and fit ``SnapshotLayout/nameSize`` bytes).
  mutating func add<Element: BitwiseCopyable>(_ name: String, _ values: [Element]) {
    precondition(name.utf8.count <= SnapshotLayout.nameSize && names.insert(name).inserted, "section \(name)")
    sections.append(
      Section(name: name, length: values.count * MemoryLayout<Element>.stride) { body in
        values.withUnsafeBytes { body($0) }
      }
    )
  }

  /// Adds a column's elements as the section `name`.
  mutating func add<Element: BitwiseCopyable>(_ name: String, _ values: StoredArray<Element>) {
    precondition(name.utf8.count <= SnapshotLayout.nameSize && names.insert(name).inserted, "section \(name)")
    sections.append(
      Section(name: name, length: values.count * MemoryLayout<Element>.stride) { body in
        values.withUnsafeBytes { body($0) }
      }
    )
  }

  /// What follows a file's name in the name of its temporary file, before the process id and a random number.
  static let temporaryMark = ".tmp-"

  /// How long, in seconds, a temporary file may go unwritten before it counts as abandoned: far longer than any write
  /// takes, so a write still running in another process is never taken for one.
  static let abandonedAfter = 15 * 60

  /// Writes the snapshot to `path`, replacing any file there.
  ///
  /// - Throws: ``SnapshotError/unwritable(reason:)``; the temporary file is removed.
  func write(toFile path: String) throws(SnapshotError) {
    let temporary = "\(path)\(Self.temporaryMark)\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .unwritable(reason: "\(temporary): \(SystemError.message(errno))") }
    do throws(SnapshotError) {
      try writeContents(to: descriptor)
      guard fsync(descriptor) == 0 else {
        throw SnapshotError.unwritable(reason: "fsync: \(SystemError.message(errno))")
      }
      guard close(descriptor) == 0 else {
        throw SnapshotError.unwritable(reason: "close: \(SystemError.message(errno))")
      }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw .unwritable(reason: "rename to \(path): \(SystemError.message(code))")
    }
    Self.syncDirectory(of: path)
  }

  /// Removes from `directory` the temporary files of snapshots and answers files (`<name>.tmp-<pid>-<n>`) not written
  /// to for ``abandonedAfter`` seconds: what a process killed while writing one leaves behind (a first start's is
  /// the size of its snapshot).
  ///
  /// - Parameters:
  ///   - directory: The snapshot directory.
  ///   - now: The current time, in seconds since the epoch.
  /// - Returns: The names of the files removed.
  @discardableResult
  static func removeAbandonedTemporaryFiles(in directory: String, now: Int = time(nil)) -> [String] {
    guard let stream = opendir(directory) else { return [] }
    defer { closedir(stream) }
    var removed: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard let mark = name.indices.first(where: { name[$0...].hasPrefix(temporaryMark) }),
        [".snapshot", ".answers"].contains(where: { name[..<mark].hasSuffix($0) })
      else { continue }
      let path = "\(directory)/\(name)"
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, now - Int(info.st_mtim.tv_sec) > abandonedAfter
      else { continue }
      if unlink(path) == 0 { removed.append(name) }
    }
    return removed
  }

  /// Writes the sections, then the table and the header in front of them.
  private func writeContents(to descriptor: Int32) throws(SnapshotError) {
    var table: [UInt8] = []
    table.reserveCapacity(SnapshotLayout.entrySize * sections.count)
    var offset = SnapshotLayout.dataStart(sectionCount: sections.count)
    var failure: SnapshotError?
    for section in sections {
      var checksum: UInt64 = 0
      section.withBytes { bytes in
        checksum = SnapshotChecksum.of(bytes)
        if failure == nil, let error = Self.write(bytes, at: offset, to: descriptor) { failure = error }
      }
      if let failure { throw failure }
      var name = Array(section.name.utf8)
      name += repeatElement(0, count: SnapshotLayout.nameSize - name.count)
      table += name
      Self.append(UInt64(offset), to: &table)
      Self.append(UInt64(section.length), to: &table)
      Self.append(checksum, to: &table)
      offset = SnapshotLayout.aligned(offset + section.length)
    }
    let fileLength = offset
    var header = SnapshotLayout.magic
    Self.append(SnapshotLayout.formatVersion, to: &header)
    Self.append(UInt32(sections.count), to: &header)
    Self.append(UInt64(fileLength), to: &header)
    Self.append(table.withUnsafeBytes(SnapshotChecksum.of), to: &header)
    Self.append(header.withUnsafeBytes(SnapshotChecksum.of), to: &header)
    header += repeatElement(0, count: SnapshotLayout.headerSize - header.count)
    // The padding after the last section makes the length a multiple of the alignment.
    guard ftruncate(descriptor, off_t(fileLength)) == 0 else {
      throw .unwritable(reason: "ftruncate: \(SystemError.message(errno))")
    }
    let front = header + table
    if let error = front.withUnsafeBytes({ Self.write($0, at: 0, to: descriptor) }) { throw error }
  }

  private static func write(_ bytes: UnsafeRawBufferPointer, at offset: Int, to descriptor: Int32) -> SnapshotError? {
    var done = 0
    while done < bytes.count {
      let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
      if count > 0 {
        done += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        return .unwritable(reason: "write: \(SystemError.message(count < 0 ? errno : ENOSPC))")
      }
    }
    return nil
  }

  static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Syncs the directory entry of the rename (best effort: some file systems refuse it).
  private static func syncDirectory(of path: String) {
    let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let descriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }
}
