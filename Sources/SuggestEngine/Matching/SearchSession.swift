/// What a search field remembers between keystrokes so that a query extending the previous one only re-examines
/// the previous matches (incremental refinement). Keep one per field; pass it to every search of that field.
///
/// Refinement applies when the snapshot, mode, tokens and scope are unchanged, the previous search completed, and
/// the new folded query extends the previous one. Typo matches are not monotone in the query length ("xeq" allows
/// no typo, "xequ" one), so they always come from the typo index, never from the previous matches.
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

  /// The previous matches per segment, when `query` can refine the previous search.
  func refinable(segments: [CatalogSegment], query: SearchQuery, joined: [UInt8]) -> [Bitset]? {
    guard let state, state.mode == query.mode, state.tokens == query.tokens, state.scope == query.scope,
      state.segments.count == segments.count, !state.joined.isEmpty, state.joined.count <= joined.count,
      zip(state.segments, segments).allSatisfy({ $0 === $1 }),
      state.joined.elementsEqual(joined.prefix(state.joined.count))
    else { return nil }
    return state.matches
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
