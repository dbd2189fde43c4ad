import JSONKit

/// Decodes `.jsonl`/`.ndjson` catalogs: one item object per line (see ``CatalogItem/init(json:path:)``).
///
/// Lines are items only (tokens cannot be declared in this format; items that name tokens get them created). Blank
/// lines are skipped silently; a line that is not valid JSON (including invalid UTF-8) or not a valid item is
/// skipped and reported with its line number.
struct JSONLinesDecoder: LineRowDecoder {
  func decodePart(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into rows: inout RowSink<CatalogItem>) {
    let parser = JSONParser()
    rows.lineCount = ByteScan.forEachLine(in: bytes, range) { line, content in
      let (start, contentEnd) = (content.lowerBound, content.upperBound)
      guard !Self.isJSONWhitespace(bytes, start, contentEnd) else { return }
      let lineBytes = UnsafeBufferPointer(rebasing: bytes[start..<contentEnd])
      let value: JSONValue
      do throws(JSONParseError) {
        value = try parser.parse(UnsafeRawBufferPointer(lineBytes))
      } catch {
        let column = TextPosition(offset: error.offset, in: lineBytes).column
        let reason = JSONSyntaxMessage.reason(error.kind)
        rows.skipped.append(LoadIssue(line: line, message: "invalid JSON at column \(column): \(reason)"))
        return
      }
      do throws(JSONDecodingError) {
        rows.append(try CatalogItem(fields: JSONFields(object: value, path: "")), origin: RowOrigin(line: line))
      } catch {
        rows.skipped.append(LoadIssue(line: line, message: Self.message(error)))
      }
    }
  }

  /// A decoding error's message; a whole-line mismatch reads `expected an object, got an array`.
  static func message(_ error: JSONDecodingError) -> String {
    error.path.isEmpty ? "expected \(error.expected), got \(error.found)" : error.description
  }

  private static func isJSONWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    for index in start..<end {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D, 0x0A: continue
      default: return false
      }
    }
    return true
  }
}
