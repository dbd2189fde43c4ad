import JSONKit

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
  /// The lines are counted first, so every part decodes straight into its own region of the one array of items (a
  /// part has at most one item per line; see ``DecodedRows/decoding(regionSizes:_:)``).
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
    var rows = DecodedRows<CatalogItem>.decoding(regionSizes: lineCounts) { part, sink in
      bytes.withUnsafeBufferPointer { decodePart($0, parts[part], into: &sink) }
    }
    rows.shiftLines(by: firstLine - 1)
    return rows
  }

  /// Decodes the lines of `bytes` from offset `start` on in parts of about `partBytes`, handing each part to
  /// `builder` as soon as it is decoded; each part numbers its lines from 1. The pages of each part are given back
  /// once it is decoded (``ReadPages``): `bytes` is left holding zeros wherever it was read.
  ///
  /// - Parameters:
  ///   - bytes: The whole file (copied first if shared, so no other holder sees it change).
  ///   - start: The offset of the first line to decode.
  ///   - partBytes: The size of a part (``ParallelParts/streamedPartBytes``).
  ///   - builder: Builds the parts.
  func decodeParts(_ bytes: inout [UInt8], from start: Int, partBytes: Int, into builder: CatalogStreamBuilder) {
    bytes.withUnsafeMutableBufferPointer { buffer in
      let range = start..<buffer.count
      let count = ParallelParts.streamedCount(forBytes: range.count, partBytes: partBytes)
      let parts = ParallelParts.splitAtLines(UnsafeBufferPointer(buffer), range, parts: count)
      let file = SharedBytes(buffer: buffer)
      builder.addParts(parts.count) { part in
        let lineCount = ByteScan.lineCount(UnsafeBufferPointer(file.buffer), parts[part])
        let rows = DecodedRows<CatalogItem>.decoding(regionSizes: [lineCount]) { _, sink in
          decodePart(UnsafeBufferPointer(file.buffer), parts[part], into: &sink)
        }
        ReadPages.drop(file.buffer, parts[part])
        return rows
      }
    }
  }
}
