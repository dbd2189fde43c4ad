/// Scores a query word as a subsequence of a title, fzf style: points per matched character, bonuses at word
/// starts and for consecutive characters, penalties for gaps and a late start. The score is the best over all
/// alignments (dynamic programming, O(|word| · |title|)).
enum FuzzyAligner {
  private static let invalid = Int.min / 4

  /// Whether query word `word` (borrowed in place) is a subsequence of `title`, reading its character ends only when
  /// a character has several bytes: reading them retains and releases the array, once per item in a scan.
  ///
  /// - Complexity: O(|title|) (O(|title| · |word|) with multi-byte characters).
  @inline(__always)
  static func isSubsequence(_ title: TitleView, _ word: WordView) -> Bool {
    word.isOneBytePerCharacter
      ? isByteSubsequence(title, word.bytes) : isSubsequence(title, word.bytes, ends: word.ends)
  }

  /// Whether `word`, one byte per character, is a subsequence of `title`: the counting scan's common case.
  ///
  /// - Complexity: O(|title|).
  @inline(__always)
  static func isByteSubsequence(_ title: TitleView, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
    isByteSubsequence(title.bytes, word)
  }

  /// Whether `word` is a subsequence of `text`, byte by byte.
  ///
  /// - Complexity: O(|text|).
  @inline(__always)
  static func isByteSubsequence(_ text: UnsafeBufferPointer<UInt8>, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
    var position = 0
    let n = text.count
    for index in 0..<word.count {
      let byte = word[index]
      while position < n && text[position] != byte { position += 1 }
      if position == n { return false }
      position += 1
    }
    return true
  }

  /// Whether `word` (whole characters) is a subsequence of `title`.
  ///
  /// - Complexity: O(|title| · character length).
  static func isSubsequence(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>
  ) -> Bool {
    if ends.count == word.count { return isByteSubsequence(title, word) }
    var position = 0
    var start = 0
    for end in ends {
      let length = end - start
      let lead = word[start]
      var found = false
      while position + length <= title.count {
        if title.bytes[position] == lead
          && (length == 1 || title.matches(UnsafeBufferPointer(rebasing: word[start..<end]), at: position))
        {
          found = true
          break
        }
        position += 1
      }
      guard found else { return false }
      position += length
      start = end
    }
    return true
  }

  /// For a word that is a subsequence of `title`: whether some alignment starts in the title's first word (the
  /// first character's first occurrence does: the greedy alignment from there succeeds), and whether some
  /// alignment ends in its last word (the last character's last occurrence does, by the mirror argument).
  ///
  /// - Complexity: O(|title| · character length).
  static func reach(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>,
    geometry: TitleGeometry
  ) -> (first: Bool, last: Bool) {
    let firstUnit = UnsafeBufferPointer(rebasing: word[0..<ends[0]])
    let lastUnit = UnsafeBufferPointer(rebasing: word[(ends.count >= 2 ? ends[ends.count - 2] : 0)..<word.count])
    var first = false
    var position = 0
    while position + firstUnit.count <= title.count {
      if title.matches(firstUnit, at: position) {
        first = geometry.touchesFirst(position..<(position + firstUnit.count))
        break
      }
      position += 1
    }
    var last = false
    position = title.count - lastUnit.count
    while position >= 0 {
      if title.matches(lastUnit, at: position) {
        last = geometry.touchesLast(position..<(position + lastUnit.count))
        break
      }
      position -= 1
    }
    return (first, last)
  }

  /// Calls `body` with each separator-delimited word of `title` as a view of its own (same bit base), until `body`
  /// returns true.
  @inline(__always)
  static func firstWord(of title: TitleView, where body: (TitleView, Int) -> Bool) -> Bool {
    var start = 0
    let n = title.count
    while start < n {
      while start < n && title.bytes[start] == TextFolder.separator { start += 1 }
      var end = start
      while end < n && title.bytes[end] != TextFolder.separator { end += 1 }
      if end > start {
        let part = TitleView(
          bytes: UnsafeBufferPointer(rebasing: title.bytes[start..<end]),
          starts: title.starts,
          base: title.base + start
        )
        if body(part, start) { return true }
      }
      start = end
    }
    return false
  }

