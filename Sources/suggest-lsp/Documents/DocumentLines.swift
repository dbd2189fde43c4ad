/// The lines of an open document, kept in chunks so that an edit moves the lines of one chunk, not every line after
/// it.
///
/// Each chunk holds up to ``maxChunkCount`` lines; the first line number of every chunk is kept alongside
/// (``chunkStarts``), so a line is found by a binary search. Replacing lines touches the chunks the replaced range
/// spans, splits a chunk grown too long, drops or merges an emptied or tiny one, and then renumbers the chunks
/// after it: O(*e* + *c* + *n*/*c*) for an edit of *e* lines in a document of *n* lines in chunks of about *c*
/// (about 2,000 integer additions for a million lines), where one flat array moves all *n* − *i* lines after line
/// *i*.
struct DocumentLines: Sendable, RandomAccessCollection {
  /// The number of lines a chunk is cut to when it is built or split.
  static let chunkCount = 512
  /// The most lines a chunk holds before it is split.
  static let maxChunkCount = 2 * chunkCount
  /// A chunk with fewer lines than this is merged into its neighbour when they fit in one chunk.
  static let minChunkCount = chunkCount / 4

  /// The lines, in order; only the last chunk may be empty, and only when it is the only one.
  private var chunks: [[DocumentLine]]
  /// The number of the first line of each chunk.
  private var chunkStarts: [Int]
  /// The number of lines.
  private(set) var lineCount: Int

  /// Keeps `lines` in chunks.
  init(_ lines: [DocumentLine]) {
    chunks = stride(from: 0, to: lines.count, by: Self.chunkCount).map { start in
      Array(lines[start..<Swift.min(start + Self.chunkCount, lines.count)])
    }
    if chunks.isEmpty { chunks = [[]] }
    chunkStarts = []
    lineCount = lines.count
    renumber(from: 0)
  }

  var startIndex: Int { 0 }
  var endIndex: Int { lineCount }

  /// Walks the lines chunk by chunk, with no search per line.
  func makeIterator() -> FlattenSequence<[[DocumentLine]]>.Iterator {
    chunks.joined().makeIterator()
  }

  /// The line numbered `index`.
  ///
  /// - Complexity: O(log(*n*/*c*)).
  subscript(index: Int) -> DocumentLine {
    let (chunk, offset) = locate(index)
    return chunks[chunk][offset]
  }

  /// The chunk holding line `index` and the line's offset in it; the end (`index == count`) is the end of the last
  /// chunk.
  private func locate(_ index: Int) -> (chunk: Int, offset: Int) {
    precondition(index >= 0 && index <= lineCount, "line \(index) outside 0...\(lineCount)")
    // The last chunk whose first line is at or before `index`.
    var low = 0
    var high = chunks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if chunkStarts[middle] <= index { low = middle } else { high = middle - 1 }
    }
    return (low, index - chunkStarts[low])
  }

  /// Replaces the lines in `range` with `replacement`.
  ///
  /// - Complexity: O(*r* + *c* + *n*/*c*) for *r* lines replaced or inserted.
  mutating func replaceSubrange(_ range: Range<Int>, with replacement: [DocumentLine]) {
    precondition(range.lowerBound >= 0 && range.upperBound <= lineCount, "lines \(range) outside 0..<\(lineCount)")
    let (first, start) = locate(range.lowerBound)
    var (last, end) = locate(range.upperBound)
    if last > first && end == 0 {
      // The range ends where a chunk starts: it ends at the end of the chunk before.
      last -= 1
      end = chunks[last].count
    }
    if first == last {
      chunks[first].replaceSubrange(start..<end, with: replacement)
      // The usual keystroke: as many lines as before, so no chunk changes size and nothing is renumbered.
      if replacement.count == range.count { return }
    } else {
      // The lines kept after the range move into the first chunk, and the chunks the range covered go.
      let kept = chunks[last][end...]
      chunks[first].replaceSubrange(start..., with: replacement)
      chunks[first].append(contentsOf: kept)
      chunks.removeSubrange((first + 1)...last)
    }
    let delta = replacement.count - range.count
    lineCount += delta
    if let changed = rebalance(first) {
      renumber(from: changed)
    } else if first == last {
      // The chunks after it only moved by `delta` lines.
      for index in (first + 1)..<chunkStarts.count { chunkStarts[index] += delta }
    } else {
      renumber(from: first)
    }
  }

  /// Splits chunk `index` when it grew too long, drops it when it is empty, or merges it into a neighbour when it is
  /// small and they fit in one chunk; returns the first chunk whose start may have changed, or `nil` when it did
  /// none of that.
  private mutating func rebalance(_ index: Int) -> Int? {
    let count = chunks[index].count
    if count > Self.maxChunkCount {
      let pieces = stride(from: 0, to: count, by: Self.chunkCount).map { start in
        Array(chunks[index][start..<Swift.min(start + Self.chunkCount, count)])
      }
      chunks.replaceSubrange(index...index, with: pieces)
      return index
    }
    guard chunks.count > 1 else { return nil }
    if count == 0 {
      chunks.remove(at: index)
      return Swift.max(0, index - 1)
    }
    if count < Self.minChunkCount {
      if index + 1 < chunks.count && count + chunks[index + 1].count <= Self.maxChunkCount {
        let next = chunks.remove(at: index + 1)
        chunks[index].append(contentsOf: next)
        return index
      }
      if index > 0 && count + chunks[index - 1].count <= Self.maxChunkCount {
        let this = chunks.remove(at: index)
        chunks[index - 1].append(contentsOf: this)
        return index - 1
      }
    }
    return nil
  }

  /// Recomputes the first line number of the chunks from `index` on.
  private mutating func renumber(from index: Int) {
    chunkStarts.removeSubrange(Swift.min(index, chunkStarts.count)...)
    var start = index == 0 ? 0 : chunkStarts[index - 1] + chunks[index - 1].count
    for chunk in chunks[index...] {
      chunkStarts.append(start)
      start += chunk.count
    }
  }
}
