/// Storage reused across the items of one scan, so matching one title allocates nothing.
struct MatchScratch {
  /// Dynamic-programming rows of the fuzzy aligner.
  var rows: [Int] = []
  /// The word starts of the title being matched as an acronym.
  var starts: [Int] = []
  /// Per entry of ``starts``, its ordinal among the title's word starts, or -1 for a compound start (filled only
  /// when ``starts`` holds compound starts).
  var startOrdinals: [Int] = []
  /// Acronym reachability: three masks per word start.
  var acronymReach: [UInt64] = []
  /// Edit-distance rows of ``TypoLocator``.
  var editRows: [Int] = []
  /// The title's bytes without separators (``WordsRunTogether``).
  var titleRunTogether: [UInt8] = []
  /// The query's words run together in one order (``WordsRunTogether``).
  var wordsRunTogether: [UInt8] = []
}

extension MatchScratch {
  /// Collects the word starts of `title` in ``starts`` (with `compounds`, the compound starts too, and every start's
  /// ordinal among the word starts in ``startOrdinals``, -1 for a compound start; without, an entry's index is its
  /// ordinal) and prepares three reach masks per start in ``acronymReach``, for the bit-parallel matchers over word
  /// starts (acronyms, joined word prefixes): query position 0 reached at the first word start for every kind of
  /// assignment.
  ///
  /// - Returns: The number of starts.
  mutating func prepareWordStartReach(_ title: TitleView, compounds: Bool = false) -> Int {
    starts.removeAll(keepingCapacity: true)
    startOrdinals.removeAll(keepingCapacity: true)
    if compounds {
      var ordinal = 0
      title.forEachInitialStart { position in
        starts.append(position)
        if title.isCompoundStart(position) {
          startOrdinals.append(-1)
        } else {
          startOrdinals.append(ordinal)
          ordinal += 1
        }
      }
    } else {
      title.forEachStart { starts.append($0) }
    }
    acronymReach.removeAll(keepingCapacity: true)
    acronymReach.append(contentsOf: repeatElement(0, count: 3 * starts.count))
    // Assignments from the first word begin at the first start, or at a start after ASCII symbols only (the
    // first word past the `@` of `@types/node`, as ``TitleView/firstStart``): query position 0 is reached there for
    // all three kinds.
    for j in starts.indices {
      acronymReach[3 * j + 1] = 1
      acronymReach[3 * j + 2] = 1
      if !WordClass.isASCIISymbol(title.bytes[starts[j]]) { break }
    }
    return starts.count
  }

  /// Marks query position `end` as reached at the word starts `next` through `last` (every start up to the next
  /// major one: the minor starts between may take the next initial or piece, or be passed over), for an assignment
  /// that began at the first word start when `inFirst`, and at `nextMajor` for one that skipped no major start when
  /// `inComplete`.
  @inline(__always)
  static func markReached(
    _ reach: UnsafeMutableBufferPointer<UInt64>,
    end: Int,
    next: Int,
    last: Int,
    nextMajor: Int,
    inFirst: Bool,
    inComplete: Bool
  ) {
    let endBit: UInt64 = 1 << UInt64(end)
    let n = reach.count / 3
    var k = next
    while k <= last && k < n {
      reach[3 * k] |= endBit
      if inFirst { reach[3 * k + 1] |= endBit }
      k += 1
    }
    if inComplete && nextMajor < n { reach[3 * nextMajor + 2] |= endBit }
  }

  /// The query positions from which the next character may match at word start `j`, for acronym assignments (and
  /// joined word prefixes) that skip no word between their initials: from any start (`any`), from the first word
  /// start (`first`), and those of them that skipped no major start at all (`complete`).
  @inline(__always)
  static func contiguousReach(
    at j: Int,
    _ reach: UnsafeMutableBufferPointer<UInt64>
  ) -> (any: UInt64, first: UInt64, complete: UInt64) {
    (1 | reach[3 * j], reach[3 * j + 1], reach[3 * j + 2])
  }

  /// The first major word start (not a digit after a letter or digit, "3" in "boto3", nor a compound start) at
  /// index `j` or after, or `starts.count`.
  @inline(__always)
  static func majorStart(from j: Int, _ starts: UnsafeBufferPointer<Int>, in title: TitleView) -> Int {
    var major = j
    while major < starts.count && title.isMinorStart(starts[major]) { major += 1 }
    return major
  }
}
