extension TitleMatcher {
  /// The fewest characters of a query word that may match as joined word prefixes.
  static let joinedPrefixesMinimumCharacters = 5

  /// The signs of `word` as word prefixes typed without separators ("gooclosto" → "google-cloud-storage",
  /// "tendat" → "tensorflow-datasets"): the word splits into two or more pieces, each the start of a title word
  /// (a piece stays inside its word), in order, no word skipped between them (only minor starts, as for an
  /// acronym: "pyctr" is no abbreviation of pytest-json-ctrf, but pyctr's own name), the first at the title's first
  /// word (a run of word starts from the middle of a name, "embdc" → career-emulator-bdci26, is more often a
  /// mistyped word of another); every piece has two or more characters, so single initials stay the acronym's, and
  /// the last three or more unless it is a whole word ("mermpy" → "mermaid-py"). A match of
  /// the acronym tier (an abbreviation as deliberate as initials), with the acronym's signs: touching the first
  /// word, touching the last, and abbreviating every word (complete). With `claimed` (bit *k* for the *k*-th word
  /// start), no piece is at those starts (``acronym(_:_:ends:geometry:claimed:scratch:)``).
  ///
  /// - Complexity: O(word starts · |word|²) at worst, by bit-parallel reachability over query positions.
  static func joinedPrefixes(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>,
    geometry: TitleGeometry,
    claimed: UInt64 = 0,
    scratch: inout MatchScratch
  ) -> WordSigns? {
    let m = word.count
    guard ends.count >= joinedPrefixesMinimumCharacters, m <= maximumAcronymLength else { return nil }
    // Per word start: the query positions from which a piece may start there, for splits whose first piece is at
    // the first word start, and for those of them that skipped no major word start.
    let n = scratch.prepareWordStartReach(title)
    guard n >= 2 else { return nil }
    var found = false
    var signs = WordSigns(first: false, last: false, specific: 0)
    scratch.starts.withUnsafeBufferPointer { starts in
      scratch.acronymReach.withUnsafeMutableBufferPointer { reach in
        for j in 0..<n {
          // Only splits from the title's first word count: the positions they reach here.
          let (_, firstReach, completeReach) = MatchScratch.contiguousReach(at: j, reach)
          if firstReach == 0 || isClaimed(j, claimed) { continue }
          let start = starts[j]
          // A piece ends at the next word start, or at the title's end.
          let wordEnd = j + 1 < n ? starts[j + 1] : title.count
          // The next piece starts at the next word start, or at a minor start before the next major one.
          let nextMajor = MatchScratch.majorStart(from: j + 1, starts, in: title)
          var bits = firstReach
          while bits != 0 {
            let q = bits.trailingZeroBitCount
            bits &= bits &- 1
            // The longest common run of title and query from here, cut back to a character boundary.
            var length = 0
            while q + length < m && start + length < wordEnd && title.bytes[start + length] == word[q + length] {
              length += 1
            }
            guard length > 0 else { continue }
            let inComplete = completeReach & (1 << UInt64(q)) != 0
            var character = 0
            while ends[character] <= q { character += 1 }
            let isFirstPiece = q == 0
            var characters = 0
            // Every character boundary inside the run ends a possible piece.
            while character < ends.count && ends[character] - q <= length {
              let end = ends[character]
              characters += 1
              character += 1
              let pieceEnd = start + (end - q)
              if end == m {
                // The last piece: three characters, or a whole word ("mermpy" → mermaid-py): a letter or two after a
                // word's start are more likely a typo ("fabricc", "djanfo") than the start of the next word.
                // A split has two pieces at least.
                guard !isFirstPiece, characters >= 3 || title.isWordEnd(pieceEnd) else { break }
                found = true
                signs.first = true
                signs.last = signs.last || geometry.touchesLast(start..<pieceEnd)
                if inComplete && nextMajor == n { signs.specific = MatchScoring.specific }
              } else if characters >= 2 && j + 1 < n {
                MatchScratch.markReached(
                  reach,
                  end: end,
                  next: j + 1,
                  last: nextMajor,
                  nextMajor: nextMajor,
                  inFirst: true,
                  inComplete: inComplete
                )
              }
            }
          }
        }
      }
    }
    return found ? signs : nil
  }
}
