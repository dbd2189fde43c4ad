/// A segment's columns as snapshot sections, under `prefix.column`.
extension CatalogSegment {
  /// Adds every column of the segment to `writer`.
  func write(to writer: inout SnapshotWriter, prefix: String) {
    writer.add("\(prefix).count", [UInt64(count)])
    writer.add("\(prefix).titles", titles)
    writer.add("\(prefix).folded", folded)
    writer.add("\(prefix).wordStarts", wordStarts)
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
  /// only shows a result or answers an id (original titles, ids, subtitles, weights, keywords, the id index) and the
  /// subtitle and keyword words, which only some searches read, are used in place from the mapped file.
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
    let titles = try reader.byteColumn("\(prefix).titles", count: count, .mapped)
    let folded = try reader.byteColumn("\(prefix).folded", count: count, .copied)
    let keywordOffsets: StoredArray<UInt32> = try reader.stored("\(prefix).keywordOffsets", .mapped)
    let keywords = try reader.byteColumn("\(prefix).keywords", .mapped)
    if !keywordOffsets.isEmpty {
      guard keywordOffsets.count == count + 1 else { throw .damaged("\(prefix).keywordOffsets has the wrong size") }
      try SnapshotReader.check(keywordOffsets, end: keywords.count, "\(prefix).keywordOffsets")
    }
    let preciseWeights: StoredArray<Double>? =
      reader.has("\(prefix).preciseWeights") ? try reader.stored("\(prefix).preciseWeights", .mapped) : nil
    let masks: [UInt32] = try reader.array("\(prefix).masks")
    let repeatMasks: [UInt32] = try reader.array("\(prefix).repeatMasks")
    let weights: StoredArray<Float> = try reader.stored("\(prefix).weights", .mapped)
    let priors: [UInt16] = try reader.array("\(prefix).priors")
    let popular: [Int32] = try reader.array("\(prefix).popular")
    guard masks.count == count, repeatMasks.count == count, weights.count == count, priors.count == count,
      preciseWeights.map({ $0.count == count }) ?? true, popular.count <= count,
      popular.allSatisfy({ $0 >= 0 && Int($0) < count })
    else { throw .damaged("\(prefix) columns have different lengths") }
    let idIndex = IDIndex(table: try reader.stored("\(prefix).idIndex", .mapped))
    guard idIndex.isValid(slotCount: count) else { throw .damaged("\(prefix).idIndex") }
    // Only the ids that differ from their titles are stored.
    let ids = try reader.byteColumn("\(prefix).ids", .mapped)
    return CatalogSegment(
      count: count,
      titles: titles,
      folded: folded,
      wordStarts: try reader.bitset("\(prefix).wordStarts", count: folded.bytes.count),
      masks: masks,
      repeatMasks: repeatMasks,
      asciiTitles: try reader.bitset("\(prefix).asciiTitles", count: count),
      idIsTitle: try reader.bitset("\(prefix).idIsTitle", count: count),
      ids: ids,
      subtitles: try reader.chunkedText("\(prefix).subtitles", count: count),
      completions: try reader.sparseStrings("\(prefix).completions", count: count),
      icons: try reader.sparseStrings("\(prefix).icons", count: count),
      keywordOffsets: keywordOffsets,
      keywords: keywords,
      weights: weights,
      preciseWeights: preciseWeights,
      priors: priors,
      prior: PopularityPrior(descending: try reader.array("\(prefix).prior")),
      popular: popular,
      tokenPostings: try reader.lists("\(prefix).tokens", atMost: tokenCount, below: count),
      idIndex: idIndex,
      titleWords: try reader.wordIndex("\(prefix).titleWords", .copied),
      subtitleWords: try reader.wordIndex("\(prefix).subtitleWords", .mapped),
      keywordWords: try reader.wordIndex("\(prefix).keywordWords", .mapped),
      shadowed: try reader.bitset("\(prefix).shadowed", count: count),
      mapping: reader.mappedFile
    )
  }
}
