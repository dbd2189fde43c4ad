/// A file format a catalog loads from (contract §4).
///
/// The format comes from the file's extension (``init(path:)``) unless the client names one (``init(name:)``).
/// Extensions and names are matched case-insensitively.
///
/// | Format | Extensions | Content |
/// | --- | --- | --- |
/// | ``json`` | `.json` | an array of items, or `{"items": [...], "tokens": [...]}` |
/// | ``jsonl`` | `.jsonl`, `.ndjson` | one item object per line |
/// | ``tsv`` | `.tsv` | a header row, then one item per row (see ``TSVColumnMapping``) |
/// | ``txt`` | `.txt` | one title per line |
///
/// What each format accepts (the rules every format shares are on ``CatalogLoader``):
///
/// - **`.json`**: items as ``CatalogItem/init(json:path:)`` reads them, tokens as ``CatalogToken/init(json:path:)``
///   does; in the object form other members are ignored and a repeated member counts once (the last). An item
///   that does not decode, holds invalid UTF-8 in a string or nests deeper than 511 levels is skipped and reported
///   with its index and line. Any other flaw that makes the text invalid JSON fails the whole file with its line
///   and column, as does valid JSON of another shape (a string, an object without an `items` array).
/// - **`.jsonl`**: one item object per line, read like `.json` items. Tokens cannot be declared (items that name
///   tokens get them created). A line that is not valid JSON (invalid UTF-8 included) or not a valid item is
///   skipped with its line number; lines of only white space are ignored.
/// - **`.tsv`**: a header row (blank lines before it are ignored; an empty file is an error, as is a header without
///   a title column), then one item per row. Fields are raw: split on tabs, with no quoting or escapes, so a field
///   cannot hold a tab or a line break. Rows of only white space are ignored. A row is skipped with its line
///   number when it has more or fewer fields than the header, is not valid UTF-8 anywhere (unused columns
///   included), has an empty or blank title, or has a weight or rank that is not a finite decimal number (`nan`,
///   `inf` and hexadecimal are refused). Empty fields mean absent: an empty id is the title, an empty weight or
///   rank is weight 0. Keywords and tokens are comma-separated, each piece trimmed of spaces, empty pieces dropped.
/// - **`.txt`**: one title per line, which is also the id, kept exactly as written (no trimming); lines of only
///   white space are ignored; a line that is not valid UTF-8 is skipped with its line number.
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
