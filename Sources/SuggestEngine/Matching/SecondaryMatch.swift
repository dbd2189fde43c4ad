/// Matches below the title: every query word starts a word of the title, the subtitle or the keywords (found
/// through the word indexes, never by scanning text), and the title alone did not match. A one-character query
/// word only ever matches title words (it would match most subtitles).
struct SecondaryMatch: Sendable {
  /// Per query word: slots with a title index word starting with it.
  let inTitle: [Bitset]
  /// Per query word: slots with a subtitle word starting with it.
  let inSubtitle: [Bitset]
  /// Per query word: slots with a keyword word starting with it.
  let inKeywords: [Bitset]
  /// The slots that match at this level (live, allowed, not title matches).
  let matched: Bitset

  /// Points per query word that also starts a title word.
  static let titleWordQuality = 10

  /// Finds the secondary matches of `query` in `context`'s segment.
  ///
  /// - Parameters:
  ///   - context: The segment and its restriction.
  ///   - query: The prepared query (not empty).
  ///   - inTitle: Per query word, the slots with a title word starting with it (``titleWordSets(_:query:)``).
  ///   - titleMatches: The slots that matched the title (excluded here).
  ///   - scratch: The search's working memory, where the sets are made.
  /// - Complexity: O(postings under the query words' prefixes + slots / 64).
  init(
    _ context: SegmentContext,
    query: PreparedQuery,
    inTitle: [Bitset],
    titleMatches: Bitset,
    scratch: inout SearchScratch
  ) {
    let segment = context.segment
    var inSubtitle: [Bitset] = []
    var inKeywords: [Bitset] = []
    var matched = scratch.fullSet(count: segment.count)
    for (w, word) in query.words.enumerated() {
      let title = inTitle[w]
      var subtitle = Bitset(count: segment.count)
      var keywords = Bitset(count: segment.count)
      if word.characterEnds.count >= 2 {
        let keeping = scratch.keepsSetsForNextKeystrokes
        subtitle = segment.prefixSets.set(.subtitle, prefix: word.bytes, in: segment, keeping: keeping)
        keywords = segment.prefixSets.set(.keyword, prefix: word.bytes, in: segment, keeping: keeping)
      }
      matched.withWords { matched in
        for index in matched.indices {
          matched[index] &= title.words[index] | subtitle.words[index] | keywords.words[index]
        }
      }
      inSubtitle.append(subtitle)
      inKeywords.append(keywords)
    }
    matched.subtract(titleMatches)
    matched.subtract(context.excluded)
    if let allowed = context.allowed { matched.formIntersection(allowed) }
    self.inTitle = inTitle
    self.inSubtitle = inSubtitle
    self.inKeywords = inKeywords
    self.matched = matched
  }

  /// Per query word, the slots with a title index word starting with it (a word-prefix match of that word); sets
  /// collected now are kept in the segment's memo when `keeping`.
  static func titleWordSets(_ segment: CatalogSegment, query: PreparedQuery, keeping: Bool) -> [Bitset] {
    query.words.map { segment.prefixSets.set(.title, prefix: $0.bytes, in: segment, keeping: keeping) }
  }

  /// Gives the sets' memory back for a later search.
  ///
  /// The word-prefix sets are not given back: they are shared (``WordPrefixSets``).
  consuming func recycle(into scratch: inout SearchScratch) {
    scratch.recycle(matched)
  }

  /// The tier of a matched slot: ``MatchTier/subtitle`` when title and subtitle words suffice, else keyword.
  func tier(_ slot: Int) -> MatchTier {
    for word in inTitle.indices where !inTitle[word].contains(slot) && !inSubtitle[word].contains(slot) {
      return .keyword
    }
    return .subtitle
  }

  /// The quality of a matched slot: points for query words that also start title words.
  func quality(_ slot: Int) -> Int {
    var quality = 0
    for word in inTitle where word.contains(slot) { quality += Self.titleWordQuality }
    return quality
  }
}
