#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recents state file in a state directory: `<directory>/recents.json`, loaded at start, saved durably.
///
/// Every name it touches is fixed here (`recents.json`, `recents.json.tmp`, `recents.json.corrupt-<UTC time>`):
/// nothing derived from protocol input becomes a path component, so no request can make the daemon write outside
/// the state directory. The format is described in ``RecentsFileFormat``.
public struct RecentsFile: Sendable, Hashable {
  /// The state file's name.
  public static let fileName = "recents.json"
  /// The temporary file a save writes before renaming it over the state file.
  public static let temporaryFileName = "recents.json.tmp"
  /// The prefix of the name a bad state file is moved to, followed by the UTC time (`20261101T120000Z`).
  public static let setAsidePrefix = "recents.json.corrupt-"
  /// The format version this build reads and writes.
  public static let formatVersion = 1
  /// The largest state file read (64 MiB); a larger one is set aside.
  public static let maxFileSize: Int64 = 64 << 20

  /// The state directory (created on the first save when missing).
  public let directory: String

  /// Creates the file for a state directory.
  ///
  /// - Parameter directory: The state directory; an empty path means the current directory.
  public init(directory: String) {
    var directory = directory.isEmpty ? "." : directory
    while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
    self.directory = directory
  }

  /// The state file's path.
  public var path: String { join(Self.fileName) }

  /// The temporary file's path.
  public var temporaryPath: String { join(Self.temporaryFileName) }

  /// Loads the book; never fails.
  ///
  /// A missing file (or state directory) is an empty book. A file that cannot be used — unreadable, not a regular
  /// file, too large, not JSON, not of our shape or version — is renamed to `recents.json.corrupt-<UTC time>`
  /// (when possible) and reported; the book is then empty, and the next save writes a fresh file.
  ///
  /// - Parameters:
  ///   - maxCount: The most entries kept per catalog.
  ///   - now: The current time in milliseconds since 1970-01-01T00:00:00Z, for the set-aside name.
  /// - Returns: The book, and the diagnostic to print when the file was unusable.
  public func load(maxCount: Int, now: Int64) -> (book: RecentsBook, diagnostic: RecentsFileDiagnostic?) {
    let problem: RecentsFileDiagnostic.Problem
    switch readContents() {
    case .missing:
      return (RecentsBook(maxCount: maxCount), nil)
    case .failed(let readProblem):
      problem = readProblem
    case .bytes(let bytes):
      do {
        return (try RecentsFileFormat.decode(bytes, maxCount: maxCount), nil)
      } catch {
        problem = error
      }
    }
    var diagnostic = RecentsFileDiagnostic(path: path, problem: problem)
    switch setAside(now: now) {
    case .success(let newPath): diagnostic.setAsidePath = newPath
    case .failure(let failure): diagnostic.setAsideErrno = failure.code
    }
    return (RecentsBook(maxCount: maxCount), diagnostic)
  }

  /// Saves `book` durably: when this returns, the new content survives a crash or power loss.
  ///
  /// Writes `recents.json.tmp` (created fresh, never through a symbolic link), `fsync`s it, renames it over
  /// `recents.json` (atomic: a reader sees the old or the new file, never a mix), then `fsync`s the directory so
  /// the rename itself is on disk. The directory is created (mode 0700) when missing.
  ///
  /// - Parameter book: The book to save.
  /// - Throws: ``RecentsSaveError`` naming the step that failed; the temporary file is removed on failure.
  public func save(_ book: RecentsBook) throws(RecentsSaveError) {
    let bytes: [UInt8]
    do {
      bytes = try RecentsFileFormat.encode(book)
    } catch {
      throw RecentsSaveError(stage: .encode, path: path, errno: 0)
    }
    let created = Self.makeDirectory(directory)
    guard created == 0 else { throw RecentsSaveError(stage: .createDirectory, path: directory, errno: created) }
    try writeTemporaryFile(bytes)
    guard rename(temporaryPath, path) == 0 else {
      let code = errno
      unlink(temporaryPath)
      throw RecentsSaveError(stage: .rename, path: path, errno: code)
    }
    try syncDirectory()
  }

  // MARK: Reading

  /// What reading the state file gave.
  private enum ReadResult {
    case missing
    case failed(RecentsFileDiagnostic.Problem)
    case bytes([UInt8])
  }

