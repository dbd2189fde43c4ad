/// The answers of an answers file (``ShortAnswersFile``) as stored: checked once when read, then decoded hit by
/// hit as pages are served, never all at once, so that a start serves them a few milliseconds after opening the file
/// and a burst of short queries leaves nothing decoded behind.
///
/// The sections: per answer its key's end, total and hits' end; per hit its index, score, tier, field and
/// highlights' end; per highlight its two bounds. Hits take 32 bits per number (an item index, a score within its
/// band's million, a byte offset into a title): about 26 bytes a hit. Read from a file, the sections of hits and
/// highlights stay in the file (``StoredArray``, mapped), each answer read from it when served: the answers of a
/// large catalog (18,150 on PyPI, 23 MB) cost a daemon almost no memory.
struct StoredAnswers: Sendable {
  // The sections, as ``ShortAnswersFile`` writes them.
  let keyBytes: [UInt8]
  let keyEnds: [UInt32]
  let totals: [Int64]
  let hitEnds: [UInt32]
  let indices: StoredArray<UInt32>
  let scores: StoredArray<Int32>
  let tiers: StoredArray<UInt8>
  let fields: StoredArray<UInt8>
  let rangeEnds: StoredArray<UInt32>
  let bounds: StoredArray<UInt32>
  /// The answer of each key (folded query text).
  private let answerOfKey: [[UInt8]: Int]
  /// The bound every item index was checked against.
  private let indexBound: Int

  /// Checks that the sections fit together and every value is in range (so decoding cannot fail) and indexes the
  /// keys.
  ///
  /// - Throws: ``SnapshotError/damaged(_:)`` naming the first answer, hit or highlight that does not fit, or a
  ///   key stored twice.
  init(
    keyBytes: [UInt8],
    keyEnds: [UInt32],
    totals: [Int64],
    hitEnds: [UInt32],
    indices: StoredArray<UInt32>,
    scores: StoredArray<Int32>,
    tiers: StoredArray<UInt8>,
    fields: StoredArray<UInt8>,
    rangeEnds: StoredArray<UInt32>,
    bounds: StoredArray<UInt32>,
    indexBound: Int
  ) throws(SnapshotError) {
    let hitCount = indices.count
    guard keyEnds.count == totals.count, hitEnds.count == totals.count, scores.count == hitCount,
      tiers.count == hitCount, fields.count == hitCount, rangeEnds.count == hitCount, bounds.count % 2 == 0
    else { throw .damaged("answers: section lengths differ") }
    var answerOfKey: [[UInt8]: Int] = [:]
    answerOfKey.reserveCapacity(totals.count)
    for answer in totals.indices {
      let keyStart = Self.start(keyEnds, answer)
      let hitStart = Self.start(hitEnds, answer)
      let keyEnd = Int(keyEnds[answer])
      let hitEnd = Int(hitEnds[answer])
      guard keyStart < keyEnd, keyEnd <= keyBytes.count, hitStart <= hitEnd, hitEnd <= hitCount,
        totals[answer] >= Int64(hitEnd - hitStart)
      else { throw .damaged("answers: answer \(answer) is out of bounds") }
      guard answerOfKey.updateValue(answer, forKey: Array(keyBytes[keyStart..<keyEnd])) == nil else {
        throw .damaged("answers: answer \(answer) repeats a query")
      }
    }
    for hit in 0..<hitCount {
      let rangeStart = Self.start(rangeEnds, hit)
      let rangeEnd = Int(rangeEnds[hit])
      guard rangeStart <= rangeEnd, 2 * rangeEnd <= bounds.count,
        Self.tier(index: indices[hit], tier: tiers[hit], field: fields[hit], indexBound: indexBound) != nil
      else { throw .damaged("answers: hit \(hit) is out of bounds") }
    }
    for range in 0..<(bounds.count / 2) {
      guard bounds[2 * range] <= bounds[2 * range + 1] else {
        throw .damaged("answers: highlight \(range) is not a range")
      }
    }
    self.keyBytes = keyBytes
    self.keyEnds = keyEnds
    self.totals = totals
    self.hitEnds = hitEnds
    self.indices = indices
    self.scores = scores
    self.tiers = tiers
    self.fields = fields
    self.rangeEnds = rangeEnds
    self.bounds = bounds
    self.answerOfKey = answerOfKey
    self.indexBound = indexBound
  }

