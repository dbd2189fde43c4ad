/// The columns of a snapshot's segment that are copied into memory rather than used in place: what every search
/// scans (folded titles, word and compound starts, letter masks, priors, the popular slots, token postings, title
/// words). The counterpart of ``MappedColumns``, read apart from it on another core (``CatalogSnapshot``).
struct CopiedColumns {
  let folded: ByteColumn
  let wordStarts: Bitset
  let compoundStarts: Bitset
  let masks: [UInt32]
  let repeatMasks: [UInt32]
  let asciiTitles: Bitset
  let idIsTitle: Bitset
  let priors: [UInt16]
  let prior: PopularityPrior
  let popular: [Int32]
  let tokenPostings: [[Int32]]
  let titleWords: WordIndex
  let shadowed: Bitset

  /// Reads the copied columns of the segment under `prefix`, of `count` slots, checking their lengths.
  ///
  /// - Parameters:
  ///   - reader: The open snapshot.
  ///   - prefix: The segment's section prefix.
  ///   - count: Its number of slots (``CatalogSegment/storedCount(in:prefix:)``).
  ///   - tokenCount: The number of token indexes of the catalog.
  /// - Throws: ``SnapshotError`` when a section is missing, damaged or does not fit the others.
  init(from reader: SnapshotReader, prefix: String, count: Int, tokenCount: Int) throws(SnapshotError) {
    folded = try reader.byteColumn("\(prefix).folded", count: count, .copied)
    masks = try reader.array("\(prefix).masks")
    repeatMasks = try reader.array("\(prefix).repeatMasks")
    priors = try reader.array("\(prefix).priors")
    popular = try reader.array("\(prefix).popular")
    guard masks.count == count, repeatMasks.count == count, priors.count == count, popular.count <= count,
      popular.allSatisfy({ $0 >= 0 && Int($0) < count })
    else { throw .damaged("\(prefix) columns have different lengths") }
    wordStarts = try reader.bitset("\(prefix).wordStarts", count: folded.bytes.count)
    compoundStarts = try reader.bitset("\(prefix).compoundStarts", count: folded.bytes.count)
    asciiTitles = try reader.bitset("\(prefix).asciiTitles", count: count)
    idIsTitle = try reader.bitset("\(prefix).idIsTitle", count: count)
    prior = PopularityPrior(descending: try reader.array("\(prefix).prior"))
    tokenPostings = try reader.lists("\(prefix).tokens", atMost: tokenCount, below: count)
    titleWords = try reader.wordIndex("\(prefix).titleWords", .copied)
    shadowed = try reader.bitset("\(prefix).shadowed", count: count)
  }

  /// The copied columns `segment` holds (one just built and written, about to be served from its snapshot).
  init(of segment: CatalogSegment) {
    folded = segment.folded
    wordStarts = segment.wordStarts
    compoundStarts = segment.compoundStarts
    masks = segment.masks
    repeatMasks = segment.repeatMasks
    asciiTitles = segment.asciiTitles
    idIsTitle = segment.idIsTitle
    priors = segment.priors
    prior = segment.prior
    popular = segment.popular
    tokenPostings = segment.tokenPostings
    titleWords = segment.titleWords
    shadowed = segment.shadowed
  }
}
