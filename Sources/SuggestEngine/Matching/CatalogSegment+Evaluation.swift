extension CatalogSegment {
  /// Evaluates one item's title against a query, scoring every tier down to `matchCap`: the evaluation of a single
  /// item outside the scan (floors, boosted items).
  ///
  /// - Parameters:
  ///   - slot: The item's slot.
  ///   - query: The prepared query (not empty).
  ///   - typo: The typo matches of the query words in this segment.
  ///   - matchCap: The worst tier that counts as a match (also the score cap).
  ///   - scratch: Reused storage.
  /// - Returns: `nil` when the item does not match.
  /// - Complexity: as ``ItemEvaluator/evaluate(_:mask:query:typo:slot:matchCap:scoreCap:scratch:)``.
  func evaluate(
    _ slot: Int,
    query: PreparedQuery,
    typo: TypoTable,
    matchCap: MatchTier,
    scratch: inout MatchScratch
  ) -> ItemEvaluator.Evaluation? {
    let range = folded.range(slot)
    return folded.bytes.withUnsafeBufferPointer { bytes in
      wordStarts.words.withUnsafeBufferPointer { starts in
        typo.bits.withUnsafeBufferPointer { typoBits in
          ItemEvaluator.evaluate(
            TitleView(bytes: UnsafeBufferPointer(rebasing: bytes[range]), starts: starts, base: range.lowerBound),
            mask: masks[slot],
            query: query,
            typo: TypoProbe(table: typo, bits: typoBits),
            slot: slot,
            matchCap: matchCap,
            scoreCap: matchCap,
            scratch: &scratch
          )
        }
      }
    }
  }
}
