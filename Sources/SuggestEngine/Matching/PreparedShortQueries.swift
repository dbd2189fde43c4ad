/// What ``Catalog/prepareShortQueries(_:prepared:)`` did.
public struct PreparedShortQueries: Sendable, Equatable {
  /// Answers taken from the file an earlier start kept.
  public var fromFile = 0
  /// Answers prepared by searching.
  public var prepared = 0
  /// Of those, the answers found by refining the matches of a shorter query prepared before (the rest were scans
  /// of the whole catalog).
  public var refined = 0
  /// Why the file of answers was not used or not written, if it was not (for a warning).
  public var problem: String?

  /// An empty report.
  public init() {}
}
