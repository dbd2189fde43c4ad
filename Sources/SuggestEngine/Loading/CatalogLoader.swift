public import JSONKit

/// Loads catalogs from files and from JSON values (contract §4, §5 `catalog/load` and `catalog/add`).
///
/// Loading is pure: bytes in, items and tokens and a ``CatalogLoadReport`` out; the caller builds the catalog. A
/// bad row never fails a load: it is skipped and reported with its line number (and, in a JSON array, its index).
/// A file that cannot be read, or is not a catalog at all, is a ``CatalogLoadError``. The rules shared by every
/// format:
///
/// - Text is UTF-8. A leading byte order mark is skipped. A row that is not valid UTF-8 anywhere is skipped and
///   reported. Line endings are `\n` or `\r\n`. Text is kept as written (titles are not trimmed), but an item
///   needs a title that is not empty or all white space.
/// - An item without an id (or with an empty one) takes its title as id.
/// - When two items have the same id, the later one replaces the earlier one and keeps its own position (the
///   earlier one is dropped), with a warning naming both lines (the same for tokens). This is also how a catalog
///   treats an item added with an id it already has.
/// - An item that names a token no token declares gets one created (label = id), with a warning. An empty token id
///   names no token: it is dropped from the item, with a warning (see ``TokenReferences``).
/// - Empty optional text (`completion`, `subtitle`, `icon`) means none; a missing weight is 0.
///
/// Each format's own rules are on ``CatalogFormat``. Large files are decoded in parallel parts, one per core (a
/// `.json` file is first split into its items by a quick structural scan). To build a catalog from a file, use
/// ``build(bytes:format:columns:)``, which builds each part as soon as it is decoded instead of holding every item.
public enum CatalogLoader {
  /// The largest file loaded: 2 GiB (a catalog that large would not fit the engine's memory budget anyway).
  public static let maximumFileSize = 2 << 30

  /// Loads the catalog file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - format: The format; `nil` means the one its extension names (see ``CatalogFormat/init(path:)``).
  ///   - columns: For `.tsv`: which columns give which fields.
  /// - Returns: The items, tokens and report.
  /// - Throws: ``CatalogLoadError``: the file is missing, not a regular file, unreadable or too large, its format
  ///   is unknown, or its content is not a catalog (invalid JSON, wrong shape, a TSV file without a header or a
  ///   title column).
  /// - Complexity: O(file size).
  public static func load(
    path: String,
    format: CatalogFormat? = nil,
    columns: TSVColumnMapping = .default
  ) async throws(CatalogLoadError) -> LoadedCatalog {
    let (bytes, resolved) = try contents(ofFile: path, format: format)
    return try await load(bytes: bytes, format: resolved, columns: columns)
  }

  /// The bytes of the file at `path` and its format (`format`, or the one its extension names).
  private static func contents(
    ofFile path: String,
    format: CatalogFormat?
  ) throws(CatalogLoadError) -> ([UInt8], CatalogFormat) {
    let resolved: CatalogFormat
    if let format { resolved = format } else { resolved = try CatalogFormat(path: path) }
    return (try CatalogFileReader.contents(ofFile: path, limit: maximumFileSize), resolved)
  }

  /// Builds the catalog of the file at `path` (see ``build(bytes:format:columns:)``).
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - format: The format; `nil` means the one its extension names (see ``CatalogFormat/init(path:)``).
  ///   - columns: For `.tsv`: which columns give which fields.
  /// - Returns: The catalog and its report.
  /// - Throws: ``CatalogLoadError``, as ``load(path:format:columns:)`` does.
  public static func build(
    path: String,
    format: CatalogFormat? = nil,
    columns: TSVColumnMapping = .default
  ) async throws(CatalogLoadError) -> BuiltCatalog {
    let (bytes, resolved) = try contents(ofFile: path, format: format)
    return try await build(bytes: consume bytes, format: resolved, columns: columns)
  }

