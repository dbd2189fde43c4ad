import Foundation

extension Catalog {
  /// `contains` mode: exactly the seed's `localizedCaseInsensitiveContains` on titles, in catalog order.
  ///
  /// ASCII titles searched for an ASCII query without line breaks are matched on bytes (ASCII case folding, which
  /// is what Foundation does for them); every other pair is decided by Foundation itself.
  func containsSearch(_ query: SearchQuery, capacity: Int) async throws -> SearchResult {
    guard let restriction = restriction(tokens: query.tokens, scope: query.scope) else {
      return SearchResult(total: 0, hits: [])
    }
    let needle = query.text
    guard !needle.isEmpty else { return listing(restriction: restriction, offset: query.offset, limit: query.limit) }
    let asciiNeedle = ContainsMatcher(needle)
    let segments = [base, delta]
    var jobs: [(segment: Int, slots: Range<Int>)] = []
    for (ordinal, segment) in segments.enumerated() {
      var start = 0
      while start < segment.count {
        jobs.append((ordinal, start..<min(segment.count, start + Self.chunkSize)))
        start += Self.chunkSize
      }
    }
    let baseDead = self.baseDead
    let deltaShadowed = delta.shadowed
    let results = try await withThrowingTaskGroup(of: (Int, [Int32]).self) { group in
      for (number, job) in jobs.enumerated() {
        let segment = segments[job.segment]
        let excluded = job.segment == 0 ? baseDead : deltaShadowed
        let allowed = restriction[job.segment]
        group.addTask {
          // Foundation's comparison costs microseconds: check for cancellation often.
          if Task.isCancelled { throw CancellationError() }
          var matched: [Int32] = []
          var checked = 0
          for slot in job.slots where !excluded.contains(slot) && (allowed?.contains(slot) ?? true) {
            if asciiNeedle.matches(segment, slot: slot) { matched.append(Int32(slot)) }
            checked += 1
            if checked & 63 == 0 && Task.isCancelled { throw CancellationError() }
          }
          return (number, matched)
        }
      }
      var collected: [(Int, [Int32])] = []
      for try await result in group { collected.append(result) }
      return collected.sorted { $0.0 < $1.0 }
    }
    var baseMatches: [Int] = []
    var deltaMatches: [Int] = []
    for (number, slots) in results {
      if jobs[number].segment == 0 {
        baseMatches.append(contentsOf: slots.map { Int($0) })
      } else {
        deltaMatches.append(contentsOf: slots.map { Int(deltaIndices[Int($0)]) })
      }
    }
    deltaMatches.sort()
    let total = baseMatches.count + deltaMatches.count
    var ordered: [Int] = []
    var a = 0
    var b = 0
    while ordered.count < capacity && (a < baseMatches.count || b < deltaMatches.count) {
      if b < deltaMatches.count && (a >= baseMatches.count || deltaMatches[b] < baseMatches[a]) {
        ordered.append(deltaMatches[b])
        b += 1
      } else {
        ordered.append(baseMatches[a])
        a += 1
      }
    }
    let hits = ordered.dropFirst(max(0, query.offset)).prefix(max(0, query.limit)).map { index in
      let title = self.title(at: index) ?? ""
      return SearchHit(
        index: index,
        tier: .unranked,
        score: 0,
        field: .title,
        titleHighlights: ContainsMatcher.highlight(title, needle).map { [$0] } ?? []
      )
    }
    return SearchResult(total: total, hits: hits)
  }
}

/// Decides `localizedCaseInsensitiveContains` for one title, on bytes when that is provably the same answer.
struct ContainsMatcher: Sendable {
  /// The needle as typed.
  let needle: String
  /// The needle's ASCII-lowercased bytes, when it is ASCII without line breaks.
  let asciiLowered: [UInt8]?

  /// Prepares a needle.
  init(_ needle: String) {
    self.needle = needle
    let bytes = Array(needle.utf8)
    if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }) {
      asciiLowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    } else {
      asciiLowered = nil
    }
  }

  /// Whether the title of `slot` contains the needle, ignoring case.
  func matches(_ segment: CatalogSegment, slot: Int) -> Bool {
    if let lowered = asciiLowered, segment.asciiTitles.contains(slot), !Self.hasLineBreak(segment, slot) {
      return segment.titles.bytes.withUnsafeBufferPointer { bytes in
        Self.asciiFirstRange(UnsafeBufferPointer(rebasing: bytes[segment.titles.range(slot)]), lowered) != nil
      }
    }
    return segment.titles.string(slot).localizedCaseInsensitiveContains(needle)
  }

  private static func hasLineBreak(_ segment: CatalogSegment, _ slot: Int) -> Bool {
    segment.titles.withString(slot) { $0.contains { $0 == 0x0A || $0 == 0x0D } }
  }

  /// The first ASCII case-insensitive occurrence of `lowered` in `haystack`.
  static func asciiFirstRange(_ haystack: UnsafeBufferPointer<UInt8>, _ lowered: [UInt8]) -> Range<Int>? {
    guard lowered.count <= haystack.count else { return nil }
    guard !lowered.isEmpty else { return 0..<0 }
    for start in 0...(haystack.count - lowered.count) {
      var offset = 0
      while offset < lowered.count {
        var byte = haystack[start + offset]
        if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
        if byte != lowered[offset] { break }
        offset += 1
      }
      if offset == lowered.count { return start..<(start + lowered.count) }
    }
    return nil
  }

  /// The UTF-8 range of the first case-insensitive occurrence of `needle` in `title`, as Foundation finds it.
  static func highlight(_ title: String, _ needle: String) -> Range<Int>? {
    guard let range = title.range(of: needle, options: [.caseInsensitive], range: nil, locale: .current) else {
      return nil
    }
    let start = title.utf8.distance(from: title.startIndex, to: range.lowerBound)
    let end = title.utf8.distance(from: title.startIndex, to: range.upperBound)
    return start..<end
  }
}
