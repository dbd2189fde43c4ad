/// An immutable snapshot of a catalog: items and tokens in folded struct-of-arrays storage with the indexes that
/// searching needs.
///
/// A snapshot is a value: adding, replacing or removing items returns a new snapshot and leaves this one intact,
/// so searches already running on it finish undisturbed. Large catalogs are stored as a big base segment plus a
/// small delta segment of recent changes, so an edit costs time proportional to the delta, not to the catalog.
///
/// Items are addressed by an index: the base items keep their load order, and new items, and items replaced by an
/// item with the same id, get indices after all existing ones (one rule for a file with a repeated id and for an
/// edit: the later item wins, at its own position). Indices are stable from one snapshot to the next except after a
/// compaction (when the delta grows past a fraction of the base), and removed items leave gaps:
/// ``indexBound`` may exceed ``count``.
public struct Catalog: Sendable {
  /// The base items, in load order; slot `i` has index `i`.
  let base: CatalogSegment
  /// Base slots removed or replaced since the base was built (also the slots shadowed by duplicate ids).
  let baseDead: Bitset
  /// Items added or replaced since the base was built.
  let delta: CatalogSegment
  /// The index of each delta slot.
  let deltaIndices: [Int32]
  /// The delta items themselves, kept to rebuild the small delta segment on the next edit.
  let deltaItems: [CatalogItem]
  /// Index → delta slot, for every delta item.
  let deltaSlotOfIndex: [Int32: Int32]
  /// Tokens.
  let tokenTable: TokenTable
  /// One more than the largest index in use.
  public let indexBound: Int
  /// The number of items.
  public let count: Int
  /// This snapshot's answers to its shortest queries, filled as they are asked (and by ``prepareShortQueries()``).
  let shortAnswers: ShortQueryAnswers
  /// Where this catalog's prepared short answers are kept (``ShortAnswersFile``) and the source identity that file
  /// must carry (``SnapshotKey/identity``), when the catalog came through a ``CatalogCache`` with a directory and
  /// has not been edited since; `nil` otherwise.
  var answersFile: (path: String, identity: UInt64)?

  /// Creates a snapshot from items and tokens.
  ///
  /// An item whose id repeats an earlier one replaces it (the later item wins, at its own position).
  ///
  /// - Parameters:
  ///   - items: The items, in catalog order.
  ///   - tokens: The token definitions.
  /// This is ``CatalogBuilder`` fed every item: a large catalog is built in parts on every core. When the caller
  /// hands the only reference to `items` over (`Catalog(items: consume items)`), each part's text is released as
  /// soon as the part is built, which lowers the peak memory of a load.
  ///
  /// - Complexity: O(total text + *v* log *v*) for *v* distinct words.
  public init(items: consuming [CatalogItem], tokens: [CatalogToken] = []) {
    var builder = CatalogBuilder(tokens: tokens, expectedCount: items.count)
    for index in items.indices {
      builder.append(items[index])
      // The builder holds the item's text now: once its part is built, the text is freed, not kept alive here.
      items[index] = CatalogItem(id: "", title: "")
    }
    items = []
    self = builder.build()
  }

  /// Assembles a snapshot from its parts.
  init(
    base: CatalogSegment,
    baseDead: Bitset,
    delta: CatalogSegment,
    deltaIndices: [Int32],
    deltaItems: [CatalogItem],
    tokenTable: TokenTable,
    indexBound: Int
  ) {
    self.base = base
    self.baseDead = baseDead
    self.delta = delta
    self.deltaIndices = deltaIndices
    self.deltaItems = deltaItems
    var map: [Int32: Int32] = [:]
    for (slot, index) in deltaIndices.enumerated() { map[index] = Int32(slot) }
    self.deltaSlotOfIndex = map
    self.tokenTable = tokenTable
    self.indexBound = indexBound
    self.count = base.count - baseDead.population + deltaIndices.count
    self.shortAnswers = ShortQueryAnswers()
  }

  /// Whether `other` is this very snapshot (a copy of it), not merely one with the same items: every snapshot made,
  /// by a load or an edit, has its own store of short answers.
  public func isSameSnapshot(as other: Catalog) -> Bool { shortAnswers === other.shortAnswers }