  /// Builds the catalog of a file's bytes: the catalog `Catalog(items:tokens:)` would build from
  /// ``load(bytes:format:columns:)``'s items and tokens, with the same report, but without ever holding every item:
  /// the file is decoded in parts of a few MiB (a `.json` file's items, after a structural scan), each built into a
  /// part of the catalog as soon as it is decoded. A line-based file's pages are given back as its parts are
  /// decoded.
  ///
  /// - Parameters:
  ///   - bytes: The file's content (hand over the only reference, so it can be freed early).
  ///   - format: Its format.
  ///   - columns: For `.tsv`: which columns give which fields.
  /// - Returns: The catalog and its report.
  /// - Throws: ``CatalogLoadError/invalidJSON(line:column:reason:)`` or ``CatalogLoadError/wrongShape(_:)``.
  /// - Complexity: O(`bytes.count` + *v* log *v*) for *v* distinct words.
  public static func build(
    bytes: consuming [UInt8],
    format: CatalogFormat,
    columns: TSVColumnMapping = .default
  ) async throws(CatalogLoadError) -> BuiltCatalog {
    try await build(bytes: bytes, format: format, columns: columns, partBytes: ParallelParts.streamedPartBytes)
  }

  /// ``build(bytes:format:columns:)`` with line-based files decoded in parts of about `partBytes` (tests use
  /// small parts).
  static func build(
    bytes: consuming [UInt8],
    format: CatalogFormat,
    columns: TSVColumnMapping = .default,
    partBytes: Int
  ) async throws(CatalogLoadError) -> BuiltCatalog {
    var bytes = bytes
    let start = bytes.withUnsafeBufferPointer { ByteScan.byteOrderMarkLength(in: $0, at: 0, end: $0.count) }
    let builder: CatalogStreamBuilder
    var headerWarnings: [LoadIssue] = []
    switch format {
    case .json:
      return try JSONDocumentDecoder.build(bytes, partBytes: partBytes)
    case .jsonl:
      builder = CatalogStreamBuilder(firstLine: 1)
      JSONLinesDecoder().decodeParts(&bytes, from: start, partBytes: partBytes, into: builder)
    case .txt:
      builder = CatalogStreamBuilder(firstLine: 1)
      TextLinesDecoder().decodeParts(&bytes, from: start, partBytes: partBytes, into: builder)
    case .tsv:
      guard let header = bytes.withUnsafeBufferPointer(TSVDecoder.header(of:)) else {
        throw .wrongShape("the TSV file is empty: it needs a header row naming its columns")
      }
      let decoder = TSVDecoder(layout: try TSVLayout(header: header.cells, mapping: columns))
      builder = CatalogStreamBuilder(
        firstLine: header.bodyLine,
        finishingWeights: decoder.weightsAreRanks ? TSVDecoder.weights(fromRanks:) : nil
      )
      decoder.decodeParts(&bytes, from: header.bodyStart, partBytes: partBytes, into: builder)
      headerWarnings = decoder.layout.notes.map { LoadIssue(line: header.bodyLine - 1, message: $0) }
    }
    // Every part is built: the file is not needed while they are joined.
    bytes = []
    return builder.finish(tokens: DecodedRows(), headerWarnings: headerWarnings)
  }

