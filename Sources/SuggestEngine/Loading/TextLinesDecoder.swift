import JSONKit

/// Decodes `.txt` catalogs: one title per line; the id is the title.
///
/// Blank lines (empty or only white space) are skipped silently; a line that is not valid UTF-8 is skipped and
/// reported. Titles are kept exactly as written (no trimming), without the line's `\n` or `\r\n`.
struct TextLinesDecoder: LineRowDecoder {
  func decodePart(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into rows: inout RowSink<CatalogItem>) {
    rows.lineCount = ByteScan.forEachLine(in: bytes, range) { line, content in
      let (start, contentEnd) = (content.lowerBound, content.upperBound)
      guard UTF8Validator.isValid(bytes, start..<contentEnd) else {
        rows.skipped.append(LoadIssue(line: line, message: "invalid UTF-8"))
        return
      }
      guard !ByteScan.isBlank(bytes, start, contentEnd) else { return }
      let title = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<contentEnd]), as: UTF8.self)
      rows.append(CatalogItem(id: title, title: title), origin: RowOrigin(line: line))
    }
  }
}
