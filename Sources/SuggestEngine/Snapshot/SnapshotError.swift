/// Why a snapshot (or an answers file, which is read the same way) cannot be used; the daemon reports it on stderr,
/// after naming the file, and rebuilds what the file held.
public enum SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
  /// There is no snapshot yet.
  case missing
  /// The snapshot file exists but cannot be read.
  case unreadable(reason: String)
  /// The file is empty.
  case empty
  /// The file is shorter than its header says (`expected` bytes, `actual` bytes).
  case truncated(expected: Int, actual: Int)
  /// The file does not start with the snapshot magic bytes.
  case notASnapshot
  /// The file is a snapshot of another format version.
  case otherFormat(version: UInt32)
  /// A checksum or a length does not match: the bytes were changed.
  case damaged(String)
  /// The snapshot was made from another version of the catalog file.
  case stale(String)
  /// The snapshot could not be written.
  case unwritable(reason: String)

  /// One line for stderr: what is wrong with the file (the caller names it, as a snapshot or an answers file).
  public var description: String {
    switch self {
    case .missing: "there is none yet"
    case .unreadable(let reason): "it cannot be read: \(reason)"
    case .empty: "it is empty"
    case .truncated(let expected, let actual): "it is truncated: \(actual) of \(expected) bytes"
    case .notASnapshot: "it is not a file of this daemon (wrong magic bytes)"
    case .otherFormat(let version):
      "it has format version \(version), this daemon reads version \(SnapshotLayout.formatVersion)"
    case .damaged(let what): "it is damaged: \(what)"
    case .stale(let what): "it is stale: \(what)"
    case .unwritable(let reason): "it cannot be written: \(reason)"
    }
  }
}
