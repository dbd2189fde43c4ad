/// Builds a ``Catalog`` from items appended one at a time: the one way a catalog is built, whether from a
/// loader's items (`Catalog(items:)`), a benchmark reading a file, or a compaction.
///
/// A large catalog is built in parts of ``defaultPartSize`` items: each full part is built (its items appended to
/// the columns, its subtitles indexed, its word indexes sorted) on a worker thread while appending goes on, and its
/// items are released then; ``build()`` joins the parts. The catalog is the same whatever the part size: token
/// indices follow the order in which appends and ``define(_:)`` first name each token.
public struct CatalogBuilder {
  /// The items per part when building in parts.
  static let defaultPartSize = 1 << 16

  /// The items of the part being collected.
  private var pending: [CatalogItem] = []
  /// Every token id named so far, in order of first naming, and the definitions.
  private var tokenTable: TokenTable
  /// The items per part.
  private let partSize: Int
  /// Builds the full parts (created when the first part fills).
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
    pending.reserveCapacity(min(expectedCount, self.partSize))
    tokenTable = TokenTable(tokens)
  }

  /// The number of items appended so far.
  public var count: Int { partItemCount + pending.count }

  /// Appends an item; a later item with the same id replaces this one.
  public mutating func append(_ item: consuming CatalogItem) {
    // Named here, so the token indices are those of appending in order; the part renumbers its own at the end.
    for token in item.tokens { _ = tokenTable.index(of: token) }
    pending.append(item)
    if pending.count == partSize {
      let finisher = self.finisher ?? SegmentPartFinisher()
      self.finisher = finisher
      partItemCount += pending.count
      finisher.submit(&pending, number: partCount)
      partCount += 1
      pending.reserveCapacity(partSize)
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
    var items: [CatalogItem] = []
    swap(&items, &pending)
    var tokenTable = TokenTable()
    swap(&tokenTable, &self.tokenTable)
    var whole: CatalogSegmentBuilder
    if let finisher {
      if !items.isEmpty { finisher.submit(&items, number: partCount) }
      var parts = finisher.wait()
      whole = Self.joining(&parts, into: &tokenTable)
      self.finisher = nil
      partCount = 0
      partItemCount = 0
    } else {
      whole = CatalogSegmentBuilder(expectedCount: items.count)
      for item in items { whole.append(item) { tokenTable.index(of: $0) } }
      items = []
    }
    var replacements: [(earlier: Int, later: Int)] = []
    return Self.catalog(&whole, tokenTable: tokenTable, replacements: &replacements)
  }

  /// Builds a catalog from parts built elsewhere (``SegmentPartFinisher/build(_:)``, one per decoded part of a
  /// file): the catalog a builder fed the parts' items in order would build.
  ///
  /// - Parameters:
  ///   - parts: The parts in slot order; left empty.
  ///   - tokens: The token definitions.
  ///   - finishingWeights: When the items' weights are only final once all are known (ranks): the weights of all
  ///     the slots from what was appended.
  ///   - replacements: Set to the `(earlier, later)` slots of each repeated id (see
  ///     ``CatalogSegmentBuilder/build(replacements:)``).
  /// - Returns: The catalog.
  static func build(
    parts: inout [SegmentPartFinisher.Part],
    tokens: [CatalogToken],
    finishingWeights: (([Double]) -> [Double])?,
    replacements: inout [(earlier: Int, later: Int)]
  ) -> Catalog {
    var tokenTable = TokenTable(tokens)
    var whole = joining(&parts, into: &tokenTable)
    if let finishingWeights { whole.setWeights(finishingWeights(whole.exactWeights)) }
    return catalog(&whole, tokenTable: tokenTable, replacements: &replacements)
  }

  /// Joins built parts, registering their tokens in `tokenTable` in part order.
  private static func joining(
    _ parts: inout [SegmentPartFinisher.Part],
    into tokenTable: inout TokenTable
  ) -> CatalogSegmentBuilder {
    var segments: [CatalogSegmentBuilder] = []
    for index in parts.indices {
      var part: SegmentPartFinisher.Part = (CatalogSegmentBuilder(), TokenTable())
      swap(&part, &parts[index])
      part.segment.renumberTokens(from: part.tokens, into: &tokenTable)
      segments.append(part.segment)
    }
    parts = []
    // The parts' items are freed now. Their large arrays were mapped blocks (`Memory.mapLargeBlocks`, set by the
    // daemon), already unmapped, so joining does not add to them without a trim of the whole heap first.
    return CatalogSegmentBuilder.joining(&segments)
  }

  /// The catalog whose base is `whole`.
  private static func catalog(
    _ whole: inout CatalogSegmentBuilder,
    tokenTable: TokenTable,
    replacements: inout [(earlier: Int, later: Int)]
  ) -> Catalog {
    let base = whole.build(replacements: &replacements)
    return Catalog(
      base: base,
      baseDead: base.shadowed,
      delta: Self.emptySegment(),
      deltaIndices: [],
      deltaItems: [],
      tokenTable: tokenTable,
      indexBound: base.count
    )
  }
}
