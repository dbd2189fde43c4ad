/// A file format a catalog loads from (contract §4).
///
/// The format comes from the file's extension (``init(path:)``) unless the client names one (``init(name:)``):
///
/// | Format | Extensions | Content |
/// | --- | --- | --- |
/// | ``json`` | `.json` | an array of items, or `{"items": [...], "tokens": [...]}` |
/// | ``jsonl`` | `.jsonl`, `.ndjson` | one item object per line |
/// | ``tsv`` | `.tsv` | a header row, then one item per row (see ``TSVColumnMapping``) |
/// | ``txt`` | `.txt` | one title per line |
///
/// Extensions and names are matched case-insensitively.
public enum CatalogFormat: String, Sendable, Hashable, CaseIterable {
  /// A JSON array of items, or an object with an `items` array and an optional `tokens` array.
  case json
  /// JSON Lines (also called NDJSON): one item object per line.
  case jsonl
  /// Tab-separated values with a header row.
  case tsv
  /// Plain text: one title per line.
  case txt

  /// Every accepted extension or name, lowercase and without a dot, with the format it means.
  public static let names: [(name: String, format: CatalogFormat)] = [
    ("json", .json), ("jsonl", .jsonl), ("ndjson", .jsonl), ("tsv", .tsv), ("txt", .txt),
  ]

  /// The accepted extensions for messages: `.json, .jsonl, .ndjson, .tsv, .txt`.
  public static var supportedExtensions: String {
    names.map { ".\($0.name)" }.joined(separator: ", ")
  }

  /// Reads a format name as a client gives it: `json`, `jsonl`, `ndjson`, `tsv` or `txt`, in any case, with or
  /// without a leading dot; fails (`nil`) for any other name.
  ///
  /// - Parameter name: The name.
  public init?(name: String) {
    var key = name.lowercased()
    if key.hasPrefix(".") { key.removeFirst() }
    guard let match = Self.names.first(where: { $0.name == key }) else { return nil }
    self = match.format
  }

  /// The format named by a file's extension.
  ///
  /// The extension is the text after the last dot of the last path component (a leading dot, as in `.json`, does
  /// not start one).
  ///
  /// - Parameter path: The file's path.
  /// - Throws: ``CatalogLoadError/unsupportedFormat(path:found:)`` when the extension is missing or unknown.
  public init(path: String) throws(CatalogLoadError) {
    let fileName = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
      throw .unsupportedFormat(path: path, found: "")
    }
    let pathExtension = String(fileName[fileName.index(after: dot)...])
    guard let format = CatalogFormat(name: pathExtension) else {
      throw .unsupportedFormat(path: path, found: pathExtension)
    }
    self = format
  }
}
