/// Builds a ``Catalog`` from items appended one at a time, so loaders can stream a large file without holding
/// every item as a `CatalogItem` value.
public struct CatalogBuilder {
  private var segment: CatalogSegmentBuilder
  private var tokenTable: TokenTable

  /// Creates a builder.
  ///
  /// - Parameters:
  ///   - tokens: The token definitions.
  ///   - expectedCount: How many items to reserve room for.
  public init(tokens: [CatalogToken] = [], expectedCount: Int = 0) {
    segment = CatalogSegmentBuilder(expectedCount: expectedCount)
    tokenTable = TokenTable(tokens)
  }

  /// The number of items appended so far.
  public var count: Int { segment.count }

  /// Appends an item; a later item with the same id replaces this one.
  public mutating func append(_ item: CatalogItem) {
    segment.append(item) { tokenTable.index(of: $0) }
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
    let base = segment.build()
    let tokenTable = self.tokenTable
    self.tokenTable = TokenTable()
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
