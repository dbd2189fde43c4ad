/// Typo matches of one query word in one segment: the slots whose title has a word prefix within one or two
/// Damerau edits of the word.
struct TypoSets: Sendable {
  /// Slots within one edit.
  var withinOne: Bitset?
  /// Slots within two edits (a superset of `withinOne`).
  var withinTwo: Bitset?

  /// No typo matches.
  static let none = TypoSets(withinOne: nil, withinTwo: nil)

  /// The fewest edits that match `slot`, if any.
  @inline(__always) func distance(_ slot: Int) -> Int? {
    if let withinOne, withinOne.contains(slot) { return 1 }
    if let withinTwo, withinTwo.contains(slot) { return 2 }
    return nil
  }

  /// Looks up the typo matches of `word` among the title words of `segment`.
  static func find(_ word: PreparedQuery.Word, in segment: CatalogSegment) -> TypoSets {
    guard word.typoBudget > 0 else { return .none }
    var one = Bitset(count: segment.count)
    var two = word.typoBudget >= 2 ? Bitset(count: segment.count) : nil
    TypoSearch.search(word.bytes, budget: word.typoBudget, in: segment.titleWords) { range, distance in
      if distance <= 1 {
        segment.titleWords.collect(inWords: range, into: &one)
      } else if two != nil {
        segment.titleWords.forEachSlot(inWords: range) { two?.insert($0) }
      }
    }
    if var all = two {
      all.formUnion(one)
      two = all
    }
    return TypoSets(withinOne: one, withinTwo: two)
  }
}

/// Everything a scan needs to know about one segment for one query.
struct SegmentContext: Sendable {
  /// The segment.
  let segment: CatalogSegment
  /// 0 for the base, 1 for the delta.
  let ordinal: UInt8
  /// Slots that are not live (removed, replaced, shadowed).
  let excluded: Bitset
  /// The item index of each slot, or `nil` when slot and index coincide.
  let indices: [Int32]?
  /// The slots allowed by the token restriction, or `nil` for all.
  let allowed: Bitset?
  /// Typo matches per query word.
  let typo: [TypoSets]
  /// When refining, the only slots that can match.
  let candidates: Bitset?

  /// The item index of `slot`.
  @inline(__always) func index(of slot: Int) -> Int {
    if let indices { return Int(indices[slot]) }
    return slot
  }

  /// Whether `slot` is live and allowed.
  @inline(__always) func admits(_ slot: Int) -> Bool {
    !excluded.contains(slot) && (allowed?.contains(slot) ?? true)
  }
}

/// A hit being ranked: its key and where its item lives.
struct RankedCandidate: Comparable, Sendable {
  /// The rank key.
  let key: RankKey
  /// The slot in its segment.
  let slot: Int32
  /// The segment ordinal.
  let segment: UInt8

  /// Orders candidates by key.
  static func < (lhs: RankedCandidate, rhs: RankedCandidate) -> Bool { lhs.key < rhs.key }
  /// Candidates are equal when their keys are.
  static func == (lhs: RankedCandidate, rhs: RankedCandidate) -> Bool { lhs.key == rhs.key }
}
