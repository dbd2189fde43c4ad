/// The columns of a snapshot's segment that are used in place from the mapped file rather than copied: what only
/// shows a result or answers an id (original titles, ids, subtitles, completions, icons, keywords, weights, the id
/// index) and the subtitle and keyword words, which only some searches read. One list for a segment read from a
/// snapshot and for one just written (``CatalogSegment/mappingColumns(from:prefix:)``).
struct MappedColumns {
  let titles: ByteColumn
  let ids: ByteColumn
  let subtitles: ChunkedTextColumn
  let completions: SparseStrings
  let icons: SparseStrings
  let keywordOffsets: StoredArray<UInt32>
  let keywords: ByteColumn
  let weights: StoredArray<Float>
  let preciseWeights: StoredArray<Double>?
  let idIndex: IDIndex
  let subtitleWords: WordIndex
  let keywordWords: WordIndex
  /// The mapping they come from (kept alive by the segment).
  let mapping: MappedFile?

  /// Reads the mapped columns of the segment under `prefix`, of `count` items, checking their lengths.
  ///
  /// - Throws: ``SnapshotError`` when a section is missing, damaged or does not fit the others.
  init(from reader: SnapshotReader, prefix: String, count: Int) throws(SnapshotError) {
    titles = try reader.byteColumn("\(prefix).titles", count: count, .mapped)
    keywordOffsets = try reader.stored("\(prefix).keywordOffsets", .mapped)
    keywords = try reader.byteColumn("\(prefix).keywords", .mapped)
    if !keywordOffsets.isEmpty {
      guard keywordOffsets.count == count + 1 else { throw .damaged("\(prefix).keywordOffsets has the wrong size") }
      try SnapshotReader.check(keywordOffsets, end: keywords.count, "\(prefix).keywordOffsets")
    }
    preciseWeights =
      reader.has("\(prefix).preciseWeights") ? try reader.stored("\(prefix).preciseWeights", .mapped) : nil
    weights = try reader.stored("\(prefix).weights", .mapped)
    guard weights.count == count, preciseWeights.map({ $0.count == count }) ?? true else {
      throw .damaged("\(prefix) weights have the wrong size")
    }
    idIndex = IDIndex(table: try reader.stored("\(prefix).idIndex", .mapped))
    guard idIndex.isValid(slotCount: count) else { throw .damaged("\(prefix).idIndex") }
    // Only the ids that differ from their titles are stored.
    ids = try reader.byteColumn("\(prefix).ids", .mapped)
    subtitles = try reader.chunkedText("\(prefix).subtitles", count: count)
    completions = try reader.sparseStrings("\(prefix).completions", count: count)
    icons = try reader.sparseStrings("\(prefix).icons", count: count)
    subtitleWords = try reader.wordIndex("\(prefix).subtitleWords", .mapped)
    keywordWords = try reader.wordIndex("\(prefix).keywordWords", .mapped)
    mapping = reader.mappedFile
  }
}
