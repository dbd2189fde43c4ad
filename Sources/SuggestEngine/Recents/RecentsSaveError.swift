/// Why the recents could not be saved durably.
public struct RecentsSaveError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The step of the save that failed, in the order they run.
  public enum Stage: String, Sendable, Hashable {
    /// Encoding the book as JSON.
    case encode
    /// Creating the state directory.
    case createDirectory
    /// Creating the temporary file.
    case openTemporaryFile
    /// Writing the temporary file.
    case write
    /// Flushing the temporary file to disk.
    case syncFile
    /// Renaming the temporary file over the state file.
    case rename
    /// Flushing the directory entry to disk. At this stage the new file is already in place.
    case syncDirectory
  }

  /// The step that failed.
  public var stage: Stage
  /// The path the step worked on.
  public var path: String
  /// The `errno` of the failure (0 for ``Stage/encode``).
  public var errno: Int32

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - stage: The step that failed.
  ///   - path: The path the step worked on.
  ///   - errno: The `errno` of the failure.
  public init(stage: Stage, path: String, errno: Int32) {
    self.stage = stage
    self.path = path
    self.errno = errno
  }

  /// Whether the new content replaced the old file (only the directory flush failed).
  public var isInPlace: Bool { stage == .syncDirectory }

  /// One line for a log or an error message.
  public var description: String {
    let cause = errno == 0 ? "" : ": \(RecentsFileDiagnostic.describe(errno: errno))"
    return "cannot save recents (\(stage.rawValue) '\(path)'\(cause))"
  }
}
