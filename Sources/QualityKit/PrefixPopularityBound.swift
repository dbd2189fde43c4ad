/// What the characters-typed measure of a quality report can be read against: for a name typed left to right, the
/// fewest characters after which the plainest ranking that knows only popularity puts it first. That ranking puts
/// the name typed in full first, then every name that starts with what is typed, most popular first (among equals,
/// the shorter, then the earlier).
///
/// A ranking that does not know which name is wanted cannot put a name first while a more popular name starts with
/// the same letters: `opentelemetry-exporter-otlp-proto-common` is first only once `…-c` is typed, because
/// `…-grpc` is more popular. So on a set of names typed in full, the mean of this bound is about the least any such
/// ranking reaches; a target below it asks the ranking to guess.
///
/// Titles are compared lowercased, as typed in lowercase.
public struct PrefixPopularityBound: Sendable {
  /// The lowercased titles, in byte order.
  private let sortedTitles: [[UInt8]]
  /// The rank of each entry (`Int.max` without one), its title's length, and its position in sorted order.
  private let ranks: [Int]
  private let lengths: [Int]
  private let sortedPosition: [Int32]
  /// The entry of each id.
  private let entryOfID: [String: Int]
  /// A segment tree over sorted positions: the best entry of each node (leaves from `leafBase`).
  private let best: [Int32]
  private let leafBase: Int

  /// Indexes `entries`: each name's id, title and 0-based popularity rank (`nil`: none).
  public init(entries: [(id: String, title: String, rank: Int?)]) {
    let titles = entries.map { Array($0.title.lowercased().utf8) }
    let order = titles.indices.sorted { titles[$0].lexicographicallyPrecedes(titles[$1]) }
    sortedTitles = order.map { titles[$0] }
    ranks = entries.map { $0.rank ?? Int.max }
    lengths = titles.map(\.count)
    var position = [Int32](repeating: 0, count: entries.count)
    for (sorted, entry) in order.enumerated() { position[entry] = Int32(sorted) }
    sortedPosition = position
    var ids: [String: Int] = [:]
    for (entry, item) in entries.enumerated() { ids[item.id] = entry }
    entryOfID = ids
    var base = 1
    while base < max(1, entries.count) { base <<= 1 }
    leafBase = base
    var tree = [Int32](repeating: -1, count: 2 * base)
    for (sorted, entry) in order.enumerated() { tree[base + sorted] = Int32(entry) }
    let (ranks, lengths) = (self.ranks, self.lengths)
    for node in stride(from: base - 1, to: 0, by: -1) {
      tree[node] = Self.better(tree[2 * node], tree[2 * node + 1], ranks: ranks, lengths: lengths)
    }
    best = tree
  }

  /// The fewest characters of the title of `id`, typed left to right, after which it is first; `nil` for an unknown
  /// id.
  public func charactersTyped(_ id: String) -> Int? {
    guard let entry = entryOfID[id] else { return nil }
    let title = sortedTitles[Int(sortedPosition[entry])]
    let characters = Array(String(decoding: title, as: UTF8.self))
    var typed: [UInt8] = []
    for (count, character) in characters.enumerated() {
      typed.append(contentsOf: String(character).utf8)
      if typed == title { return count + 1 }
      let range = startingWith(typed)
      if bestEntry(in: range) == entry { return count + 1 }
    }
    return characters.count
  }

  /// The sorted positions of the titles that start with `prefix`.
  private func startingWith(_ prefix: [UInt8]) -> Range<Int> {
    func firstPosition(where isPast: ([UInt8]) -> Bool) -> Int {
      var (low, high) = (0, sortedTitles.count)
      while low < high {
        let middle = (low + high) / 2
        if isPast(sortedTitles[middle]) { high = middle } else { low = middle + 1 }
      }
      return low
    }
    let lower = firstPosition { !$0.lexicographicallyPrecedes(prefix) }
    let upper = firstPosition { !$0.starts(with: prefix) && !$0.lexicographicallyPrecedes(prefix) }
    return lower..<max(lower, upper)
  }

  /// The best entry among the sorted positions `range` (`-1` when empty).
  private func bestEntry(in range: Range<Int>) -> Int32 {
    var (low, high) = (range.lowerBound + leafBase, range.upperBound + leafBase)
    var found: Int32 = -1
    while low < high {
      if low & 1 == 1 {
        found = Self.better(found, best[low], ranks: ranks, lengths: lengths)
        low += 1
      }
      if high & 1 == 1 {
        high -= 1
        found = Self.better(found, best[high], ranks: ranks, lengths: lengths)
      }
      low >>= 1
      high >>= 1
    }
    return found
  }

  /// The better of two entries (`-1`: none): the more popular, then the shorter title, then the earlier entry.
  private static func better(_ a: Int32, _ b: Int32, ranks: [Int], lengths: [Int]) -> Int32 {
    guard a >= 0 else { return b }
    guard b >= 0 else { return a }
    let (x, y) = (Int(a), Int(b))
    return (ranks[x], lengths[x], x) <= (ranks[y], lengths[y], y) ? a : b
  }
}