  /// Loads a catalog from the bytes of a file.
  ///
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - format: Its format.
  ///   - columns: For `.tsv`: which columns give which fields.
  /// - Returns: The items, tokens and report.
  /// - Throws: ``CatalogLoadError/invalidJSON(line:column:reason:)`` or ``CatalogLoadError/wrongShape(_:)``.
  /// - Complexity: O(`bytes.count`).
  public static func load(
    bytes: [UInt8],
    format: CatalogFormat,
    columns: TSVColumnMapping = .default
  ) async throws(CatalogLoadError) -> LoadedCatalog {
    let start = bytes.withUnsafeBufferPointer { ByteScan.byteOrderMarkLength(in: $0, at: 0, end: $0.count) }
    switch format {
    case .json:
      return try await JSONDocumentDecoder.decode(bytes)
    case .jsonl:
      return CatalogAssembler.assemble(items: await JSONLinesDecoder().decodeLines(bytes, from: start, firstLine: 1))
    case .txt:
      return CatalogAssembler.assemble(items: await TextLinesDecoder().decodeLines(bytes, from: start, firstLine: 1))
    case .tsv:
      guard let header = bytes.withUnsafeBufferPointer(TSVDecoder.header(of:)) else {
        throw .wrongShape("the TSV file is empty: it needs a header row naming its columns")
      }
      let decoder = TSVDecoder(layout: try TSVLayout(header: header.cells, mapping: columns))
      var rows = await decoder.decodeLines(bytes, from: header.bodyStart, firstLine: header.bodyLine)
      decoder.finish(&rows)
      let notes = decoder.layout.notes.map { LoadIssue(line: header.bodyLine - 1, message: $0) }
      return CatalogAssembler.assemble(items: rows, headerWarnings: notes)
    }
  }

  /// Decodes the `items` and `tokens` of a request (`catalog/load {items, tokens?}`, `catalog/add {items,
  /// tokens?}`), skipping bad entries as the file loaders do.
  ///
  /// A bad item or token is skipped and reported with its index, and its path in the message
  /// (`params.items[3].title: expected a string, got a number`); duplicates and undeclared tokens follow the same
  /// rules as files. To reject a request with any bad item instead, decode `[CatalogItem]` with ``JSONFields``.
  ///
  /// - Parameters:
  ///   - items: The `items` value: an array of item objects.
  ///   - tokens: The `tokens` value, if any: an array of token objects (`nil` or `null`: none).
  ///   - itemsPath: The path of `items` in messages.
  ///   - tokensPath: The path of `tokens` in messages.
  ///   - catalog: For `catalog/add`, the catalog the items are added to: an item that names a token it defines
  ///     refers to that token (no token is created for it, and no warning given), as it does to one in `tokens`.
  /// - Returns: The items, tokens and report. The tokens are those of `tokens`, then those created for the ids no
  ///   token declares.
  /// - Throws: ``JSONDecodingError`` when `items` or `tokens` is not an array.
  /// - Complexity: O(*n*) for *n* items and tokens.
  public static func decode(
    items: JSONValue,
    tokens: JSONValue? = nil,
    itemsPath: String = "items",
    tokensPath: String = "tokens",
    addingTo catalog: Catalog? = nil
  ) throws(JSONDecodingError) -> LoadedCatalog {
    let itemRows = try decodeArray(CatalogItem.self, items, path: itemsPath)
    let tokenRows: DecodedRows<CatalogToken>
    switch tokens {
    case nil, .null?: tokenRows = DecodedRows()
    case let value?: tokenRows = try decodeArray(CatalogToken.self, value, path: tokensPath)
    }
    return CatalogAssembler.assemble(
      items: itemRows,
      tokens: tokenRows,
      itemArrayName: itemsPath,
      tokenArrayName: tokensPath,
      addingTo: catalog
    )
  }

  private static func decodeArray<Value: CatalogRow>(
    _ type: Value.Type,
    _ value: JSONValue,
    path: String
  ) throws(JSONDecodingError) -> DecodedRows<Value> {
    guard case .array(let elements) = value else {
      throw JSONDecodingError(path: path, expected: "an array", value: value)
    }
    var rows = DecodedRows<Value>(reservingCapacity: elements.count)
    for (index, element) in elements.enumerated() {
      let origin = RowOrigin(line: 0, index: index)
      do {
        rows.append(try Value(fields: JSONFields(object: element, element: index, of: path)), origin: origin)
      } catch {
        rows.skipped.append(origin.issue(error.description))
      }
    }
    return rows
  }
}
