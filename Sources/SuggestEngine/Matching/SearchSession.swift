/// What a search field remembers between keystrokes so that a query extending the previous one only re-examines
/// the previous matches (incremental refinement). Keep one per field; pass it to every search of that field.
///
/// Refinement applies when the snapshot, mode, tokens and scope are unchanged, the previous search completed, and
/// the new folded query extends the previous one. Typo matches are not monotone in the query length ("xeq" allows
/// no typo, "xequ" one), so those of a word whose budget grew come from the typo index, not from the previous matches
/// (``wordsWithNewTypoMatches(previous:current:)``).
public struct SearchSession: Sendable {
  /// The remembered state of the last completed search.
  struct State: Sendable {
    /// The segments searched (held so their identity cannot be reused).
    let segments: [CatalogSegment]
    /// The mode.
    let mode: MatchMode
    /// The tokens.
    let tokens: [String]
    /// The scope.
    let scope: String?
    /// The folded query words joined by one separator.
    let joined: [UInt8]
    /// Per query word, what its typo matches depend on.
    let words: [TypoTable.WordSets.Key]
    /// Per segment, the slots that matched the title.
    let matches: [Bitset]
  }

  /// The last completed search, if it can seed a refinement.
  var state: State?
  /// The segments the typo neighbourhoods belong to (held so their identity cannot be reused).
  var typoSegments: [CatalogSegment] = []
  /// Per segment of ``typoSegments``, the typo neighbourhoods of the last search's words (reused by the next search
  /// whatever its mode or restriction: they depend only on the word and the segment).
  var typoNeighbourhoods: [[TypoNeighbourhood]] = []

  /// How many searches were answered by refining the previous matches (for tests and benchmarks).
  public private(set) var refinedSearches = 0

  /// The bytes of the match sets kept for the next search: about an eighth of a byte per item searched.
  public var keptBytes: Int {
    state?.matches.reduce(0) { $0 + $1.words.capacity * MemoryLayout<UInt64>.stride } ?? 0
  }

  /// Creates an empty session.
  public init() {}

  /// Forgets the previous search.
  public mutating func reset() { state = nil }

  /// The previous matches per segment and the previous query's words, when `query` can refine the previous search.
  func refinable(
    segments: [CatalogSegment],
    query: SearchQuery,
    joined: [UInt8]
  ) -> (matches: [Bitset], words: [TypoTable.WordSets.Key])? {
    guard let state, state.mode == query.mode, state.tokens == query.tokens, state.scope == query.scope,
      state.segments.count == segments.count, !state.joined.isEmpty, state.joined.count <= joined.count,
      zip(state.segments, segments).allSatisfy({ $0 === $1 }),
      state.joined.elementsEqual(joined.prefix(state.joined.count))
    else { return nil }
    return (state.matches, state.words)
  }

  /// The words of a query refining the previous one whose typo matches may hold titles the previous search did not
  /// match: the only typo matches a refinement must add to the previous matches.
  ///
  /// A title matches when each query word is a subsequence of it or within its budget of a title word (or of a
  /// word's beginning, unless the word matches whole words only). Extending a query keeps its earlier words and
  /// extends its last one, and may add words. A title matching the new query matched the previous one unless one of
  /// the previous words was matched by a typo the new query allows and the previous one did not:
  /// - an earlier word has the same typo matches when its bytes, budget and whole-words rule are unchanged;
  /// - the extended last word: a word within *b* edits of a title word's beginning (or of the whole word) is within
  ///   *b* of a beginning when cut short, so its typo matches are among those of the previous word when that had at
  ///   least the same budget and matched beginnings;
  /// - an added word constrains nothing the previous query did.
  ///
  /// Adding the typo matches of every word instead made a long query of short words (`wix-protos-dst-data-streams-te`
  /// on PyPI) visit 23,000 candidates for its 23 previous matches at every keystroke.
  ///
  /// - Parameters:
  ///   - previous: The previous query's words.
  ///   - current: The new query's words (their bytes extend the previous ones).
  /// - Returns: The indices in `current` of the words whose typo matches must be added.
  static func wordsWithNewTypoMatches(
    previous: [TypoTable.WordSets.Key],
    current: [TypoTable.WordSets.Key]
  ) -> [Int] {
    var added: [Int] = []
    for (w, word) in current.enumerated() where w < previous.count && word.budget > 0 {
      let before = previous[w]
      if before == word { continue }
      let isExtension = w == previous.count - 1 && word.word.starts(with: before.word)
      if isExtension && before.budget >= word.budget && !before.wholeOnly { continue }
      added.append(w)
    }
    return added
  }

  /// The typo neighbourhoods of the last search in `segment`, if it searched that segment.
  func neighbourhoods(in segment: CatalogSegment, ordinal: Int) -> [TypoNeighbourhood] {
    guard ordinal < typoSegments.count, typoSegments[ordinal] === segment else { return [] }
    return typoNeighbourhoods[ordinal]
  }

  /// Records the typo neighbourhoods of a search.
  mutating func recordNeighbourhoods(_ neighbourhoods: [[TypoNeighbourhood]], segments: [CatalogSegment]) {
    typoSegments = segments
    typoNeighbourhoods = neighbourhoods
  }

  /// Records a completed search.
  ///
  /// - Returns: The match sets of the search it replaces, whose memory a later search may reuse.
  @discardableResult
  mutating func record(_ state: State, refined: Bool) -> [Bitset] {
    let replaced = self.state?.matches ?? []
    self.state = state
    if refined { refinedSearches += 1 }
    return replaced
  }
}
