import Dispatch
import Locking

extension CatalogSegmentBuilder {
  /// The number of items from which building a part, or joining parts, gives freed memory back as it goes.
  static let trimmedPartCount = 1 << 14

  /// Joins the builders of consecutive parts of a segment into the builder of the whole segment, ready for
  /// ``build()``: the segment it builds is the one a single builder fed every item would have built.
  ///
  /// Each part counts its slots from 0, has finished its word indexes (``finishWordIndexes()``) and indexes its
  /// tokens in the catalog's token table. Columns are concatenated (each part's memory is released once joined;
  /// the subtitles' chunks are taken over, not copied) and the word indexes merged: the three kinds of index and
  /// the columns are four jobs on the cores.
  ///
  /// - Parameter parts: The parts in slot order; left empty.
  /// - Returns: The builder of the whole segment, with its word indexes final.
  /// - Complexity: O(total size · log *p*) for *p* parts.
  static func joining(_ parts: inout [CatalogSegmentBuilder]) -> CatalogSegmentBuilder {
    guard !parts.isEmpty else { return CatalogSegmentBuilder() }
    let counts = parts.map(\.count)
    var titleWords = parts.map(\.titleWords)
    var subtitleWords = parts.map(\.subtitleWords)
    var keywordWords = parts.map(\.keywordWords)
    for index in parts.indices {
      parts[index].titleWords = WordIndex()
      parts[index].subtitleWords = WordIndex()
      parts[index].keywordWords = WordIndex()
    }
    // Joining peaks the memory of a large build; start it from a heap without the garbage of building the parts
    // (their items, freed in blocks too small for mappings of their own), and give back each stage's garbage after
    // it. (A trim walks the whole heap: not worth it for small catalogs.)
    let total = counts.reduce(0, +)
    let trims = total >= trimmedPartCount
    if trims { Memory.releaseFreedPages() }
    let merged = Locked<[Int: WordIndex]>([:])
    // The subtitle merge first: it is the longest, and its last level runs on one core, beside the title and
    // keyword merges and then the columns' join (which holds about as much memory as it frees as it goes).
    let inputs = Locked([0: subtitleWords, 1: titleWords, 2: keywordWords])
    titleWords = []
    subtitleWords = []
    keywordWords = []
    let columns = Locked<[CatalogSegmentBuilder]?>(parts)
    parts = []
    let joined = Locked<CatalogSegmentBuilder?>(nil)
    DispatchQueue.concurrentPerform(iterations: 4) { job in
      guard job < 3 else {
        var parts = columns.withLock { $0.take() } ?? []
        let whole = joiningColumns(&parts, total: total, trims: trims)
        joined.withLock { $0 = whole }
        return
      }
      var indexes = inputs.withLock { $0.removeValue(forKey: job) } ?? []
      let index = WordIndex.merging(&indexes, counts: counts)
      merged.withLock { $0[job] = index }
    }
    if trims { Memory.releaseFreedPages() }
    var whole = joined.withLock { $0.take() } ?? CatalogSegmentBuilder()
    merged.withLock { indexes in
      whole.subtitleWords = indexes[0] ?? WordIndex()
      whole.titleWords = indexes[1] ?? WordIndex()
      whole.keywordWords = indexes[2] ?? WordIndex()
    }
    whole.hasWordIndexes = true
    return whole
  }

  /// The columns of `parts` (their word indexes already moved out, `total` slots in all) joined into the first
  /// part's builder.
  private static func joiningColumns(
    _ parts: inout [CatalogSegmentBuilder],
    total: Int,
    trims: Bool
  ) -> CatalogSegmentBuilder {
    var whole = CatalogSegmentBuilder()
    guard !parts.isEmpty else { return whole }
    swap(&whole, &parts[0])
    whole.reserveForJoining(parts, total: total)
    for index in parts.indices.dropFirst() {
      var part = CatalogSegmentBuilder()
      swap(&part, &parts[index])
      whole.append(part: part)
      // The parts' columns are mostly too small for mappings of their own: give their memory back as it goes,
      // every other part (every fourth, the peak of a PyPI build, which the merges beside set, rose by 4 MB).
      if trims && index % 2 == 0 { Memory.releaseFreedPages() }
    }
    parts = []
    return whole
  }

