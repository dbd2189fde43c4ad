/// Why a catalog could not be loaded at all (a bad row is not an error: it is skipped and reported in
/// ``CatalogLoadReport``).
///
/// ``description`` is a one-line message fit for a JSON-RPC error and for stderr.
public enum CatalogLoadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No file at the path (or a path component is not a directory).
  case fileNotFound(path: String)
  /// The path names a directory, a device, a pipe or a socket.
  case notARegularFile(path: String)
  /// The file exists but cannot be opened or read; `reason` is the system's text (`strerror`).
  case unreadable(path: String, reason: String)
  /// The file is larger than the limit (``CatalogLoader/maximumFileSize``).
  case tooLarge(path: String, size: Int, limit: Int)
  /// The format cannot be told from the path's extension (`found` is the extension, empty when there is none), or
  /// a format name given by the client is unknown (`path` is `nil`, `found` is the name).
  case unsupportedFormat(path: String?, found: String)
  /// The text is not valid JSON (a `.json` file): where (1-based line, and column in Unicode scalars) and why.
  case invalidJSON(line: Int, column: Int, reason: String)
  /// The content is well-formed but not a catalog: a JSON value that is neither an array of items nor an object
  /// with an `items` array; a TSV file with no header row or no title column.
  case wrongShape(String)

  /// The message.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      "catalog file not found: \(path)"
    case .notARegularFile(let path):
      "catalog path is not a regular file: \(path)"
    case .unreadable(let path, let reason):
      "cannot read catalog file \(path): \(reason)"
    case .tooLarge(let path, let size, let limit):
      "catalog file \(path) is too large: \(size) bytes (the limit is \(limit) bytes)"
    case .unsupportedFormat(let path?, let found) where found.isEmpty:
      "cannot tell the catalog format of \(path): it has no file extension "
        + "(supported: \(CatalogFormat.supportedExtensions); or give a format)"
    case .unsupportedFormat(let path?, let found):
      "unsupported catalog format \".\(found)\" of \(path) (supported: \(CatalogFormat.supportedExtensions))"
    case .unsupportedFormat(nil, let found):
      "unsupported catalog format \"\(found)\" (supported: "
        + "\(CatalogFormat.names.map(\.name).joined(separator: ", ")))"
    case .invalidJSON(let line, let column, let reason):
      "invalid JSON at line \(line), column \(column): \(reason)"
    case .wrongShape(let message):
      message
    }
  }
}