  /// How many answers there are.
  var count: Int { totals.count }

  /// The stored answer to the folded query text `joined`, decoded: its total and the hits at `positions` (those
  /// that exist).
  ///
  /// - Complexity: O(hits and highlights decoded).
  func result(for joined: [UInt8], positions: Range<Int> = 0..<Int.max) -> SearchResult? {
    answerOfKey[joined].flatMap { result(at: $0, positions: positions) }
  }

  /// The folded query texts answered.
  var keys: Dictionary<[UInt8], Int>.Keys { answerOfKey.keys }

  /// Whether an answer to the folded query text `joined` is stored.
  func contains(_ joined: [UInt8]) -> Bool {
    answerOfKey[joined] != nil
  }

  /// Decodes the hits at `positions` of `answer`, each section's values read in one piece as ``StoredArray/copied(_:)``
  /// reads them: from the file, not through its mapping, so that serving answers leaves none of its pages resident
  /// (a page read through the mapping made up to a 2 MiB page-cache folio resident, and a burst of short queries
  /// most of the file). The values were checked when the file was read, and are checked again as they are decoded
  /// (`nil` if one does not fit), since they are read from the file again.
  private func result(at answer: Int, positions: Range<Int>) -> SearchResult? {
    let first = Self.start(hitEnds, answer)
    let wanted = positions.clamped(to: 0..<(Int(hitEnds[answer]) - first))
    let hits = first + wanted.lowerBound..<first + wanted.upperBound
    guard !hits.isEmpty else { return SearchResult(total: Int(totals[answer]), hits: []) }
    let indices = indices.copied(hits)
    let scores = scores.copied(hits)
    let tiers = tiers.copied(hits)
    let fields = fields.copied(hits)
    // The end of the hit before the first, then each hit's.
    let rangeEnds = rangeEnds.copied(max(0, hits.lowerBound - 1)..<hits.upperBound)
    let rangeBase = hits.lowerBound == 0 ? 0 : Int(rangeEnds[0])
    let endOffset = hits.lowerBound == 0 ? 0 : 1
    let rangeTop = Int(rangeEnds[rangeEnds.count - 1])
    guard rangeBase <= rangeTop, 2 * rangeTop <= self.bounds.count else { return nil }
    let bounds = bounds.copied(2 * rangeBase..<2 * rangeTop)
    var decoded: [SearchHit] = []
    decoded.reserveCapacity(hits.count)
    var start = rangeBase
    for offset in 0..<hits.count {
      let end = Int(rangeEnds[offset + endOffset])
      guard start <= end, end <= rangeTop,
        let tier = Self.tier(index: indices[offset], tier: tiers[offset], field: fields[offset], indexBound: indexBound)
      else { return nil }
      var highlights: [Range<Int>] = []
      for range in start..<end {
        let (lower, upper) = (Int(bounds[2 * (range - rangeBase)]), Int(bounds[2 * (range - rangeBase) + 1]))
        guard lower <= upper else { return nil }
        highlights.append(lower..<upper)
      }
      decoded.append(
        SearchHit(
          index: Int(indices[offset]),
          tier: tier,
          score: Int(scores[offset]),
          field: ShortAnswersFile.fields[Int(fields[offset])],
          titleHighlights: highlights
        )
      )
      start = end
    }
    return SearchResult(total: Int(totals[answer]), hits: decoded)
  }

  /// Where the run of `position` starts in a section of run ends.
  private static func start(_ ends: some RandomAccessCollection<UInt32>, _ position: Int) -> Int {
    position == 0 ? 0 : Int(ends[ends.index(ends.startIndex, offsetBy: position - 1)])
  }

  /// The tier of a hit whose item index, tier and field code are ones a result can hold; `nil` when one is not.
  private static func tier(index: UInt32, tier: UInt8, field: UInt8, indexBound: Int) -> MatchTier? {
    guard Int(index) < indexBound, Int(field) < ShortAnswersFile.fields.count else { return nil }
    return MatchTier(rawValue: Int(tier))
  }
}
