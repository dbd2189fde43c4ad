/// Why a snapshot cannot be used; the daemon reports it on stderr and rebuilds the catalog from its file.
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

  /// One line for stderr: what is wrong with the snapshot.
  public var description: String {
    switch self {
    case .missing: "no snapshot yet"
    case .unreadable(let reason): "the snapshot cannot be read: \(reason)"
    case .empty: "the snapshot is empty"
    case .truncated(let expected, let actual): "the snapshot is truncated: \(actual) of \(expected) bytes"
    case .notASnapshot: "the file is not a snapshot (wrong magic bytes)"
    case .otherFormat(let version):
      "the snapshot has format version \(version), this daemon reads version \(SnapshotLayout.formatVersion)"
    case .damaged(let what): "the snapshot is damaged: \(what)"
    case .stale(let what): "the snapshot is stale: \(what)"
    case .unwritable(let reason): "the snapshot cannot be written: \(reason)"
    }
  }
}
