#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the recents state file could not be loaded, and where it was moved: the daemon prints it on stderr and
/// starts with no recents.
public struct RecentsFileDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong with the file.
  public enum Problem: Error, Sendable, Hashable {
    /// The file could not be opened or read (`errno`, e.g. `EACCES`, `EIO`, `ENOTDIR`).
    case unreadable(errno: Int32)
    /// A directory, FIFO, socket or device is where the file should be.
    case notARegularFile
    /// The file is larger than ``RecentsFile/maxFileSize``.
    case tooLarge(bytes: Int64)
    /// The content is not JSON (empty, truncated, garbage, invalid UTF-8).
    case invalidJSON(String)
    /// The content is JSON but not a recents file of the supported version's shape.
    case unexpectedShape(String)
    /// The `version` field is not one this build reads (the file is kept for a newer build).
    case unsupportedVersion(Int64)
  }

  /// The state file's path.
  public var path: String
  /// What is wrong with it.
  public var problem: Problem
  /// Where the file was moved, or `nil` when it could not be moved (see ``setAsideErrno``).
  public var setAsidePath: String?
  /// The `errno` of the failed move, when the file could not be moved aside.
  public var setAsideErrno: Int32?

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - path: The state file's path.
  ///   - problem: What is wrong with it.
  ///   - setAsidePath: Where the file was moved, if it was.
  ///   - setAsideErrno: The `errno` of the failed move, if it failed.
  public init(path: String, problem: Problem, setAsidePath: String? = nil, setAsideErrno: Int32? = nil) {
    self.path = path
    self.problem = problem
    self.setAsidePath = setAsidePath
    self.setAsideErrno = setAsideErrno
  }

  /// One line for stderr: the file, the problem, what was done about it.
  public var description: String {
    let what: String
    switch problem {
    case .unreadable(let code): what = "cannot be read (\(Self.describe(errno: code)))"
    case .notARegularFile: what = "is not a regular file"
    case .tooLarge(let bytes): what = "is too large (\(bytes) bytes, limit \(RecentsFile.maxFileSize))"
    case .invalidJSON(let reason): what = "is not valid JSON (\(reason))"
    case .unexpectedShape(let reason): what = "is not a recents file (\(reason))"
    case .unsupportedVersion(let version):
      what = "has version \(version), this build reads version \(RecentsFile.formatVersion)"
    }
    let done: String
    if let setAsidePath {
      done = "set aside as '\(setAsidePath)'"
    } else if let setAsideErrno {
      done = "could not be set aside (\(Self.describe(errno: setAsideErrno)))"
    } else {
      done = "left in place"
    }
    return "recents file '\(path)' \(what); \(done); starting with no recents"
  }

  /// `strerror` text with the error's number.
  static func describe(errno code: Int32) -> String {
    guard let message = strerror(code) else { return "errno \(code)" }
    return "\(String(cString: message)), errno \(code)"
  }
}