  /// Reads the whole state file, refusing anything but a regular file of at most ``maxFileSize`` bytes.
  private func readContents() -> ReadResult {
    // O_NONBLOCK: a FIFO in the file's place must not block the daemon's start.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      return code == ENOENT ? .missing : .failed(.unreadable(errno: code))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failed(.unreadable(errno: errno)) }
    guard status.st_mode & S_IFMT == S_IFREG else { return .failed(.notARegularFile) }
    guard Int64(status.st_size) <= Self.maxFileSize else { return .failed(.tooLarge(bytes: Int64(status.st_size))) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failed(.unreadable(errno: errno))
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
      // The file may have grown since fstat.
      guard Int64(bytes.count) <= Self.maxFileSize else { return .failed(.tooLarge(bytes: Int64(bytes.count))) }
    }
    return .bytes(bytes)
  }

  /// Renames the state file to a fresh `recents.json.corrupt-<UTC time>[-n]` name in the same directory.
  ///
  /// - Returns: The new path, or the `errno` of the failed rename.
  private func setAside(now: Int64) -> Result<String, SetAsideFailure> {
    let stamp = Self.utcStamp(millisecondsSince1970: now)
    for attempt in 1...1000 {
      let name = Self.setAsidePrefix + stamp + (attempt == 1 ? "" : "-\(attempt)")
      let target = join(name)
      var status = stat()
      if lstat(target, &status) == 0 { continue }
      if rename(path, target) == 0 { return .success(target) }
      let code = errno
      if code != EEXIST && code != ENOTEMPTY { return .failure(SetAsideFailure(code: code)) }
    }
    return .failure(SetAsideFailure(code: EEXIST))
  }

  /// The `errno` of a failed set-aside rename.
  private struct SetAsideFailure: Error {
    var code: Int32
  }

  // MARK: Writing

  /// Creates the temporary file afresh and writes and flushes `bytes` to it.
  private func writeTemporaryFile(_ bytes: [UInt8]) throws(RecentsSaveError) {
    let temporary = temporaryPath
    // A leftover from a crash (or anything else at that name) goes first; O_EXCL | O_NOFOLLOW then guarantee we
    // write a file we created, never through a link someone placed there.
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw RecentsSaveError(stage: .openTemporaryFile, path: temporary, errno: errno) }
    var failure: RecentsSaveError?
    let written = bytes.withUnsafeBytes { buffer -> Int32 in
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += count
      }
      return 0
    }
    if written != 0 {
      failure = RecentsSaveError(stage: .write, path: temporary, errno: written)
    } else if fsync(descriptor) != 0 {
      failure = RecentsSaveError(stage: .syncFile, path: temporary, errno: errno)
    }
    if close(descriptor) != 0 && failure == nil {
      failure = RecentsSaveError(stage: .write, path: temporary, errno: errno)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  /// Flushes the directory, so that the rename survives a power loss.
  private func syncDirectory() throws(RecentsSaveError) {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw RecentsSaveError(stage: .syncDirectory, path: directory, errno: errno) }
    defer { close(descriptor) }
    // Some file systems cannot fsync a directory (EINVAL): there is nothing more to do on them.
    guard fsync(descriptor) == 0 || errno == EINVAL else {
      throw RecentsSaveError(stage: .syncDirectory, path: directory, errno: errno)
    }
  }

  /// `mkdir -p` with mode 0700.
  ///
  /// - Returns: 0, or the `errno` of the failure (`ENOTDIR` when a non-directory is in the way).
  private static func makeDirectory(_ path: String) -> Int32 {
    if mkdir(path, 0o700) == 0 { return 0 }
    let code = errno
    if code == EEXIST {
      var status = stat()
      guard stat(path, &status) == 0 else { return errno }
      return status.st_mode & S_IFMT == S_IFDIR ? 0 : ENOTDIR
    }
    guard code == ENOENT, let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return code }
    let parent = makeDirectory(String(path[..<slash]))
    guard parent == 0 else { return parent }
    return mkdir(path, 0o700) == 0 || errno == EEXIST ? 0 : errno
  }

  /// `directory/name`.
  private func join(_ name: String) -> String {
    directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// `YYYYMMDDTHHMMSSZ` for a Unix time in milliseconds (proleptic Gregorian calendar, UTC).
  static func utcStamp(millisecondsSince1970 milliseconds: Int64) -> String {
    let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    // Howard Hinnant's civil_from_days.
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func pad(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return pad(year, 4) + pad(month, 2) + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2)
      + pad(secondOfDay / 60 % 60, 2) + pad(secondOfDay % 60, 2) + "Z"
  }
}
