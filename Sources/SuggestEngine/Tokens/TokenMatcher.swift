/// Matches a query against a token's label (like a title) and keywords (word prefixes).
enum TokenMatcher {
  /// The tier and quality of `token` for `query`, or `nil` when it does not match.
  static func match(
    _ token: CatalogToken,
    query: PreparedQuery,
    scratch: inout MatchScratch
  ) -> (MatchTier, Int)? {
    var foldedBytes: [UInt8] = []
    var flags: [UInt8] = []
    TextFolder.append(folding: token.label, to: &foldedBytes, flags: &flags)
    var starts = [UInt64](repeating: 0, count: (foldedBytes.count + 63) / 64 + 1)
    var compounds = starts
    var mask: UInt32 = 0
    for byte in foldedBytes { mask |= LetterMask.bit(byte) }
    foldedBytes.withUnsafeBufferPointer { bytes in
      flags.withUnsafeBufferPointer { flags in
        TitleStarts.forEach(bytes, flags: flags) { position, isCompound in
          if isCompound {
            compounds[position >> 6] |= 1 << UInt64(position & 63)
          } else {
            starts[position >> 6] |= 1 << UInt64(position & 63)
          }
        }
      }
    }
    let labelMatch: (MatchTier, Int)? = foldedBytes.withUnsafeBufferPointer { bytes in
      starts.withUnsafeBufferPointer { starts in
        compounds.withUnsafeBufferPointer { compounds in
          query.withView { query in
            TypoTable.none(words: query.words.count).withProbe { typo in
              ItemEvaluator.evaluate(
                TitleView(bytes: bytes, starts: starts, compounds: compounds, base: 0),
                mask: mask,
                query: query,
                typo: typo,
                slot: 0,
                matchCap: .scattered,
                scoreCap: .scattered,
                scratch: &scratch
              ).map { ($0.tier, $0.quality) }
            }
          }
        }
      }
    }
    if let labelMatch { return labelMatch }
    // Keywords: every query word starts a word of some keyword.
    var keywordWords: [[UInt8]] = []
    for keyword in token.keywords {
      var folded: [UInt8] = []
      var keywordFlags: [UInt8] = []
      TextFolder.append(folding: keyword, to: &folded, flags: &keywordFlags)
      folded.withUnsafeBufferPointer { bytes in WordSplitter.forEachTextWord(bytes) { keywordWords.append(Array($0)) } }
    }
    let allMatch = query.words.allSatisfy { word in keywordWords.contains { $0.starts(with: word.bytes) } }
    return allMatch ? (.keyword, 0) : nil
  }
}
