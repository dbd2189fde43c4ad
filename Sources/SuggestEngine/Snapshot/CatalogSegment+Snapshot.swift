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

  /// Reads a segment that ``write(to:prefix:)`` stored.
  ///
  /// What every search scans (folded titles, word starts, masks, priors, title words) is copied into memory; what
  /// only shows a result or answers an id (``MappedColumns``) is used in place from the mapped file.
  ///
  /// - Parameters:
  ///   - reader: The open snapshot.
  ///   - prefix: The segment's section prefix.
  ///   - tokenCount: The number of token indexes of the catalog.
  /// - Returns: The segment.
  /// - Throws: ``SnapshotError`` when a section is missing, damaged or does not fit the others.
  static func read(
    from reader: SnapshotReader,
    prefix: String,
    tokenCount: Int
  ) throws(SnapshotError)
    -> CatalogSegment
  {
    let stored: [UInt64] = try reader.array("\(prefix).count")
    guard stored.count == 1, stored[0] < UInt64(Int32.max) else { throw .damaged("\(prefix).count") }
    let count = Int(stored[0])
    let mapped = try MappedColumns(from: reader, prefix: prefix, count: count)
    let folded = try reader.byteColumn("\(prefix).folded", count: count, .copied)
    let masks: [UInt32] = try reader.array("\(prefix).masks")
    let repeatMasks: [UInt32] = try reader.array("\(prefix).repeatMasks")
    let priors: [UInt16] = try reader.array("\(prefix).priors")
    let popular: [Int32] = try reader.array("\(prefix).popular")
    guard masks.count == count, repeatMasks.count == count, priors.count == count, popular.count <= count,
      popular.allSatisfy({ $0 >= 0 && Int($0) < count })
    else { throw .damaged("\(prefix) columns have different lengths") }
    return CatalogSegment(
      count: count,
      mapped: mapped,
      folded: folded,
      wordStarts: try reader.bitset("\(prefix).wordStarts", count: folded.bytes.count),
      compoundStarts: try reader.bitset("\(prefix).compoundStarts", count: folded.bytes.count),
      masks: masks,
      repeatMasks: repeatMasks,
      asciiTitles: try reader.bitset("\(prefix).asciiTitles", count: count),
      idIsTitle: try reader.bitset("\(prefix).idIsTitle", count: count),
      priors: priors,
      prior: PopularityPrior(descending: try reader.array("\(prefix).prior")),
      popular: popular,
      tokenPostings: try reader.lists("\(prefix).tokens", atMost: tokenCount, below: count),
      titleWords: try reader.wordIndex("\(prefix).titleWords", .copied),
      shadowed: try reader.bitset("\(prefix).shadowed", count: count)
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
      folded: folded,
      wordStarts: wordStarts,
      compoundStarts: compoundStarts,
      masks: masks,
      repeatMasks: repeatMasks,
      asciiTitles: asciiTitles,
      idIsTitle: idIsTitle,
      priors: priors,
      prior: prior,
      popular: popular,
      tokenPostings: tokenPostings,
      titleWords: titleWords,
      shadowed: shadowed
    )
  }

  private convenience init(
    count: Int,
    mapped: MappedColumns,
    folded: ByteColumn,
    wordStarts: Bitset,
    compoundStarts: Bitset,
    masks: [UInt32],
    repeatMasks: [UInt32],
    asciiTitles: Bitset,
    idIsTitle: Bitset,
    priors: [UInt16],
    prior: PopularityPrior,
    popular: [Int32],
    tokenPostings: [[Int32]],
    titleWords: WordIndex,
    shadowed: Bitset
  ) {
    self.init(
      count: count,
      titles: mapped.titles,
      folded: folded,
      wordStarts: wordStarts,
      compoundStarts: compoundStarts,
      masks: masks,
      repeatMasks: repeatMasks,
      asciiTitles: asciiTitles,
      idIsTitle: idIsTitle,
      ids: mapped.ids,
      subtitles: mapped.subtitles,
      completions: mapped.completions,
      icons: mapped.icons,
      keywordOffsets: mapped.keywordOffsets,
      keywords: mapped.keywords,
      weights: mapped.weights,
      preciseWeights: mapped.preciseWeights,
      priors: priors,
      prior: prior,
      popular: popular,
      tokenPostings: tokenPostings,
      idIndex: mapped.idIndex,
      titleWords: titleWords,
      subtitleWords: mapped.subtitleWords,
      keywordWords: mapped.keywordWords,
      shadowed: shadowed,
      mapping: mapped.mapping
    )
  }
}
