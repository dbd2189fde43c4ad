/// What ``Catalog/prepareShortQueries(pairs:triples:quads:separated:prepared:)`` did.
public struct PreparedShortQueries: Sendable, Equatable {
  /// Answers taken from the file an earlier start kept.
  public var fromFile = 0
  /// Answers prepared by searching.
  public var prepared = 0
  /// Why the file of answers was not used or not written, if it was not (for a warning).
  public var problem: String?

  /// An empty report.
  public init() {}
}
