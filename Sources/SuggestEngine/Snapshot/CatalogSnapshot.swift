import Dispatch
import JSONKit
import Locking

/// A catalog built from a file, stored as a snapshot file and read back (contract §9).
///
/// The snapshot holds the base segment's columns and indexes as they are in memory, plus a `meta` section (JSON)
/// with the key, the tokens and the load report, so that a catalog read from a snapshot is the same value, and
/// answers the same, as the catalog built from the file. Only a freshly built catalog (no edits) is stored.
enum CatalogSnapshot {
  /// Writes `catalog` (built from the file `key` describes, with `report`) to `path`.
  ///
  /// - Throws: ``SnapshotError/unwritable(reason:)``.
  static func write(
    _ catalog: Catalog,
    report: CatalogLoadReport,
    key: SnapshotKey,
    toFile path: String
  ) throws(SnapshotError) {
    precondition(catalog.deltaIndices.isEmpty && catalog.delta.count == 0, "only a fresh build is stored")
    var writer = SnapshotWriter()
    var meta = JSONWriter()
    meta.write(metaValue(catalog: catalog, report: report, key: key))
    writer.add("meta", meta.bytes)
    writer.add("catalog.baseDead", catalog.baseDead)
    catalog.base.write(to: &writer, prefix: "base")
    try writer.write(toFile: path)
  }

  /// `catalog`, just written to `path` by ``write(_:report:key:toFile:)``, with the columns a snapshot maps used
  /// from that file: the catalog a later start reads, but with the columns every search scans kept as built
  /// rather than read back. What the build held of the mapped columns is freed with the built catalog.
  ///
  /// The file is checked as a later start checks it (header, lengths, the checksum of every section read, its key
  /// and engine: another process may have renamed its own snapshot over it since), but nothing is copied from it
  /// and the catalog file is not hashed again.
  ///
  /// - Parameters:
  ///   - catalog: The catalog written.
  ///   - key: The key it was written under: the file must still hold a snapshot of it by this engine (another
  ///     process may have renamed its own over it since).
  ///   - path: The snapshot file.
  /// - Returns: The catalog, its mapped columns from the file.
  /// - Throws: ``SnapshotError`` when the file cannot be opened, holds another snapshot, or does not fit the catalog.
  static func mappingColumns(
    of catalog: Catalog,
    key: SnapshotKey,
    fromFile path: String
  ) throws(SnapshotError)
    -> Catalog
  {
    precondition(catalog.deltaIndices.isEmpty && catalog.delta.count == 0, "only a fresh build is stored")
    let reader = try SnapshotReader(path: path, mapping: true)
    let stored = try meta(of: reader)
    guard stored.engine == SnapshotLayout.engineFingerprint, stored.key == key else {
      throw .stale("it was replaced by another snapshot")
    }
    let base = try catalog.base.mappingColumns(from: reader, prefix: "base")
    reader.releaseResidentPages()
    return Catalog(
      base: base,
      baseDead: catalog.baseDead,
      delta: catalog.delta,
      deltaIndices: [],
      deltaItems: [],
      tokenTable: catalog.tokenTable,
      indexBound: catalog.indexBound
    )
  }

