#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a snapshot file, checks its header and table, and reads its sections (see ``SnapshotLayout``).
///
/// A section is either copied or mapped, and checked against its checksum either way; nothing is decoded per
/// item.
/// - Copied: read with `pread` straight into the array the catalog keeps, one bulk copy. Columns every search
///   scans are copied, so searches never wait on a page of the file.
/// - Mapped: used in place from a read-only mapping of the file (``MappedFile``), for columns read only to show a
///   result. The file's length is checked against the header, and every section against the file's length, before
///   anything is mapped, so no read of the mapping lies past the end of the file.
final class SnapshotReader: Sendable {
  /// Where a section's elements are kept.
  enum Placement {
    /// In an array of their own.
    case copied
    /// In the file's mapping (copied when the system refuses to map it).
    case mapped
  }

  private struct Entry: Sendable {
    let offset: Int
    let length: Int
    let checksum: UInt64
  }

  private let descriptor: Int32
  private let entries: [String: Entry]
  /// The file's size when opened.
  let fileSize: Int
  /// The whole file mapped, when mapped sections were asked for and the system allowed it.
  private let mapping: MappedFile?

  /// The mapping that mapped sections come from, if any.
  var mappedFile: MappedFile? { mapping }

  /// Opens `path` and checks everything but the sections' contents.
  ///
  /// - Parameters:
  ///   - path: The snapshot file.
  ///   - mapping: Whether to map the file, for sections read with ``Placement/mapped``.
  /// - Throws: ``SnapshotError``: `.missing` when there is no file, otherwise what is wrong with it.
  init(path: String, mapping: Bool = false) throws(SnapshotError) {
    descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .missing }
      throw .unreadable(reason: SystemError.message(code))
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let code = errno
      close(descriptor)
      throw .unreadable(reason: SystemError.message(code))
    }
    fileSize = Int(info.st_size)
    do throws(SnapshotError) {
      guard info.st_mode & S_IFMT == S_IFREG else { throw SnapshotError.unreadable(reason: "not a regular file") }
      entries = try Self.readTable(descriptor: descriptor, fileSize: fileSize)
    } catch {
      close(descriptor)
      throw error
    }
    self.mapping = mapping ? MappedFile(descriptor: descriptor, size: fileSize) : nil
  }

  deinit { close(descriptor) }

  /// Drops the mapped pages that checking the sections read (see ``MappedFile/releaseResidentPages()``): call it
  /// once every section is read.
  func releaseResidentPages() { mapping?.releaseResidentPages() }

  private static func readTable(descriptor: Int32, fileSize: Int) throws(SnapshotError) -> [String: Entry] {
    guard fileSize > 0 else { throw .empty }
    func bytes(at offset: Int, count: Int) throws(SnapshotError) -> [UInt8] {
      try Self.bytes(at: offset, count: count, from: descriptor)
    }
    let header = try bytes(at: 0, count: min(fileSize, SnapshotLayout.headerSize))
    guard header.starts(with: SnapshotLayout.magic) else { throw .notASnapshot }
    guard header.count == SnapshotLayout.headerSize else {
      throw .truncated(expected: SnapshotLayout.headerSize, actual: fileSize)
    }
    let version = Self.load(UInt32.self, header, 8)
    let sectionCount = Int(Self.load(UInt32.self, header, 12))
    let fileLength = Self.load(UInt64.self, header, 16)
    let tableChecksum = Self.load(UInt64.self, header, 24)
    let headerChecksum = Self.load(UInt64.self, header, 32)
    guard header[0..<32].withUnsafeBytes(SnapshotChecksum.of) == headerChecksum else {
      // An older format may lay its header out differently: say so rather than "damaged".
      if version != SnapshotLayout.formatVersion { throw .otherFormat(version: version) }
      throw .damaged("header checksum")
    }
    guard version == SnapshotLayout.formatVersion else { throw .otherFormat(version: version) }
    guard fileLength <= UInt64(Int.max), Int(fileLength) == fileSize else {
      if fileLength > UInt64(fileSize) { throw .truncated(expected: Int(clamping: fileLength), actual: fileSize) }
      throw .damaged("file length \(fileLength) in the header, \(fileSize) on disk")
    }
    guard sectionCount <= SnapshotLayout.maximumSectionCount,
      SnapshotLayout.dataStart(sectionCount: sectionCount) <= fileSize
    else { throw .damaged("section count \(sectionCount)") }
    let table = try bytes(at: SnapshotLayout.headerSize, count: sectionCount * SnapshotLayout.entrySize)
    guard table.withUnsafeBytes(SnapshotChecksum.of) == tableChecksum else { throw .damaged("section table checksum") }
    var entries: [String: Entry] = [:]
    for index in 0..<sectionCount {
      let base = index * SnapshotLayout.entrySize
      let nameBytes = table[base..<(base + SnapshotLayout.nameSize)].prefix { $0 != 0 }
      let name = String(decoding: nameBytes, as: UTF8.self)
      let offset = Self.load(UInt64.self, table, base + 40)
      let length = Self.load(UInt64.self, table, base + 48)
      guard offset <= UInt64(fileSize), length <= UInt64(fileSize) - offset, entries[name] == nil else {
        throw .damaged("section \(name) lies outside the file")
      }
      entries[name] = Entry(
        offset: Int(offset),
        length: Int(length),
        checksum: Self.load(UInt64.self, table, base + 56)
      )
    }
    return entries
  }

  /// Whether the file has a section `name`.
  func contains(_ name: String) -> Bool { entries[name] != nil }

  /// Reads the section `name` as an array of `Element`, checking its checksum.
  ///
  /// - Throws: ``SnapshotError/damaged(_:)`` when the section is missing, its length is not a whole number of
  ///   elements or its checksum differs; ``SnapshotError/truncated(expected:actual:)`` when the file shrank.
  func array<Element: BitwiseCopyable>(
    _ name: String,
    of type: Element.Type = Element.self
  ) throws(SnapshotError)
    -> [Element]
  {
    guard let entry = entries[name] else { throw .damaged("no section \(name)") }
    let stride = MemoryLayout<Element>.stride
    guard entry.length % stride == 0 else { throw .damaged("section \(name) has a partial element") }
    let count = entry.length / stride
    // `Array(unsafeUninitializedCapacity: 0)` writes into the shared empty-array singleton (a data race).
    guard count > 0 else {
      guard entry.checksum == SnapshotChecksum.of(UnsafeRawBufferPointer(start: nil, count: 0)) else {
        throw .damaged("section \(name) checksum")
      }
      return []
    }
    var failure: SnapshotError?
    let values = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      // Large sections fault in 2 MiB pages, not 4 KiB ones: far fewer page faults while reading.
      HugePages.advise(raw.baseAddress, byteCount: raw.count)
      failure = Self.read(into: raw, at: entry.offset, from: descriptor)
      if failure == nil, SnapshotChecksum.of(UnsafeRawBufferPointer(raw)) != entry.checksum {
        failure = .damaged("section \(name) checksum")
      }
      initialized = failure == nil ? count : 0
    }
    if let failure { throw failure }
    return values
  }

  /// Reads the section `name`, copied or mapped, checking its checksum.
  ///
  /// - Throws: As ``array(_:of:)``.
  func stored<Element: BitwiseCopyable>(
    _ name: String,
    _ placement: Placement,
    of type: Element.Type = Element.self
  ) throws(SnapshotError) -> StoredArray<Element> {
    guard placement == .mapped, let mapping else { return StoredArray(try array(name, of: type)) }
    guard let entry = entries[name] else { throw .damaged("no section \(name)") }
    let stride = MemoryLayout<Element>.stride
    guard entry.length % stride == 0, entry.offset % MemoryLayout<Element>.alignment == 0 else {
      throw .damaged("section \(name) has a partial element")
    }
    // Checked through `pread`, not the mapping: reading the mapping would make every page of it resident.
    guard try checksum(of: entry) == entry.checksum else { throw .damaged("section \(name) checksum") }
    guard entry.length > 0 else { return StoredArray() }
    return StoredArray(mapped: mapping, offset: entry.offset, count: entry.length / stride)
  }

  /// The checksum of a section's bytes, read in pieces.
  private func checksum(of entry: Entry) throws(SnapshotError) -> UInt64 {
    let pieceSize = 1 << 20
    let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: min(pieceSize, entry.length), alignment: 64)
    defer { piece.deallocate() }
    var checksum = SnapshotChecksum()
    var done = 0
    while done < entry.length {
      let part = UnsafeMutableRawBufferPointer(rebasing: piece[0..<min(pieceSize, entry.length - done)])
      if let failure = Self.read(into: part, at: entry.offset + done, from: descriptor) { throw failure }
      checksum.update(UnsafeRawBufferPointer(part))
      done += part.count
    }
    return checksum.value
  }

  /// Whether the snapshot has a section `name`.
  func has(_ name: String) -> Bool { entries[name] != nil }

  private static func bytes(at offset: Int, count: Int, from descriptor: Int32) throws(SnapshotError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let failure = bytes.withUnsafeMutableBytes { read(into: $0, at: offset, from: descriptor) }
    if let failure { throw failure }
    return bytes
  }

  /// Fills `buffer` with the bytes of the open file `descriptor` at `offset` (`pread`, retried until done or
  /// interrupted only by a signal).
  ///
  /// - Returns: `nil` when every byte was read, else why not (the file ended first, or the read failed).
  static func read(
    into buffer: UnsafeMutableRawBufferPointer,
    at offset: Int,
    from descriptor: Int32
  ) -> SnapshotError? {
    guard let base = buffer.baseAddress else { return nil }
    var done = 0
    while done < buffer.count {
      let count = pread(descriptor, base + done, buffer.count - done, off_t(offset + done))
      if count > 0 {
        done += count
      } else if count == 0 {
        return .truncated(expected: offset + buffer.count, actual: offset + done)
      } else if errno != EINTR {
        return .unreadable(reason: SystemError.message(errno))
      }
    }
    return nil
  }

  private static func load<Value: FixedWidthInteger>(_ type: Value.Type, _ bytes: [UInt8], _ offset: Int) -> Value {
    bytes.withUnsafeBytes { Value(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: Value.self)) }
  }
}
