extension StoredAnswers {
  /// Answers encoded one at a time into the sections ``StoredAnswers`` holds: what a preparation keeps of each answer
  /// it prepares, about a fifth of the decoded result's memory, so that preparing thousands of answers does not hold
  /// them all decoded.
  struct Builder {
    private var keyBytes: [UInt8] = []
    private var keyEnds: [UInt32] = []
    private var totals: [Int64] = []
    private var hitEnds: [UInt32] = []
    private var indices: [UInt32] = []
    private var scores: [Int32] = []
    private var tiers: [UInt8] = []
    private var fields: [UInt8] = []
    private var rangeEnds: [UInt32] = []
    private var bounds: [UInt32] = []

    /// An empty builder.
    init() {}

    /// How many answers were appended.
    var count: Int { totals.count }

    /// Appends the answer `result` to the folded query text `joined` (which no earlier answer may have).
    ///
    /// - Throws: ``SnapshotError/damaged(_:)`` when an item index, score or highlight bound does not fit 32 bits;
    ///   nothing is appended then.
    mutating func append(_ joined: [UInt8], _ result: SearchResult) throws(SnapshotError) {
      // Checked first, so that nothing is appended when a number does not fit.
      for hit in result.hits {
        guard UInt32(exactly: hit.index) != nil, Int32(exactly: hit.score) != nil,
          hit.titleHighlights.allSatisfy({
            UInt32(exactly: $0.lowerBound) != nil && UInt32(exactly: $0.upperBound) != nil
          })
        else {
          throw .damaged("answers: a hit of \(String(decoding: joined, as: UTF8.self)) does not fit 32 bits")
        }
      }
      keyBytes.append(contentsOf: joined)
      keyEnds.append(UInt32(keyBytes.count))
      totals.append(Int64(result.total))
      for hit in result.hits {
        indices.append(UInt32(hit.index))
        scores.append(Int32(hit.score))
        tiers.append(UInt8(hit.tier.rawValue))
        fields.append(ShortAnswersFile.fieldCode(hit.field))
        for range in hit.titleHighlights {
          bounds.append(UInt32(range.lowerBound))
          bounds.append(UInt32(range.upperBound))
        }
        rangeEnds.append(UInt32(bounds.count / 2))
      }
      hitEnds.append(UInt32(indices.count))
    }

    /// The answers appended so far, checked as those of a file are.
    ///
    /// - Parameter indexBound: The catalog's item index bound.
    /// - Returns: The answers, in the sections an answers file holds.
    /// - Throws: ``SnapshotError/damaged(_:)`` when an answer repeats a query or a hit's index is out of bounds.
    /// - Complexity: O(the answers' size), to check them. The sections are shared with the builder until its next
    ///   append copies them.
    func stored(indexBound: Int) throws(SnapshotError) -> StoredAnswers {
      try StoredAnswers(
        keyBytes: keyBytes,
        keyEnds: keyEnds,
        totals: totals,
        hitEnds: hitEnds,
        indices: StoredArray(indices),
        scores: StoredArray(scores),
        tiers: StoredArray(tiers),
        fields: StoredArray(fields),
        rangeEnds: StoredArray(rangeEnds),
        bounds: StoredArray(bounds),
        indexBound: indexBound
      )
    }
  }
}
