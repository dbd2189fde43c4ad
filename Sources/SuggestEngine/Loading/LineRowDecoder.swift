import Dispatch
import JSONKit
import Locking

/// A decoder of a line-based format (`.jsonl`, `.tsv`, `.txt`): each line is decoded on its own, so a file can be
/// split at line boundaries and its parts decoded in parallel.
protocol LineRowDecoder: Sendable {
  /// Decodes the lines in `range`, numbering them from 1 at `range.lowerBound`, into `rows` (which has room for
  /// one item per line), and sets its ``RowSink/lineCount``.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - range: Whole lines of it.
  ///   - rows: Where the items, their origins and the skipped rows go.
  func decodePart(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into rows: inout RowSink<CatalogItem>)
}

extension LineRowDecoder {
  /// Decodes the lines of `bytes` from offset `start` on, in parallel parts, numbering them from `firstLine`.
  ///
  /// Every part decodes straight into its own region of the one array of items (a part has at most one item per
  /// line, and the lines are counted first), and the regions are then closed up in place: decoding the parts into
  /// arrays of their own and joining them would hold every item twice at the peak of a load.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - start: The offset of the first line to decode.
  ///   - firstLine: The 1-based number of that line.
  /// - Returns: The items in file order with absolute line numbers.
  func decodeLines(_ bytes: [UInt8], from start: Int, firstLine: Int) async -> DecodedRows<CatalogItem> {
    let range = start..<bytes.count
    let parts = bytes.withUnsafeBufferPointer { buffer in
      ParallelParts.splitAtLines(buffer, range, parts: ParallelParts.count(forBytes: range.count))
    }
    let lineCounts = await ParallelParts.map(parts.count) { part in
      bytes.withUnsafeBufferPointer { buffer in ByteScan.lineCount(buffer, parts[part]) }
    }
    var starts = [0]
    for count in lineCounts { starts.append((starts.last ?? 0) + count) }
    let regionStarts = starts
    let totalLines = regionStarts.last ?? 0

    // Each part's rows without their items (which go to the shared array), and the part's item count.
    let decoded = Locked<[Int: (rows: DecodedRows<CatalogItem>, count: Int)]>([:])
    // At least one: `Array(unsafeUninitializedCapacity: 0)` stores its count into the shared empty-array singleton.
    var values = [CatalogItem](unsafeUninitializedCapacity: max(totalLines, 1)) { buffer, initialized in
      initialized = 0
      guard let base = buffer.baseAddress else { return }
      HugePages.advise(base, byteCount: buffer.count * MemoryLayout<CatalogItem>.stride)
      // Dispatch, not a task group: the array's memory is only lent to this synchronous closure.
      let items = DisjointRegions(base: base)
      DispatchQueue.concurrentPerform(iterations: parts.count) { part in
        let region = items.base + regionStarts[part]
        var sink = RowSink(buffer: UnsafeMutableBufferPointer(start: region, count: lineCounts[part]))
        bytes.withUnsafeBufferPointer { decodePart($0, parts[part], into: &sink) }
        var rows = DecodedRows<CatalogItem>()
        rows.values = sink.overflow
        rows.origins = sink.origins
        rows.skipped = sink.skipped
        rows.lineCount = sink.lineCount
        decoded.withLock { $0[part] = (rows, sink.count) }
      }
      // Close up the regions (moves, which may overlap).
      for part in parts.indices {
        let count = decoded.withLock { $0[part]?.count ?? 0 }
        if initialized != regionStarts[part] {
          (base + initialized).moveInitialize(from: base + regionStarts[part], count: count)
        }
        initialized += count
      }
    }
    var partRows: [DecodedRows<CatalogItem>] = []
    var partEnds: [Int] = []
    decoded.withLock { decoded in
      for part in parts.indices {
        guard let (rows, count) = decoded.removeValue(forKey: part) else { continue }
        partRows.append(rows)
        partEnds.append((partEnds.last ?? 0) + count)
      }
    }
    // A part with more rows than lines cannot happen; were it to, its extra items still go right after its others.
    for part in partRows.indices.reversed() where !partRows[part].values.isEmpty {
      values.insert(contentsOf: partRows[part].values, at: partEnds[part])
      partRows[part].values = []
    }
    var rows = DecodedRows.joined(&partRows)
    rows.values = values
    rows.shiftLines(by: firstLine - 1)
    return rows
  }
}

/// Decodes `.txt` catalogs: one title per line; the id is the title.
///
/// Blank lines (empty or only white space) are skipped silently; a line that is not valid UTF-8 is skipped and
/// reported. Titles are kept exactly as written (no trimming), without the line's `\n` or `\r\n`.
struct TextLinesDecoder: LineRowDecoder {
  func decodePart(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into rows: inout RowSink<CatalogItem>) {
    var line = 0
    var start = range.lowerBound
    while start < range.upperBound {
      line += 1
      let (contentEnd, next) = ByteScan.line(in: bytes, from: start, to: range.upperBound)
      defer { start = next }
      guard UTF8Validator.isValid(bytes, start..<contentEnd) else {
        rows.skipped.append(LoadIssue(line: line, message: "invalid UTF-8"))
        continue
      }
      guard !ByteScan.isBlank(bytes, start, contentEnd) else { continue }
      let title = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<contentEnd]), as: UTF8.self)
      rows.append(CatalogItem(id: title, title: title), origin: RowOrigin(line: line))
    }
    rows.lineCount = line
  }
}

/// The memory of the items array, written by the parts of ``LineRowDecoder/decodeLines(_:from:firstLine:)`` at
/// once: each part initialises only its own region, and the regions do not overlap.
private struct DisjointRegions: @unchecked Sendable {
  let base: UnsafeMutablePointer<CatalogItem>
}