  /// Reads the snapshot at `path` if it was built from the current content of the file `key` names, read the way
  /// `key` says.
  ///
  /// - Parameters:
  ///   - path: The snapshot file.
  ///   - source: The catalog file's canonical path.
  ///   - format: The format it is read in.
  /// - Returns: The catalog, the report of the load that built it, and the identity of its source
  ///   (``SnapshotKey/identity``).
  /// - Throws: ``SnapshotError``: missing, damaged, of another format, or stale.
  static func read(
    fromFile path: String,
    path source: String,
    format: CatalogFormat
  ) throws(SnapshotError) -> (catalog: Catalog, report: CatalogLoadReport, identity: UInt64) {
    let reader = try SnapshotReader(path: path, mapping: true)
    let stored = try meta(of: reader)
    guard stored.engine == SnapshotLayout.engineFingerprint else {
      throw .stale("it was built by an engine with other folding tables")
    }
    guard stored.key.path == source else { throw .stale("it was made from \(stored.key.path)") }
    guard stored.key.format == format else { throw .stale("it was made from the \(stored.key.format) format") }
    if let reason = stored.key.stampStaleness() { throw .stale(reason) }
    let key = stored.key
    let tokenCount = stored.tokenIDs.count
    let count = try CatalogSegment.storedCount(in: reader, prefix: "base")
    let answersFile = ShortAnswersFile.path(ofSnapshot: path)
    // Three jobs at memory speed, each a checksum over its bytes: the mapped columns (the most bytes: the text
    // results show), the catalog file's content and then the answers file beside the snapshot, and the copied
    // columns. `concurrentPerform`, not a queue and a wait: the calling thread runs whatever no other thread picks
    // up, so this cannot starve when every thread of the pool is busy.
    let mapped = Locked<Result<MappedColumns, SnapshotError>?>(nil)
    let contentStaleness = Locked<String?>(nil)
    let answers = Locked<(answers: StoredAnswers, budgets: [UInt64])?>(nil)
    let copied = Locked<Result<(CopiedColumns, Bitset), SnapshotError>?>(nil)
    DispatchQueue.concurrentPerform(iterations: 3) { task in
      switch task {
      case 0:
        let result = Result { () throws(SnapshotError) in
          try MappedColumns(from: reader, prefix: "base", count: count)
        }
        mapped.withLock { $0 = result }
      case 1:
        let reason = key.contentStaleness()
        contentStaleness.withLock { $0 = reason }
        // Only worth reading for an answers file that can be used: a missing or stale one is read again, and
        // reported, when the answers are prepared.
        guard reason == nil,
          let read = try? ShortAnswersFile.read(fromFile: answersFile, identity: key.identity, indexBound: count)
        else { return }
        answers.withLock { $0 = read }
      default:
        let result = Result { () throws(SnapshotError) in
          (
            try CopiedColumns(from: reader, prefix: "base", count: count, tokenCount: tokenCount),
            try reader.bitset("catalog.baseDead", count: count)
          )
        }
        copied.withLock { $0 = result }
      }
    }
    if let reason = contentStaleness.withLock({ $0 }) { throw .stale(reason) }
    guard let mapped = mapped.withLock({ $0 }), let copied = copied.withLock({ $0 }) else {
      throw .damaged("sections not read")
    }
    let (copiedColumns, baseDead) = try copied.get()
    let base = CatalogSegment(count: count, mapped: try mapped.get(), copied: copiedColumns)
    reader.releaseResidentPages()
    let tokenTable = TokenTable(ids: stored.tokenIDs, tokens: stored.tokens)
    let catalog = Catalog(
      base: base,
      baseDead: baseDead,
      delta: CatalogBuilder.emptySegment(),
      deltaIndices: [],
      deltaItems: [],
      tokenTable: tokenTable,
      indexBound: base.count
    )
    guard catalog.count == stored.report.itemCount else { throw .damaged("item count differs from the report") }
    if let read = answers.withLock({ $0 }) { catalog.shortAnswers.hold(read) }
    return (catalog, stored.report, key.identity)
  }

  /// The `meta` section of the snapshot `reader` opened.
  private static func meta(of reader: SnapshotReader) throws(SnapshotError) -> Meta {
    let metaBytes: [UInt8] = try reader.array("meta")
    let meta: JSONFields
    do {
      meta = try JSONFields(JSONParser().parse(metaBytes), path: "meta")
    } catch {
      throw .damaged("meta: \(error)")
    }
    do {
      return try Meta(meta)
    } catch {
      throw .damaged("\(error)")
    }
  }

