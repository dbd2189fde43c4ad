/// A segment's columns as snapshot sections, under `prefix.column`.
extension CatalogSegment {
  /// Adds every column of the segment to `writer`.
  func write(to writer: inout SnapshotWriter, prefix: String) {
    writer.add("\(prefix).count", [UInt64(count)])
    writer.add("\(prefix).titles", titles)
    writer.add("\(prefix).folded", folded)
    writer.add("\(prefix).wordStarts", wordStarts)
    writer.add("\(prefix).compoundStarts", compoundStarts)
    writer.add("\(prefix).masks", masks)
    writer.add("\(prefix).repeatMasks", repeatMasks)
    writer.add("\(prefix).asciiTitles", asciiTitles)
    writer.add("\(prefix).idIsTitle", idIsTitle)
    writer.add("\(prefix).ids", ids)
    writer.add("\(prefix).subtitles", subtitles)
    writer.add("\(prefix).completions", completions)
    writer.add("\(prefix).icons", icons)
    writer.add("\(prefix).keywordOffsets", keywordOffsets)
    writer.add("\(prefix).keywords", keywords)
    writer.add("\(prefix).weights", weights)
    if let preciseWeights { writer.add("\(prefix).preciseWeights", preciseWeights) }
    writer.add("\(prefix).priors", priors)
    writer.add("\(prefix).prior", prior.descending)
    writer.add("\(prefix).popular", popular)
    writer.add("\(prefix).tokens", lists: tokenPostings)
    writer.add("\(prefix).idIndex", idIndex.table)
    writer.add("\(prefix).titleWords", titleWords)
    writer.add("\(prefix).subtitleWords", subtitleWords)
    writer.add("\(prefix).keywordWords", keywordWords)
    writer.add("\(prefix).shadowed", shadowed)
  }

  /// The number of slots of the segment stored under `prefix`.
  ///
  /// - Throws: ``SnapshotError`` when the section is missing or damaged.
  static func storedCount(in reader: SnapshotReader, prefix: String) throws(SnapshotError) -> Int {
    let stored: [UInt64] = try reader.array("\(prefix).count")
    guard stored.count == 1, stored[0] < UInt64(Int32.max) else { throw .damaged("\(prefix).count") }
    return Int(stored[0])
  }

  /// A segment that ``write(to:prefix:)`` stored, from its two halves (read apart, each on a core of its own: both
  /// are checksums of their bytes at memory speed).
  ///
  /// What every search scans (``CopiedColumns``) is copied into memory; what only shows a result or answers an id
  /// (``MappedColumns``) is used in place from the mapped file.
  ///
  /// - Parameters:
  ///   - count: The number of slots (``storedCount(in:prefix:)``), which both halves were read for.
  ///   - mapped: The columns used in place.
  ///   - copied: The columns copied into memory.
  convenience init(count: Int, mapped: MappedColumns, copied: CopiedColumns) {
    self.init(
      count: count,
      titles: mapped.titles,
      folded: copied.folded,
      wordStarts: copied.wordStarts,
      compoundStarts: copied.compoundStarts,
      masks: copied.masks,
      repeatMasks: copied.repeatMasks,
      asciiTitles: copied.asciiTitles,
      idIsTitle: copied.idIsTitle,
      ids: mapped.ids,
      subtitles: mapped.subtitles,
      completions: mapped.completions,
      icons: mapped.icons,
      keywordOffsets: mapped.keywordOffsets,
      keywords: mapped.keywords,
      weights: mapped.weights,
      preciseWeights: mapped.preciseWeights,
      priors: copied.priors,
      prior: copied.prior,
      popular: copied.popular,
      tokenPostings: copied.tokenPostings,
      idIndex: mapped.idIndex,
      titleWords: copied.titleWords,
      subtitleWords: mapped.subtitleWords,
      keywordWords: mapped.keywordWords,
      shadowed: copied.shadowed,
      mapping: mapped.mapping
    )
  }

  /// This segment with its ``MappedColumns`` taken from `reader`, the snapshot just written from it
  /// (``write(to:prefix:)``): the segment a later start reads, without reading back what it already holds. Its own
  /// copies of the mapped columns are freed with it.
  ///
  /// - Throws: ``SnapshotError`` when a section is missing or does not fit the others.
  func mappingColumns(from reader: SnapshotReader, prefix: String) throws(SnapshotError) -> CatalogSegment {
    CatalogSegment(
      count: count,
      mapped: try MappedColumns(from: reader, prefix: prefix, count: count),
      copied: CopiedColumns(of: self)
    )
  }
}