  /// The longest span (first to last matched byte, inclusive) of a fuzzy-tier alignment of a word of
  /// `length` bytes: `2 · length - 1`. Looser subsequences are scattered matches.
  @inline(__always) static func maximumSpan(_ length: Int) -> Int { 2 * length - 1 }

  /// Whether `word` has an alignment within `title` that starts at a word start and spans at most
  /// ``maximumSpan(_:)`` bytes: a fuzzy-tier alignment. One that starts inside a word is letters that merely occur
  /// in order ("ircoy" in clouddirectory, "elies" in lifelines), no likelier meant than a scattered match.
  static func hasTightAlignment(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>
  ) -> Bool {
    let limit = maximumSpan(word.count)
    let lead = word[0]
    let firstLength = ends[0]
    var found = false
    title.forEachStart { start in
      guard !found, start + word.count <= title.count, title.bytes[start] == lead,
        firstLength == 1 || title.matches(UnsafeBufferPointer(rebasing: word[0..<firstLength]), at: start)
      else { return }
      // The earliest end of an alignment starting here (greedy), within the span limit.
      let window = TitleView(
        bytes: UnsafeBufferPointer(rebasing: title.bytes[start..<min(title.count, start + limit)]),
        starts: title.starts,
        base: title.base + start
      )
      found = isSubsequence(window, word, ends: ends)
    }
    return found
  }

  /// The signs of `word` in the fuzzy tier: over the separator-delimited words of `title` that have a tight
  /// alignment (``hasTightAlignment(_:_:ends:)``), whether one touches the title's first or last word, and
  /// the closeness (``MatchScoring/closeness(_:characters:)``) of the best alignment in them; `nil` when none has.
  /// Words that contain one of the positions `avoiding` (claimed by other query words) are passed over.
  static func signsInOneWord(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>,
    geometry: TitleGeometry,
    avoiding claimed: [Int] = [],
    scratch: inout [Int]
  ) -> WordSigns? {
    var best: Int?
    var first = false
    var last = false
    _ = firstWord(of: title) { part, offset in
      if part.count >= word.count,
        claimed.isEmpty || !claimed.contains(where: { (offset..<(offset + part.count)).contains($0) }),
        hasTightAlignment(part, word, ends: ends),
        let value = score(part, word, ends: ends, offset: offset, scratch: &scratch)
      {
        best = max(best ?? value, value)
        let range = offset..<(offset + part.count)
        first = first || geometry.touchesFirst(range)
        last = last || geometry.touchesLast(range)
      }
      return false
    }
    guard let best else { return nil }
    return WordSigns(first: first, last: last, specific: MatchScoring.closeness(best, characters: ends.count))
  }

  /// The best alignment score of `word` in `title`, or `nil` when it is not a subsequence.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - word: The folded query word.
  ///   - ends: The end offset of each character of `word`.
  ///   - offset: Where `title` starts in the whole title (for the late-start penalty).
  ///   - scratch: Reused storage.
  /// - Returns: The best score over all alignments, or `nil` when `word` is not a subsequence.
  /// - Complexity: O(characters · |title|).
  static func score(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>,
    offset: Int = 0,
    scratch: inout [Int]
  ) -> Int? {
    let n = title.count
    if scratch.count < 2 * n { scratch = [Int](repeating: 0, count: 2 * n) }
    return scratch.withUnsafeMutableBufferPointer { rows -> Int? in
      var previous = 0
      var current = n
      var start = 0
      for (index, end) in ends.enumerated() {
        let unit = UnsafeBufferPointer(rebasing: word[start..<end])
        let lead = unit[0]
        if index == 0 {
          for j in 0..<n {
            if title.bytes[j] == lead && (unit.count == 1 || title.matches(unit, at: j)) {
              rows[current + j] =
                MatchScoring.fuzzyMatch + (title.isStart(j) ? MatchScoring.fuzzyFirstBoundary : 0)
                - min(j + offset, MatchScoring.fuzzyLeadingCap)
            } else {
              rows[current + j] = invalid
            }
          }
        } else {
          let previousLength = start - (index >= 2 ? ends[index - 2] : 0)
          var best = invalid
          for j in 0..<n {
            let gapFrom = j - previousLength - 1
            if gapFrom >= 0 && rows[previous + gapFrom] > invalid {
              best = max(best, rows[previous + gapFrom] + gapFrom + previousLength)
            }
            guard title.bytes[j] == lead && (unit.count == 1 || title.matches(unit, at: j)) else {
              rows[current + j] = invalid
              continue
            }
            var value = invalid
            let adjacent = j - previousLength
            if adjacent >= 0 && rows[previous + adjacent] > invalid {
              value = rows[previous + adjacent] + MatchScoring.fuzzyConsecutive
            }
            if best > invalid { value = max(value, best - j - (MatchScoring.fuzzyGapOpen - 1)) }
            rows[current + j] =
              value > invalid
              ? value + MatchScoring.fuzzyMatch + (title.isStart(j) ? MatchScoring.fuzzyBoundary : 0) : invalid
          }
        }
        swap(&previous, &current)
        start = end
      }
      var result = invalid
      for j in 0..<n { result = max(result, rows[previous + j]) }
      return result > invalid ? result : nil
    }
  }

