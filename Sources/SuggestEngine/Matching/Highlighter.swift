/// Finds what to highlight in a title for a hit: run only for the few hits returned, never during the scan.
enum Highlighter {
  /// The matched parts of the title of `slot`, as original UTF-8 ranges, increasing and disjoint.
  ///
  /// - Complexity: O(|title|² · |query|) at worst; titles are short.
  static func titleHighlights(
    segment: CatalogSegment,
    slot: Int,
    query: PreparedQuery,
    tier: MatchTier,
    matchCap: MatchTier,
    allowsTypos: Bool
  ) -> [Range<Int>] {
    let original = segment.displayTitle(slot)
    let folded = TextFolder.fold(original)
    guard folded.bytes.count == segment.folded.range(slot).count else { return [] }
    let pieces = segment.withTitle(slot) { title in
      if tier <= .prefix { return wholeQueryPieces(title, query) }
      return query.words.flatMap { word in
        wordPieces(title, word, matchCap: tier >= .subtitle ? .wordPrefix : matchCap, allowsTypos: allowsTypos)
      }
    }
    return merge(pieces.map { folded.originalUTF8Range($0) })
  }

  /// Sorts and merges overlapping or touching ranges.
  static func merge(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }

  private static func wordPieces(
    _ title: TitleView,
    _ word: PreparedQuery.Word,
    matchCap: MatchTier,
    allowsTypos: Bool
  ) -> [Range<Int>] {
    word.bytes.withUnsafeBufferPointer { bytes in
      if let position = bestWordPrefix(title, bytes) { return [position..<(position + bytes.count)] }
      if matchCap == .wordPrefix { return [] }
      if let chain = acronymChain(title, word) { return chain }
      if let position = firstOccurrence(title, bytes) { return [position..<(position + bytes.count)] }
      if allowsTypos && word.typoBudget > 0 {
        let piece = typoPiece(title, bytes, budget: word.typoBudget, whole: true)
        if !piece.isEmpty { return piece }
      }
      let ends = word.characterEnds
      if let alignment = ends.withUnsafeBufferPointer({ FuzzyAligner.alignmentInOneWord(title, bytes, ends: $0) }) {
        return alignment
      }
      if allowsTypos && word.typoBudget > 0 && !word.wholeTyposOnly {
        let piece = typoPiece(title, bytes, budget: word.typoBudget, whole: false)
        if !piece.isEmpty { return piece }
      }
      return ends.withUnsafeBufferPointer { FuzzyAligner.alignment(title, bytes, ends: $0) } ?? []
    }
  }

  /// The bytes an exact or prefix match covers: the query as typed, or its letters around the title's separators.
  private static func wholeQueryPieces(_ title: TitleView, _ query: PreparedQuery) -> [Range<Int>] {
    let joined = query.joined
    if joined.count <= title.count && (0..<joined.count).allSatisfy({ title.bytes[$0] == joined[$0] }) {
      return [0..<joined.count]
    }
    var pieces: [Range<Int>] = []
    var matched = 0
    var position = 0
    while matched < query.compact.count && position < title.count {
      if title.bytes[position] != TextFolder.separator {
        if let last = pieces.last, last.upperBound == position {
          pieces[pieces.count - 1] = last.lowerBound..<(position + 1)
        } else {
          pieces.append(position..<(position + 1))
        }
        matched += 1
      }
      position += 1
    }
    return pieces
  }

  private static func bestWordPrefix(_ title: TitleView, _ word: UnsafeBufferPointer<UInt8>) -> Int? {
    var best: (position: Int, whole: Bool)?
    guard word.count <= title.count else { return nil }
    for position in 0...(title.count - word.count) where title.isStart(position) && title.matches(word, at: position) {
      let whole = title.isWordEnd(position + word.count)
      if best == nil || (whole && !best!.whole) { best = (position, whole) }
    }
    return best?.position
  }

  private static func firstOccurrence(_ title: TitleView, _ word: UnsafeBufferPointer<UInt8>) -> Int? {
    guard word.count <= title.count else { return nil }
    return (0...(title.count - word.count)).first { title.matches(word, at: $0) }
  }

  /// The initials an acronym matched (see ``TitleMatcher/acronym(_:_:ends:geometry:scratch:)``): the earliest
  /// assignment at word starts, so one from the first word when there is one; else the earliest through compound
  /// starts that runs from the first word to the last.
  private static func acronymChain(_ title: TitleView, _ word: PreparedQuery.Word) -> [Range<Int>]? {
    let ends = word.characterEnds
    guard ends.count >= 2, word.bytes.count <= TitleMatcher.maximumAcronymLength else { return nil }
    return word.bytes.withUnsafeBufferPointer { bytes in
      var pieces: [Range<Int>] = []
      var throughCompounds = false
      // Places character `index` at a word start (or a later one at a compound start) from `from` on: the first
      // at any, a later one no further than the first major start after the previous initial (no word skipped).
      func place(_ index: Int, from: Int) -> Bool {
        guard index < ends.count else {
          guard throughCompounds, let last = pieces.last else { return true }
          var majorAfter = false
          title.forEachStart(from: last.upperBound) { majorAfter = majorAfter || !title.isMinorStart($0) }
          return pieces[0].lowerBound == title.firstStart && !majorAfter
        }
        let unit = UnsafeBufferPointer(rebasing: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
        for position in from..<title.count
        where title.isStart(position) || (throughCompounds && index > 0 && title.isCompoundStart(position)) {
          if title.matches(unit, at: position) {
            pieces.append(position..<(position + unit.count))
            if place(index + 1, from: position + unit.count) { return true }
            pieces.removeLast()
          }
          if index > 0 && !title.isMinorStart(position) { return false }
        }
        return false
      }
      if place(0, from: 0) { return pieces }
      throughCompounds = title.hasCompoundStart
      return throughCompounds && place(0, from: 0) ? pieces : nil
    }
  }

  /// The title word (`whole`) or word beginning closest to `word` by edit distance, when within `budget`.
  private static func typoPiece(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    budget: Int,
    whole: Bool
  ) -> [Range<Int>] {
    var rows: [Int] = []
    guard let closest = TypoLocator.closestPiece(title, word, budget: budget, whole: whole, scratch: &rows) else {
      return []
    }
    return [closest.range]
  }
}
