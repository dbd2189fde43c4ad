import JSONKit

/// Decodes `.tsv` catalogs: a header row, then one item per row (columns chosen by a ``TSVColumnMapping``; the
/// rules are on ``CatalogFormat/tsv``).
struct TSVDecoder: LineRowDecoder {
  /// The column of each field.
  let layout: TSVLayout

  /// Reads the header at the start of `bytes` (after a byte order mark, skipping blank lines).
  ///
  /// - Returns: The header cells, the offset of the first data line and its line number, or `nil` when the file
  ///   has no non-blank line.
  static func header(of bytes: UnsafeBufferPointer<UInt8>) -> (cells: [String], bodyStart: Int, bodyLine: Int)? {
    var start = ByteScan.byteOrderMarkLength(in: bytes, at: 0, end: bytes.count)
    var line = 0
    while start < bytes.count {
      line += 1
      let (contentEnd, next) = ByteScan.line(in: bytes, from: start, to: bytes.count)
      if !ByteScan.isBlank(bytes, start, contentEnd) || !UTF8Validator.isValid(bytes, start..<contentEnd) {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<contentEnd]), as: UTF8.self)
        let cells = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        return (cells, next, line + 1)
      }
      start = next
    }
    return nil
  }

  func decodePart(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into rows: inout RowSink<CatalogItem>) {
    let fieldCount = layout.fieldCount
    withUnsafeTemporaryAllocation(of: Int.self, capacity: fieldCount + 1) { fieldStarts in
      rows.lineCount = ByteScan.forEachLine(in: bytes, range) { line, content in
        let (start, contentEnd) = (content.lowerBound, content.upperBound)
        if ByteScan.isBlank(bytes, start, contentEnd) { return }

        // Split on tabs, stopping as soon as there is one field too many.
        var found = 0
        var fieldStart = start
        while true {
          if found == fieldCount {
            found += 1
            break
          }
          fieldStarts[found] = fieldStart
          found += 1
          let tab = ByteScan.firstIndex(of: ByteSearch.tab, in: bytes, from: fieldStart, to: contentEnd)
          if tab == contentEnd { break }
          fieldStart = tab + 1
        }
        guard found == fieldCount else {
          let actual = found > fieldCount ? countFields(bytes, start, contentEnd) : found
          let expected = fieldCount == 1 ? "1 field" : "\(fieldCount) fields"
          rows.skipped.append(LoadIssue(line: line, message: "expected \(expected), found \(actual)"))
          return
        }
        guard UTF8Validator.isValid(bytes, start..<contentEnd) else {
          rows.skipped.append(LoadIssue(line: line, message: "invalid UTF-8"))
          return
        }
        let fields = Fields(bytes: bytes, starts: fieldStarts, count: fieldCount, end: contentEnd)
        var problem: String?
        if let item = decodeRow(fields, problem: &problem) {
          rows.append(item, origin: RowOrigin(line: line))
        } else {
          rows.skipped.append(LoadIssue(line: line, message: problem ?? "bad row"))
        }
      }
    }
  }

  /// Whether weights are decoded as ranks (turned into weights once the largest is known).
  var weightsAreRanks: Bool {
    if case .rank = layout.weight { return true }
    return false
  }

  /// Turns ranks (stored raw in `weight`, NaN for none) into weights once the largest rank is known
  /// (``weights(fromRanks:)``).
  func finish(_ rows: inout DecodedRows<CatalogItem>) {
    guard weightsAreRanks else { return }
    let weights = Self.weights(fromRanks: rows.values.map(\.weight))
    for index in rows.values.indices { rows.values[index].weight = weights[index] }
  }

  /// The weights of ranks: rank *r* → *maxRank* + 1 − *r*, none (NaN) → 0.
  @Sendable static func weights(fromRanks ranks: [Double]) -> [Double] {
    var maxRank = -Double.infinity
    for rank in ranks where !rank.isNaN { maxRank = max(maxRank, rank) }
    return ranks.map { $0.isNaN ? 0 : maxRank + 1 - $0 }
  }

  /// The fields of one row.
  private struct Fields {
    let bytes: UnsafeBufferPointer<UInt8>
    let starts: UnsafeMutableBufferPointer<Int>
    let count: Int
    let end: Int

    /// The byte range of field `index`.
    @inline(__always)
    func range(_ index: Int) -> Range<Int> {
      starts[index]..<(index + 1 < count ? starts[index + 1] - 1 : end)
    }

    @inline(__always)
    func string(_ index: Int) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range(index)]), as: UTF8.self)
    }

    /// The field as a string, `nil` when empty.
    @inline(__always)
    func optionalString(_ index: Int?) -> String? {
      guard let index, !range(index).isEmpty else { return nil }
      return string(index)
    }

    /// The field split on commas, pieces trimmed of spaces, empty pieces dropped.
    func list(_ index: Int?) -> [String] {
      guard let index, !range(index).isEmpty else { return [] }
      return string(index).split(separator: ",").compactMap { piece in
        let trimmed = piece.trimmingPrefix(while: { $0 == " " })
        let end = trimmed.lastIndex { $0 != " " }.map(trimmed.index(after:)) ?? trimmed.startIndex
        return trimmed.startIndex == end ? nil : String(trimmed[..<end])
      }
    }
  }

  /// The row's item, or `nil` with `problem` set.
  ///
  /// (Not `throws`: returning a struct of strings from a throwing function copied it once more.)
  private func decodeRow(_ fields: Fields, problem: inout String?) -> CatalogItem? {
    let titleRange = fields.range(layout.title)
    guard !ByteScan.isBlank(fields.bytes, titleRange.lowerBound, titleRange.upperBound) else {
      problem = "empty title (column \"\(layout.header[layout.title])\")"
      return nil
    }
    var weight = 0.0
    switch layout.weight {
    case nil: break
    case .weight(let column), .rank(let column):
      switch number(fields, column) {
      case .value(let value): weight = value
      case .empty: if case .rank = layout.weight { weight = .nan }
      case .invalid(let message):
        problem = message
        return nil
      }
    }
    let title = fields.string(layout.title)
    return CatalogItem(
      id: fields.optionalString(layout.id) ?? title,
      title: title,
      completion: fields.optionalString(layout.completion),
      subtitle: fields.optionalString(layout.subtitle),
      keywords: fields.list(layout.keywords),
      tokens: fields.list(layout.tokens),
      icon: fields.optionalString(layout.icon),
      weight: weight
    )
  }

  /// A numeric field: a value, empty, or not a number.
  private enum NumberField {
    case value(Double)
    case empty
    case invalid(String)
  }

  /// The field's number; empty or blank is ``NumberField/empty``.
  private func number(_ fields: Fields, _ column: Int) -> NumberField {
    let range = fields.range(column)
    if ByteScan.isBlank(fields.bytes, range.lowerBound, range.upperBound) { return .empty }
    guard let value = DecimalNumber.parse(fields.bytes, range) else {
      let text = fields.string(column)
      let quoted = text.count <= 40 ? text : "\(text.prefix(40))..."
      return .invalid("not a number in column \"\(layout.header[column])\": \"\(quoted)\"")
    }
    return .value(value)
  }

  private func countFields(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    var count = 1
    var index = start
    while true {
      let tab = ByteScan.firstIndex(of: ByteSearch.tab, in: bytes, from: index, to: end)
      if tab == end { return count }
      count += 1
      index = tab + 1
    }
  }
}
