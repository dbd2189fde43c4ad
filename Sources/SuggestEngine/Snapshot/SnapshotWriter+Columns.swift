/// The engine's column types as snapshot sections: each is stored as the arrays it holds, under `name.part`.
extension SnapshotWriter {
  mutating func add(_ name: String, _ column: ByteColumn) {
    add("\(name).bytes", column.bytes)
    add("\(name).offsets", column.offsets)
  }

  mutating func add(_ name: String, _ set: Bitset) {
    add("\(name).count", [UInt64(set.count)])
    add("\(name).words", set.words)
  }

  mutating func add(_ name: String, _ column: ChunkedTextColumn) {
    add("\(name).count", [UInt64(column.count), UInt64(column.chunks.count)])
    add("\(name).first", column.firstOfChunk)
    add("\(name).starts", column.starts)
    for (index, chunk) in column.chunks.enumerated() { add("\(name).chunk\(index)", chunk) }
  }

  mutating func add(_ name: String, _ strings: SparseStrings) {
    add("\(name).slots", strings.slots)
    add("\(name).values", strings.values)
  }

  mutating func add(_ name: String, _ index: WordIndex) {
    add("\(name).words", index.words)
    add("\(name).postingOffsets", index.postingOffsets)
    add("\(name).postings", index.postings)
    add("\(name).sharedPrefixes", index.sharedPrefixes)
  }

  /// Lists of slots, as one array and the offsets of each list in it.
  mutating func add(_ name: String, lists: [[Int32]]) {
    var offsets: [UInt32] = [0]
    for list in lists { offsets.append(offsets[offsets.count - 1] + UInt32(list.count)) }
    add("\(name).offsets", offsets)
    add("\(name).values", Array(lists.joined()))
  }
}
