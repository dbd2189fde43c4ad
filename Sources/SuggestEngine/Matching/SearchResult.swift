/// The answer to a ``SearchQuery``: how many items matched, and the requested page of them, best first.
public struct SearchResult: Sendable, Hashable {
  /// The number of matching items (before `offset` and `limit`).
  public var total: Int
  /// The hits of the requested page.
  public var hits: [SearchHit]

  /// Creates a result.
  public init(total: Int, hits: [SearchHit]) {
    self.total = total
    self.hits = hits
  }
}

extension SearchResult {
  /// The hits at `positions` (those that exist), with the same total: a page cut from a longer result.
  func page(at positions: Range<Int>) -> SearchResult {
    SearchResult(total: total, hits: Array(hits[positions.clamped(to: hits.indices)]))
  }
}