  private static func metaValue(catalog: Catalog, report: CatalogLoadReport, key: SnapshotKey) -> JSONValue {
    func issues(_ list: [LoadIssue]) -> JSONValue {
      .array(
        list.map { issue in
          var object = JSONObject()
          if let line = issue.line { object.append(key: "line", value: JSONValue(line)) }
          if let index = issue.index { object.append(key: "index", value: JSONValue(index)) }
          object.append(key: "message", value: JSONValue(issue.message))
          return .object(object)
        }
      )
    }
    let tokens: [JSONValue] = catalog.tokenTable.tokens.map { token in
      var object = JSONObject()
      object.append(key: "id", value: JSONValue(token.id))
      object.append(key: "label", value: JSONValue(token.label))
      if let icon = token.icon { object.append(key: "icon", value: JSONValue(icon)) }
      object.append(key: "keywords", value: .array(token.keywords.map { JSONValue($0) }))
      return .object(object)
    }
    return [
      "source": [
        "path": JSONValue(key.path),
        "format": JSONValue(key.format.rawValue),
        "size": JSONValue(key.stamp.size),
        "modifiedSeconds": JSONValue(key.stamp.modifiedSeconds),
        "modifiedNanoseconds": JSONValue(key.stamp.modifiedNanoseconds),
        "checksum": JSONValue(String(key.contentChecksum, radix: 16)),
      ],
      "engine": JSONValue(String(SnapshotLayout.engineFingerprint, radix: 16)),
      "tokenIDs": .array(catalog.tokenTable.ids.map { JSONValue($0) }),
      "tokens": .array(tokens),
      "report": [
        "itemCount": JSONValue(report.itemCount),
        "tokenCount": JSONValue(report.tokenCount),
        "skippedCount": JSONValue(report.skippedCount),
        "warningCount": JSONValue(report.warningCount),
        "skipped": issues(report.skipped),
        "warnings": issues(report.warnings),
      ],
    ]
  }

  /// The `meta` section, decoded.
  private struct Meta {
    var key: SnapshotKey
    /// The ``SnapshotLayout/engineFingerprint`` of the engine that built it.
    var engine: UInt64
    var tokenIDs: [String]
    var tokens: [CatalogToken]
    var report: CatalogLoadReport

    init(_ meta: JSONFields) throws(JSONDecodingError) {
      let source = try meta.requiredObject("source")
      let formatName: String = try source.required("format")
      guard let format = CatalogFormat(rawValue: formatName),
        let checksum = UInt64(try source.required("checksum", as: String.self), radix: 16)
      else { throw JSONDecodingError(path: source.path, expected: "a format and a checksum", found: "others") }
      key = SnapshotKey(
        path: try source.required("path"),
        format: format,
        stamp: SourceStamp(
          size: try source.required("size"),
          modifiedSeconds: try source.required("modifiedSeconds"),
          modifiedNanoseconds: try source.required("modifiedNanoseconds")
        ),
        contentChecksum: checksum
      )
      guard let engine = UInt64(try meta.required("engine", as: String.self), radix: 16) else {
        throw JSONDecodingError(
          path: meta.path(of: "engine"),
          expected: "a hexadecimal number",
          found: "another string"
        )
      }
      self.engine = engine
      tokenIDs = try meta.required("tokenIDs")
      let tokenValues: [JSONValue] = try meta.required("tokens")
      tokens = []
      for (index, value) in tokenValues.enumerated() {
        tokens.append(try CatalogToken(json: value, path: "meta.tokens[\(index)]"))
      }
      let report = try meta.requiredObject("report")
      func issues(_ key: String) throws(JSONDecodingError) -> [LoadIssue] {
        let values: [JSONValue] = try report.required(key)
        var list: [LoadIssue] = []
        for (index, value) in values.enumerated() {
          let fields = try JSONFields(object: value, path: "\(report.path(of: key))[\(index)]")
          list.append(
            LoadIssue(
              line: try fields.optional("line"),
              index: try fields.optional("index"),
              message: try fields.required("message")
            )
          )
        }
        return list
      }
      self.report = CatalogLoadReport(
        itemCount: try report.required("itemCount"),
        tokenCount: try report.required("tokenCount"),
        skipped: try issues("skipped"),
        skippedCount: try report.required("skippedCount"),
        warnings: try issues("warnings"),
        warningCount: try report.required("warningCount")
      )
    }
  }
}
