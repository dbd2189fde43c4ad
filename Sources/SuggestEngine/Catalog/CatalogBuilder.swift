import Dispatch
import Locking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds a ``Catalog`` from items appended one at a time, so loaders can stream a large file without holding
/// every item as a `CatalogItem` value.
///
/// A large catalog is built in parts of ``defaultPartSize`` items: each full part is finished (its subtitles indexed,
/// its word indexes sorted) on a worker thread while appending goes on, and ``build()`` joins the parts. The catalog
/// is the same whatever the part size.
public struct CatalogBuilder {
  /// The items per part when building in parts.
  static let defaultPartSize = 1 << 16
  /// The smallest part ``build(items:tokens:)`` gives a thread of its own.
  static let minimumParallelPartSize = 1 << 14

  /// The part being appended to.
  private var segment: CatalogSegmentBuilder
  private var tokenTable: TokenTable
  /// The items per part.
  private let partSize: Int
  /// Finishes the full parts (created when the first part fills).
  private var finisher: SegmentPartFinisher?
  /// The number of full parts.
  private var partCount = 0
  /// The items in the full parts.
  private var partItemCount = 0

  /// Creates a builder.
  ///
  /// - Parameters:
  ///   - tokens: The token definitions.
  ///   - expectedCount: How many items to reserve room for.
  public init(tokens: [CatalogToken] = [], expectedCount: Int = 0) {
    self.init(tokens: tokens, expectedCount: expectedCount, partSize: Self.defaultPartSize)
  }

  /// Creates a builder that builds in parts of `partSize` items (tests use small parts).
  init(tokens: [CatalogToken] = [], expectedCount: Int = 0, partSize: Int) {
    self.partSize = max(1, partSize)
    segment = CatalogSegmentBuilder(expectedCount: min(expectedCount, self.partSize))
    tokenTable = TokenTable(tokens)
  }

  /// The number of items appended so far.
  public var count: Int { partItemCount + segment.count }

  /// Appends an item; a later item with the same id replaces this one.
  public mutating func append(_ item: CatalogItem) {
    segment.append(item) { tokenTable.index(of: $0) }
    if segment.count == partSize {
      let finisher = self.finisher ?? SegmentPartFinisher()
      self.finisher = finisher
      partItemCount += segment.count
      finisher.submit(&segment, number: partCount)
      partCount += 1
      segment = CatalogSegmentBuilder(expectedCount: partSize)
    }
  }

  /// Adds or replaces a token definition.
  public mutating func define(_ token: CatalogToken) {
    tokenTable.define(token)
  }

  /// An empty segment (the delta of a fresh catalog).
  static func emptySegment() -> CatalogSegment {
    var empty = CatalogSegmentBuilder()
    return empty.build()
  }

  /// Finishes the catalog and leaves the builder empty (its storage moves into the catalog, never copied).
  ///
  /// - Returns: The snapshot.
  /// - Complexity: O(total text + *v* log *v*) for *v* distinct words.
  public mutating func build() -> Catalog {
    var whole = CatalogSegmentBuilder()
    swap(&whole, &segment)
    if let finisher {
      if whole.count > 0 { finisher.submit(&whole, number: partCount) }
      var parts = finisher.wait()
      whole = CatalogSegmentBuilder.joining(&parts)
      self.finisher = nil
      partCount = 0
      partItemCount = 0
    }
    let tokenTable = self.tokenTable
    self.tokenTable = TokenTable()
    return Self.catalog(base: whole.build(), tokenTable: tokenTable)
  }

  /// Builds a catalog from items in hand, in parts on every core.
  ///
  /// - Parameters:
  ///   - items: The items, in catalog order.
  ///   - tokens: The token definitions.
  ///   - partCount: How many parts to build (`nil`: two per online core, each at least
  ///     ``minimumParallelPartSize`` items).
  /// - Returns: The snapshot, the same as appending every item to one builder would give.
  /// - Complexity: O(total text + *v* log *v*) for *v* distinct words.
  static func build(items: consuming [CatalogItem], tokens: [CatalogToken], partCount: Int? = nil) -> Catalog {
    let cores = max(1, min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    let parts = max(1, min(partCount ?? 2 * cores, items.count / (partCount == nil ? minimumParallelPartSize : 1)))
    var tokenTable = TokenTable(tokens)
    guard parts > 1 else {
      var builder = CatalogSegmentBuilder(expectedCount: items.count)
      for item in items { builder.append(item) { tokenTable.index(of: $0) } }
      return catalog(base: builder.build(), tokenTable: tokenTable)
    }
    // Each part indexes its tokens in a table of its own; they are renumbered in part order below, which gives
    // every token the index the single builder would have given it (order of first mention).
    // `concurrentPerform`, not a task group: `Catalog(items:)` is a synchronous initializer.
    let built = Locked<[Int: (CatalogSegmentBuilder, TokenTable)]>([:])
    let shared = items
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let range = (shared.count * part / parts)..<(shared.count * (part + 1) / parts)
      var builder = CatalogSegmentBuilder(expectedCount: range.count)
      var localTokens = TokenTable()
      for position in range { builder.append(shared[position]) { localTokens.index(of: $0) } }
      builder.finishWordIndexes()
      built.withLock { $0[part] = (builder, localTokens) }
    }
    // Not needed any more: released here (if the caller handed its reference over) so that joining the parts can
    // reuse the memory.
    _ = consume shared
    items = []
    var segments: [CatalogSegmentBuilder] = built.withLock { built in
      var segments: [CatalogSegmentBuilder] = []
      for part in 0..<parts {
        guard case (var segment, let localTokens)? = built.removeValue(forKey: part) else { continue }
        segment.renumberTokens(from: localTokens, into: &tokenTable)
        segments.append(segment)
      }
      return segments
    }
    var whole = CatalogSegmentBuilder.joining(&segments)
    return catalog(base: whole.build(), tokenTable: tokenTable)
  }

  /// A catalog with `base` as its only segment.
  private static func catalog(base: CatalogSegment, tokenTable: TokenTable) -> Catalog {
    Catalog(
      base: base,
      baseDead: base.shadowed,
      delta: emptySegment(),
      deltaIndices: [],
      deltaItems: [],
      tokenTable: tokenTable,
      indexBound: base.count
    )
  }
}