  /// One best alignment confined to one word of `title` (byte ranges in `title`), for highlighting.
  static func alignmentInOneWord(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>
  ) -> [Range<Int>]? {
    var best: (score: Int, ranges: [Range<Int>])?
    var rows: [Int] = []
    _ = firstWord(of: title) { part, offset in
      if part.count >= word.count, hasTightAlignment(part, word, ends: ends),
        let value = score(part, word, ends: ends, offset: offset, scratch: &rows), best == nil || value > best!.score,
        let ranges = alignment(part, word, ends: ends, offset: offset)
      {
        best = (value, ranges.map { ($0.lowerBound + offset)..<($0.upperBound + offset) })
      }
      return false
    }
    return best?.ranges
  }

  /// The byte positions of one best alignment (each character's first byte), for highlighting.
  ///
  /// - Complexity: O(characters · |title|) time and space.
  static func alignment(
    _ title: TitleView,
    _ word: UnsafeBufferPointer<UInt8>,
    ends: UnsafeBufferPointer<Int>,
    offset: Int = 0
  ) -> [Range<Int>]? {
    let n = title.count
    let m = ends.count
    var table = [[Int]](repeating: [Int](repeating: invalid, count: n), count: m)
    var from = [[Int]](repeating: [Int](repeating: -1, count: n), count: m)
    var start = 0
    for index in 0..<m {
      let end = ends[index]
      let unit = UnsafeBufferPointer(rebasing: word[start..<end])
      let previousLength = index == 0 ? 0 : start - (index >= 2 ? ends[index - 2] : 0)
      for j in 0..<n where title.matches(unit, at: j) {
        if index == 0 {
          table[0][j] =
            MatchScoring.fuzzyMatch + (title.isStart(j) ? MatchScoring.fuzzyFirstBoundary : 0)
            - min(j + offset, MatchScoring.fuzzyLeadingCap)
          continue
        }
        var best = invalid
        var bestFrom = -1
        for k in 0..<n where k + previousLength <= j && table[index - 1][k] > invalid {
          let gap = j - (k + previousLength)
          let value =
            gap == 0
            ? table[index - 1][k] + MatchScoring.fuzzyConsecutive
            : table[index - 1][k] - (MatchScoring.fuzzyGapOpen + gap - 1)
          if value > best {
            best = value
            bestFrom = k
          }
        }
        if best > invalid {
          table[index][j] = best + MatchScoring.fuzzyMatch + (title.isStart(j) ? MatchScoring.fuzzyBoundary : 0)
          from[index][j] = bestFrom
        }
      }
      start = end
    }
    guard m > 0, var position = (0..<n).max(by: { table[m - 1][$0] < table[m - 1][$1] }),
      table[m - 1][position] > invalid
    else { return nil }
    var ranges: [Range<Int>] = []
    for index in stride(from: m - 1, through: 0, by: -1) {
      let length = ends[index] - (index == 0 ? 0 : ends[index - 1])
      ranges.append(position..<(position + length))
      position = from[index][position]
    }
    return ranges.reversed()
  }
}
