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

  /// Decodes a `.json` catalog.
  ///
  /// - Parameter bytes: The file.
  /// - Returns: The catalog and report.
  /// - Throws: ``CatalogLoadError/invalidJSON(line:column:reason:)`` or ``CatalogLoadError/wrongShape(_:)``.
  static func decode(_ bytes: [UInt8]) async throws(CatalogLoadError) -> LoadedCatalog {
    let scanned = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(CatalogLoadError) in try scan(buffer) }
    }
    let structure = try scanned.get()
    let parser = JSONParser(maxDepth: 512 - structure.elementDepth)

    let elementCount = structure.items.count
    let itemBytes = structure.items.ranges.last.map { $0.upperBound - (structure.items.ranges.first?.lowerBound ?? 0) }
    let partCount = min(ParallelParts.count(forBytes: itemBytes ?? 0), max(1, elementCount))
    let parts = (0..<partCount).map { part in
      (elementCount * part / partCount)..<(elementCount * (part + 1) / partCount)
    }
    // The first error of each part that makes the document invalid.
    let fatal = Locked<[Int: JSONParseError]>([:])
    let items = DecodedRows<CatalogItem>.decoding(regionSizes: parts.map(\.count)) { part, sink in
      let error = bytes.withUnsafeBufferPointer { buffer in
        decodeElements(buffer, structure.items, parts[part], arrayName: "items", parser: parser, into: &sink)
      }
      if let error { fatal.withLock { $0[part] = error } }
    }
    let tokens = DecodedRows<CatalogToken>.decoding(regionSizes: [structure.tokens.count]) { _, sink in
      let error = bytes.withUnsafeBufferPointer { buffer in
        decodeElements(
          buffer,
          structure.tokens,
          0..<structure.tokens.count,
          arrayName: "tokens",
          parser: parser,
          into: &sink
        )
      }
      if let error { fatal.withLock { $0[partCount] = error } }
    }

    let firstItemError = fatal.withLock { errors in errors.filter { $0.key < partCount }.min { $0.key < $1.key }?.value
    }
    let tokenError = fatal.withLock { $0[partCount] }
    if let error = [firstItemError, tokenError].compactMap({ $0 }).min(by: { $0.offset < $1.offset }) {
      throw bytes.withUnsafeBufferPointer { invalidJSON(error, in: $0) }
    }
    return CatalogAssembler.assemble(items: items, tokens: tokens)
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
