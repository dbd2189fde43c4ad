import JSONKit
import Locking

/// Decodes `.json` catalogs: an array of items, or an object with an `items` array and an optional `tokens` array
/// (other members are ignored; a repeated member counts once, the last).
///
/// The document is split into elements by ``JSONShallowReader`` and each element is parsed and decoded on its own,
/// in parallel parts, so every item knows its line and the file is never held as one tree. An item that does not
/// decode (a missing title, a field of the wrong type) is skipped and reported with its index and line; so is an
/// item whose strings hold invalid UTF-8 or that nests deeper than the parser's limit. Anything else that makes the
/// document invalid JSON is an error for the whole file, as is a valid document of the wrong shape.
enum JSONDocumentDecoder {
  /// The parts of the document that hold the catalog.
  private struct Structure: Sendable {
    var items = JSONArrayElements()
    var tokens = JSONArrayElements()
    /// The nesting depth of the arrays' elements: 1 in a top-level array, 2 inside an object.
    var elementDepth = 1
  }

  /// The document's arrays and how its items are split into parts.
  private struct Plan: Sendable {
    var structure: Structure
    var parser: JSONParser
    /// The item indices of each part.
    var parts: [Range<Int>]
  }

  /// Decodes a `.json` catalog.
  ///
  /// - Parameter bytes: The file.
  /// - Returns: The catalog and report.
  /// - Throws: ``CatalogLoadError/invalidJSON(line:column:reason:)`` or ``CatalogLoadError/wrongShape(_:)``.
  static func decode(_ bytes: [UInt8]) async throws(CatalogLoadError) -> LoadedCatalog {
    let plan = try plan(bytes) { itemBytes in ParallelParts.count(forBytes: itemBytes) }
    // The first error of each part that makes the document invalid.
    let fatal = Locked<[Int: JSONParseError]>([:])
    let items = DecodedRows<CatalogItem>.decoding(regionSizes: plan.parts.map(\.count)) { part, sink in
      decodeItems(bytes, plan, part: part, into: &sink, fatal: fatal)
    }
    let tokens = decodeTokens(bytes, plan, fatal: fatal)
    if let error = firstError(bytes, plan, fatal) { throw error }
    return CatalogAssembler.assemble(items: items, tokens: tokens)
  }

  /// Builds the catalog of a `.json` file, each part of its items built as soon as it is decoded.
  ///
  /// - Parameters:
  ///   - bytes: The file.
  ///   - partBytes: The size of a part (``ParallelParts/streamedPartBytes``).
  /// - Returns: The catalog and report.
  /// - Throws: ``CatalogLoadError/invalidJSON(line:column:reason:)`` or ``CatalogLoadError/wrongShape(_:)``.
  static func build(_ bytes: [UInt8], partBytes: Int) throws(CatalogLoadError) -> BuiltCatalog {
    let plan = try plan(bytes) { itemBytes in ParallelParts.streamedCount(forBytes: itemBytes, partBytes: partBytes) }
    let fatal = Locked<[Int: JSONParseError]>([:])
    let builder = CatalogStreamBuilder(firstLine: nil)
    builder.addParts(plan.parts.count) { part in
      DecodedRows<CatalogItem>.decoding(regionSizes: [plan.parts[part].count]) { _, sink in
        decodeItems(bytes, plan, part: part, into: &sink, fatal: fatal)
      }
    }
    let tokens = decodeTokens(bytes, plan, fatal: fatal)
    if let error = firstError(bytes, plan, fatal) { throw error }
    return builder.finish(tokens: tokens)
  }