  /// Renumbers the token postings from the indices of `local`, a table of this part's own, to those of `table`,
  /// registering the ids it does not know in `local`'s order.
  mutating func renumberTokens(from local: TokenTable, into table: inout TokenTable) {
    guard !tokenPostings.isEmpty else { return }
    var renumbered: [[Int32]] = []
    for (index, id) in local.ids.enumerated() where index < tokenPostings.count && !tokenPostings[index].isEmpty {
      let global = table.index(of: id)
      while renumbered.count <= global { renumbered.append([]) }
      renumbered[global] = tokenPostings[index]
    }
    tokenPostings = renumbered
  }

  /// Reserves the room the joined columns will take, so appending the parts never copies what is already there.
  private mutating func reserveForJoining(_ parts: [CatalogSegmentBuilder], total: Int) {
    let later = parts.dropFirst()
    titles.reserve(
      bytes: titles.bytes.count + later.reduce(0) { $0 + $1.titles.bytes.count },
      strings: total
    )
    folded.reserve(
      bytes: folded.bytes.count + later.reduce(0) { $0 + $1.folded.bytes.count },
      strings: total
    )
    masks.reserveCapacity(total)
    repeatMasks.reserveCapacity(total)
    weights.reserveCapacity(total)
    wordStartWords.reserveCapacity((folded.bytes.count + 63) >> 6)
  }

  /// Appends a later part: its slots follow this builder's.
  private mutating func append(part: consuming CatalogSegmentBuilder) {
    let slotOffset = count
    Self.appendBits(part.wordStartWords, at: folded.bytes.count, to: &wordStartWords)
    Self.appendBits(part.compoundStartWords, at: folded.bytes.count, to: &compoundStartWords)
    Self.appendBits(part.asciiWords, at: slotOffset, to: &asciiWords)
    Self.appendBits(part.idIsTitleWords, at: slotOffset, to: &idIsTitleWords)
    titles.append(contentsOf: part.titles)
    folded.append(contentsOf: part.folded)
    masks.append(contentsOf: part.masks)
    repeatMasks.append(contentsOf: part.repeatMasks)
    // `ids` holds an entry for every slot from the first id that differs from its title on (empty before).
    if part.ids.count > 0 {
      if ids.count == 0 { ids.appendEmpty(count: slotOffset) }
      ids.append(contentsOf: part.ids)
    } else if ids.count > 0 {
      ids.appendEmpty(count: part.count)
    }
    subtitles.append(contentsOf: part.subtitles)
    completions.append(contentsOf: part.completions, slotOffset: slotOffset)
    icons.append(contentsOf: part.icons, slotOffset: slotOffset)
    // `keywordOffsets` has an entry for every slot from the first item with keywords on (empty before).
    if !part.keywordOffsets.isEmpty || !keywordOffsets.isEmpty {
      if keywordOffsets.isEmpty { keywordOffsets = [UInt32](repeating: 0, count: slotOffset + 1) }
      let base = UInt32(keywords.count)
      if part.keywordOffsets.isEmpty {
        keywordOffsets.append(contentsOf: repeatElement(base, count: part.count))
      } else {
        keywordOffsets.append(contentsOf: part.keywordOffsets.dropFirst().lazy.map { $0 + base })
      }
      keywords.append(contentsOf: part.keywords)
    }
    if preciseWeights != nil || part.preciseWeights != nil {
      var precise = preciseWeights ?? weights.map { Double($0) }
      preciseWeights = nil
      precise.append(contentsOf: part.preciseWeights ?? part.weights.map { Double($0) })
      preciseWeights = precise
    }
    weights.append(contentsOf: part.weights)
    for (token, slots) in part.tokenPostings.enumerated() where !slots.isEmpty {
      while tokenPostings.count <= token { tokenPostings.append([]) }
      tokenPostings[token].append(contentsOf: slots.lazy.map { $0 + Int32(slotOffset) })
    }
    count += part.count
  }

  /// Sets, in `target`, bit `offset + i` for every bit `i` set in `bits`.
  private static func appendBits(_ bits: [UInt64], at offset: Int, to target: inout [UInt64]) {
    let shift = offset & 63
    for (index, word) in bits.enumerated() where word != 0 {
      let position = (offset >> 6) + index
      let needed = shift == 0 ? position + 1 : position + 2
      if target.count < needed { target.append(contentsOf: repeatElement(0, count: needed - target.count)) }
      target[position] |= word << UInt64(shift)
      if shift != 0 { target[position + 1] |= word >> UInt64(64 - shift) }
    }
  }
}
