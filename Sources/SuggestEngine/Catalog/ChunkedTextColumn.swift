/// Many strings stored in fixed-size chunks: appending never copies what is already stored (no doubling, no
/// trimming copy), which keeps peak memory close to the text's size for the largest column (subtitles).
struct ChunkedTextColumn: Sendable, Equatable {
  /// The bytes per chunk (a longer string gets a chunk of its own).
  static let chunkSize = 1 << 22
  /// The chunks.
  private(set) var chunks: [StoredArray<UInt8>] = []
  /// The first string of each chunk.
  private(set) var firstOfChunk: [Int32] = []
  /// `starts[i]` is the offset of string `i` in its chunk.
  private(set) var starts = StoredArray<UInt32>()
  /// The number of strings.
  private(set) var count = 0

  /// Creates an empty column.
  init() {}

  /// A column from its stored parts (a snapshot's sections).
  init(chunks: [StoredArray<UInt8>], firstOfChunk: [Int32], starts: StoredArray<UInt32>, count: Int) {
    self.chunks = chunks
    self.firstOfChunk = firstOfChunk
    self.starts = starts
    self.count = count
  }

  /// A chunk that will not change any more, with the start of each of its strings.
  struct Chunk: Sendable {
    /// The bytes.
    let bytes: StoredArray<UInt8>
    /// The start of each string in `bytes`.
    let starts: [UInt32]
    /// The index of the first string.
    let first: Int
  }

  /// Appends a string.
  mutating func append(_ string: String) {
    var string = string
    string.withUTF8 { append(bytes: $0) }
  }

  /// Appends every string of `other`, taking over its chunks as they are: no byte is copied. (Joining the parts of
  /// a large catalog copied its subtitles, 40 MB on PyPI, on one thread: 30 ms of a first build.) The chunks are
  /// then not those of one column built in a single pass; two columns are equal when they hold the same strings.
  mutating func append(contentsOf other: consuming ChunkedTextColumn) {
    for index in other.chunks.indices {
      chunks.append(other.chunks[index])
      firstOfChunk.append(Int32(count) + other.firstOfChunk[index])
    }
    starts.append(contentsOf: other.starts)
    count += other.count
  }

  /// The number of chunks.
  var chunkCount: Int { chunks.count }

  /// Appends a string's UTF-8 bytes.
  mutating func append(bytes string: UnsafeBufferPointer<UInt8>) {
    let length = string.count
    if chunks.isEmpty || chunks[chunks.count - 1].count + length > Self.chunkSize {
      chunks.append(StoredArray())
      chunks[chunks.count - 1].reserveCapacity(max(Self.chunkSize, length))
      firstOfChunk.append(Int32(count))
    }
    starts.append(UInt32(chunks[chunks.count - 1].count))
    chunks[chunks.count - 1].append(contentsOf: string)
    count += 1
  }

  /// Chunk `index` as a ``Chunk``.
  func chunk(_ index: Int) -> Chunk {
    let first = Int(firstOfChunk[index])
    let end = index + 1 < firstOfChunk.count ? Int(firstOfChunk[index + 1]) : count
    return Chunk(bytes: chunks[index], starts: starts.withUnsafeBufferPointer { Array($0[first..<end]) }, first: first)
  }

  private func chunk(of index: Int) -> Int {
    var low = 0
    var high = firstOfChunk.count
    while high - low > 1 {
      let mid = (low + high) >> 1
      if Int(firstOfChunk[mid]) <= index { low = mid } else { high = mid }
    }
    return low
  }

  /// Whether string `index`, of chunk `chunk`, is the chunk's last (its end is the chunk's end, not the next start).
  private func isLastOfChunk(_ index: Int, chunk: Int) -> Bool {
    index + 1 == count || (chunk + 1 < firstOfChunk.count && Int(firstOfChunk[chunk + 1]) == index + 1)
  }

  /// The chunk and byte range of string `index`.
  private func location(_ index: Int) -> (chunk: Int, range: Range<Int>) {
    let chunk = chunk(of: index)
    let start = Int(starts[index])
    let end = isLastOfChunk(index, chunk: chunk) ? chunks[chunk].count : Int(starts[index + 1])
    return (chunk, start..<end)
  }

  /// Whether both columns hold the same strings, byte for byte, however they are chunked.
  static func == (lhs: ChunkedTextColumn, rhs: ChunkedTextColumn) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return (0..<lhs.count).allSatisfy { index in
      let (left, right) = (lhs.location(index), rhs.location(index))
      return lhs.chunks[left.chunk].withUnsafeBufferPointer { leftBytes in
        rhs.chunks[right.chunk].withUnsafeBufferPointer { rightBytes in
          leftBytes[left.range].elementsEqual(rightBytes[right.range])
        }
      }
    }
  }

  /// Whether string `index` is empty.
  func isEmpty(_ index: Int) -> Bool { location(index).range.isEmpty }

  /// String `index`.
  func string(_ index: Int) -> String {
    let (chunk, range) = location(index)
    return chunks[chunk].withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
    }
  }

  /// String `index`, or `nil` when it is empty, read without making pages of mapped chunks resident
  /// (``StoredArray/copy(_:into:)``): for the few strings a result shows.
  func copiedString(_ index: Int) -> String? {
    let chunk = chunk(of: index)
    let isLast = isLastOfChunk(index, chunk: chunk)
    let range = withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2) { bounds in
      let end = isLast ? 1 : 2
      starts.copy(index..<(index + end), into: UnsafeMutableBufferPointer(rebasing: bounds[..<end]))
      return Int(bounds[0])..<(isLast ? chunks[chunk].count : Int(bounds[1]))
    }
    return range.isEmpty ? nil : chunks[chunk].copiedString(range)
  }

  /// The bytes held.
  ///
  /// A chunk counts the bytes it holds, not its capacity: the room left in a chunk taken over from a part was never
  /// written, so never made resident.
  var storageBytes: Int { chunks.reduce(0) { $0 + ($1.isMapped ? 0 : $1.count) } + starts.residentBytes }

  /// Releases spare capacity of the starts array and the last chunk. (The others keep theirs: a chunk taken over
  /// from a part may have some, a mapping of its own whose pages were never written, so not resident.)
  mutating func shrink() {
    starts = starts.trimmed()
    if let last = chunks.indices.last { chunks[last] = chunks[last].trimmed() }
  }
}