  /// Scans the document and splits its items into `partCount(itemBytes)` parts (at most one per item).
  private static func plan(
    _ bytes: [UInt8],
    partCount: (Int) -> Int
  ) throws(CatalogLoadError) -> Plan {
    let scanned = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogLoadError) in try scan(buffer) }
    }
    let structure = try scanned.get()
    let elementCount = structure.items.count
    let itemBytes = structure.items.ranges.last.map { $0.upperBound - (structure.items.ranges.first?.lowerBound ?? 0) }
    let count = min(partCount(itemBytes ?? 0), max(1, elementCount))
    let parts = (0..<count).map { part in
      (elementCount * part / count)..<(elementCount * (part + 1) / count)
    }
    return Plan(structure: structure, parser: JSONParser(maxDepth: 512 - structure.elementDepth), parts: parts)
  }

  /// Decodes the items of part `part`, recording the first error that makes the document invalid in `fatal`.
  private static func decodeItems(
    _ bytes: [UInt8],
    _ plan: Plan,
    part: Int,
    into sink: inout RowSink<CatalogItem>,
    fatal: Locked<[Int: JSONParseError]>
  ) {
    let error = bytes.withUnsafeBufferPointer { buffer in
      decodeElements(
        buffer,
        plan.structure.items,
        plan.parts[part],
        arrayName: "items",
        parser: plan.parser,
        into: &sink
      )
    }
    if let error { fatal.withLock { $0[part] = error } }
  }

  /// Decodes the tokens, recording the first error that makes the document invalid in `fatal` (after the items').
  private static func decodeTokens(
    _ bytes: [UInt8],
    _ plan: Plan,
    fatal: Locked<[Int: JSONParseError]>
  ) -> DecodedRows<CatalogToken> {
    let tokens = plan.structure.tokens
    return DecodedRows<CatalogToken>.decoding(regionSizes: [tokens.count]) { _, sink in
      let error = bytes.withUnsafeBufferPointer { buffer in
        decodeElements(buffer, tokens, 0..<tokens.count, arrayName: "tokens", parser: plan.parser, into: &sink)
      }
      if let error { fatal.withLock { $0[plan.parts.count] = error } }
    }
  }

  /// The error of the first item part that failed, or of the tokens, whichever comes first in the document.
  private static func firstError(
    _ bytes: [UInt8],
    _ plan: Plan,
    _ fatal: Locked<[Int: JSONParseError]>
  ) -> CatalogLoadError? {
    let partCount = plan.parts.count
    let firstItemError = fatal.withLock { errors in
      errors.filter { $0.key < partCount }.min { $0.key < $1.key }?.value
    }
    let tokenError = fatal.withLock { $0[partCount] }
    guard let error = [firstItemError, tokenError].compactMap({ $0 }).min(by: { $0.offset < $1.offset }) else {
      return nil
    }
    return bytes.withUnsafeBufferPointer { invalidJSON(error, in: $0) }
  }

  /// Finds the item and token arrays.
  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogLoadError) -> Structure {
    var structure = Structure()
    let shapeProblem: String?
    do throws(JSONParseError) {
      shapeProblem = try scanDocument(bytes, into: &structure)
    } catch {
      // The reader stops at the first broken separator, but an element before it may hold an earlier error that
      // only parsing finds: the parser, reading in document order, names the first one.
      do throws(JSONParseError) {
        _ = try JSONParser(skipsByteOrderMark: true).parse(UnsafeRawBufferPointer(bytes))
      } catch {
        throw invalidJSON(error, in: bytes)
      }
      throw invalidJSON(error, in: bytes)
    }
    // The shape is judged only once the document is known to be valid JSON.
    if let shapeProblem { throw .wrongShape("wrong shape of JSON catalog: \(shapeProblem)") }
    return structure
  }

  /// Scans the whole document.
  ///
  /// - Returns: What is wrong with its shape, if anything.
  private static func scanDocument(
    _ bytes: UnsafeBufferPointer<UInt8>,
    into structure: inout Structure
  ) throws(JSONParseError) -> String? {
    var reader = JSONShallowReader(bytes: UnsafeRawBufferPointer(bytes), skipsByteOrderMark: true)
    reader.skipWhitespace()
    var shapeProblem: String?
    switch reader.current {
    case UInt8(ascii: "[")?:
      structure.items = try reader.splitArray()
    case UInt8(ascii: "{")?:
      structure.elementDepth = 2
      shapeProblem = try scanObject(&reader, bytes, into: &structure)
    default:
      // Not a catalog: parse the whole text to tell a syntax error (reported first) from a value of another kind.
      let value = try JSONParser(skipsByteOrderMark: true).parse(UnsafeRawBufferPointer(bytes))
      return "expected an array of items or an object with an \"items\" array, got \(value.kindDescription)"
    }
    reader.skipWhitespace()
    guard reader.current == nil else { throw JSONParseError(kind: .trailingContent, offset: reader.offset) }
    return shapeProblem
  }

  /// Reads the members of the top-level object: `items` and `tokens` are split, other members are validated.
  ///
  /// - Returns: What is wrong with the object's shape, if anything.
  private static func scanObject(
    _ reader: inout JSONShallowReader,
    _ bytes: UnsafeBufferPointer<UInt8>,
    into structure: inout Structure
  ) throws(JSONParseError) -> String? {
    let parser = JSONParser(maxDepth: 511)
    var itemsProblem: String? = "the object has no \"items\" array"
    var tokensProblem: String?
    try reader.expect(UInt8(ascii: "{"))
    reader.skipWhitespace()
    if reader.current == UInt8(ascii: "}") {
      reader.advance()
      return itemsProblem
    }
    while true {
      guard reader.current == UInt8(ascii: "\"") else { throw reader.errorHere }
      let key = try parser.parse(UnsafeRawBufferPointer(bytes), in: try reader.skipValue()).stringValue ?? ""
      reader.skipWhitespace()
      try reader.expect(UInt8(ascii: ":"))
      reader.skipWhitespace()
      let isArray = reader.current == UInt8(ascii: "[")
      switch key {
      case "items" where isArray:
        structure.items = try reader.splitArray()
        itemsProblem = nil
      case "tokens" where isArray:
        structure.tokens = try reader.splitArray()
        tokensProblem = nil
      default:
        let value = try parser.parse(UnsafeRawBufferPointer(bytes), in: try reader.skipValue())
        if key == "items" {
          itemsProblem = "\"items\" must be an array, not \(value.kindDescription)"
        } else if key == "tokens" {
          structure.tokens = JSONArrayElements()
          tokensProblem = value.isNull ? nil : "\"tokens\" must be an array, not \(value.kindDescription)"
        }
      }
      reader.skipWhitespace()
      guard reader.current == UInt8(ascii: ",") else { break }
      reader.advance()
      reader.skipWhitespace()
    }
    try reader.expect(UInt8(ascii: "}"))
    return itemsProblem ?? tokensProblem
  }

  /// Parses and decodes `elements` of an array into `rows`.
  ///
  /// - Returns: The first error that makes the document invalid, if any (decoding stops there).
  private static func decodeElements<Value: CatalogRow>(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ array: JSONArrayElements,
    _ elements: Range<Int>,
    arrayName: String,
    parser: JSONParser,
    into rows: inout RowSink<Value>
  ) -> JSONParseError? {
    for index in elements {
      let origin = RowOrigin(line: Int(array.lines[index]), index: index)
      let value: JSONValue
      do {
        value = try parser.parse(UnsafeRawBufferPointer(bytes), in: array.ranges[index])
      } catch {
        switch error.kind {
        case .invalidUTF8, .tooDeep:
          let path = JSONPath.element(arrayName, index)
          rows.skipped.append(origin.issue("\(path): \(JSONSyntaxMessage.reason(error.kind))"))
          continue
        default:
          // Later elements do not matter: this error, or an earlier one in another part, fails the file.
          return error
        }
      }
      do {
        rows.append(try Value(fields: JSONFields(object: value, element: index, of: arrayName)), origin: origin)
      } catch {
        rows.skipped.append(origin.issue(error.description))
      }
    }
    return nil
  }

  /// The load error for a syntax error at a byte offset.
  private static func invalidJSON(_ error: JSONParseError, in bytes: UnsafeBufferPointer<UInt8>) -> CatalogLoadError {
    let position = TextPosition(offset: error.offset, in: bytes)
    return .invalidJSON(line: position.line, column: position.column, reason: JSONSyntaxMessage.reason(error.kind))
  }
}