  /// Megabytes held by each column and index of the base segment, for benchmarks.
  package var storageReport: String {
    base.storageReport.map { "\($0.0) \(($0.1 + 500_000) / 1_000_000)" }.joined(separator: ", ")
  }

  /// The popularity prior (0…96) an item of `weight` gets in this snapshot's ranking.
  package func prior(forWeight weight: Double) -> Int { Int(base.prior.prior(Float(weight))) }

  /// An empty catalog.
  public static var empty: Catalog { Catalog(items: []) }

  /// Drops the pages of its snapshot's mapped columns that searches and lookups by id have read in place (see
  /// ``MappedFile/releaseResidentPages()``; the text results show is read from the file and maps nothing): the daemon
  /// calls it when a burst of searches ends, so that the pages a burst read in do not stay resident. The next reads
  /// take them from the file again (from the page cache, as a rule).
  public func releaseMappedPages() {
    base.mapping?.releaseResidentPages()
    delta.mapping?.releaseResidentPages()
  }

  /// Forgets what recent searches kept for the next keystrokes: the word-prefix and typo sets each segment keeps
  /// (a few megabytes for a million items) and the text of the items results showed. The daemon calls it when a
  /// burst of searches ends: what a burst's one-off queries kept is of no use to the next keystrokes. Searches stay
  /// correct, only the next ones work these out again.
  public func forgetRecentSearches() {
    base.forgetRecentSearches()
    delta.forgetRecentSearches()
  }

  /// The token definitions.
  public var tokens: [CatalogToken] { tokenTable.tokens }

  /// The item at `index`, or `nil` when `index` is out of range or its item was removed.
  ///
  /// Meant for the few items a result shows: the text of a snapshot's mapped columns is read from its file and kept
  /// for the next results (see ``DisplayTextCache``), not read through the mapping.
  ///
  /// - Complexity: O(text of the item + tokens · log *n*).
  public func item(at index: Int) -> CatalogItem? {
    guard let (segment, slot) = location(of: index) else { return nil }
    return segment.displayItem(slot, tokenIDs: tokenTable.ids)
  }

  /// The title of the item at `index` (cheaper than ``item(at:)``).
  public func title(at index: Int) -> String? {
    guard let (segment, slot) = location(of: index) else { return nil }
    return segment.displayTitle(slot)
  }

  /// The id of the item at `index`.
  public func id(at index: Int) -> String? {
    guard let (segment, slot) = location(of: index) else { return nil }
    return segment.id(slot)
  }

  /// The index of the item with `id`, if present.
  ///
  /// - Complexity: O(1) expected.
  public func index(ofID id: String) -> Int? {
    if let slot = delta.slot(ofID: id), !delta.shadowed.contains(slot) { return Int(deltaIndices[slot]) }
    if let slot = base.slot(ofID: id), !baseDead.contains(slot) { return slot }
    return nil
  }

  /// Whether the item at `index` carries the token with id `token`.
  public func item(at index: Int, carries token: String) -> Bool {
    guard let tokenIndex = tokenTable.existingIndex(of: token), let (segment, slot) = location(of: index) else {
      return false
    }
    return segment.carries(slot, token: tokenIndex)
  }

  /// The segment and slot of `index`.
  func location(of index: Int) -> (CatalogSegment, Int)? {
    if let slot = deltaSlotOfIndex[Int32(truncatingIfNeeded: index)], index >= 0, index < indexBound {
      return (delta, Int(slot))
    }
    guard index >= 0, index < base.count, !baseDead.contains(index) else { return nil }
    return (base, index)
  }

  /// Every live index in catalog order.
  ///
  /// - Complexity: O(*n*).
  public var indices: [Int] {
    let fromDelta = deltaIndices.map { Int($0) }.sorted()
    var result: [Int] = []
    result.reserveCapacity(count)
    var cursor = 0
    for slot in 0..<base.count where !baseDead.contains(slot) {
      while cursor < fromDelta.count && fromDelta[cursor] < slot {
        result.append(fromDelta[cursor])
        cursor += 1
      }
      result.append(slot)
    }
    result.append(contentsOf: fromDelta[cursor...])
    return result
  }
}
