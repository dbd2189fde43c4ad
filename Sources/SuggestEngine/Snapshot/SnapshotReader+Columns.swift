/// Reads back what ``SnapshotWriter``'s column methods stored, checking the lengths that later reads rely on (a
/// column whose offsets ran past its bytes would trap at search time, not here).
extension SnapshotReader {
  func byteColumn(_ name: String, count: Int? = nil, _ placement: Placement) throws(SnapshotError) -> ByteColumn {
    let bytes: StoredArray<UInt8> = try stored("\(name).bytes", placement)
    let offsets: StoredArray<UInt32> = try stored("\(name).offsets", placement)
    try Self.check(offsets, end: bytes.count, name)
    if let count, offsets.count != count + 1 {
      throw .damaged("\(name) has \(offsets.count - 1) strings, not \(count)")
    }
    return ByteColumn(bytes: bytes, offsets: offsets)
  }

  func bitset(_ name: String, count: Int? = nil) throws(SnapshotError) -> Bitset {
    let stored: [UInt64] = try array("\(name).count")
    guard stored.count == 1, stored[0] <= UInt64(Int32.max), count.map({ UInt64($0) == stored[0] }) ?? true,
      let set = Bitset(words: try array("\(name).words"), count: Int(stored[0]))
    else { throw .damaged("\(name) has the wrong size") }
    return set
  }

  func chunkedText(_ name: String, count: Int) throws(SnapshotError) -> ChunkedTextColumn {
    let stored: [UInt64] = try array("\(name).count")
    guard stored.count == 2, stored[0] == UInt64(count), stored[1] <= UInt64(count) else {
      throw .damaged("\(name) has the wrong size")
    }
    let chunkCount = Int(stored[1])
    let first: [Int32] = try array("\(name).first")
    let starts: StoredArray<UInt32> = try self.stored("\(name).starts", .mapped)
    var chunks: [StoredArray<UInt8>] = []
    for index in 0..<chunkCount { chunks.append(try self.stored("\(name).chunk\(index)", .mapped)) }
    guard first.count == chunkCount, starts.count == count, chunkCount > 0 || count == 0,
      first.first.map({ $0 == 0 }) ?? true, zip(first, first.dropFirst()).allSatisfy({ $0 < $1 }),
      first.last.map({ Int($0) < max(count, 1) }) ?? true
    else { throw .damaged("\(name) has inconsistent chunks") }
    // Every start lies inside its chunk and, within a chunk, they increase.
    let inside = starts.withUnsafeBufferPointer { starts in
      first.indices.allSatisfy { chunk in
        let end = chunk + 1 < first.count ? Int(first[chunk + 1]) : count
        let chunkEnd = chunks[chunk].count
        var previous: UInt32 = 0
        for index in Int(first[chunk])..<end {
          guard starts[index] >= previous, Int(starts[index]) <= chunkEnd else { return false }
          previous = starts[index]
        }
        return true
      }
    }
    guard inside else { throw .damaged("\(name) has a string outside its chunk") }
    return ChunkedTextColumn(chunks: chunks, firstOfChunk: first, starts: starts, count: count)
  }

  func sparseStrings(_ name: String, count: Int) throws(SnapshotError) -> SparseStrings {
    let slots: [Int32] = try array("\(name).slots")
    let values = try byteColumn("\(name).values", count: slots.count, .mapped)
    try Self.checkIncreasing(slots, below: count, name)
    return SparseStrings(slots: slots, values: values)
  }

  func wordIndex(_ name: String, _ placement: Placement) throws(SnapshotError) -> WordIndex {
    let words = try byteColumn("\(name).words", placement)
    let postingOffsets: StoredArray<UInt32> = try stored("\(name).postingOffsets", placement)
    let postings: StoredArray<UInt8> = try stored("\(name).postings", placement)
    let sharedPrefixes: StoredArray<UInt8> = try stored("\(name).sharedPrefixes", placement)
    guard postingOffsets.count == words.count + 1, sharedPrefixes.count == words.count else {
      throw .damaged("\(name) has the wrong size")
    }
    try Self.check(postingOffsets, end: postings.count, name)
    return WordIndex(
      words: words,
      postingOffsets: postingOffsets,
      postings: postings,
      sharedPrefixes: sharedPrefixes
    )
  }

  func lists(_ name: String, atMost maximumCount: Int, below bound: Int) throws(SnapshotError) -> [[Int32]] {
    let offsets: [UInt32] = try array("\(name).offsets")
    let values: [Int32] = try array("\(name).values")
    guard !offsets.isEmpty, offsets.count - 1 <= maximumCount else { throw .damaged("\(name) has the wrong size") }
    let count = offsets.count - 1
    try Self.check(StoredArray(offsets), end: values.count, name)
    var lists: [[Int32]] = []
    for list in 0..<count {
      let slots = Array(values[Int(offsets[list])..<Int(offsets[list + 1])])
      try Self.checkIncreasing(slots, below: bound, name)
      lists.append(slots)
    }
    return lists
  }

  /// Offsets start at 0, never decrease and end at `end`.
  static func check(_ offsets: StoredArray<UInt32>, end: Int, _ name: String) throws(SnapshotError) {
    try offsets.withUnsafeBufferPointer { offsets throws(SnapshotError) in
      guard let first = offsets.first, first == 0, Int(offsets[offsets.count - 1]) == end else {
        throw .damaged("\(name) offsets do not span its bytes")
      }
      var previous: UInt32 = 0
      for offset in offsets {
        guard offset >= previous else { throw .damaged("\(name) offsets decrease") }
        previous = offset
      }
    }
  }

  /// Slots increase strictly and stay below `bound`.
  static func checkIncreasing(_ slots: [Int32], below bound: Int, _ name: String) throws(SnapshotError) {
    var previous: Int32 = -1
    for slot in slots {
      guard slot > previous, Int(slot) < bound else { throw .damaged("\(name) slots out of order") }
      previous = slot
    }
  }
}
