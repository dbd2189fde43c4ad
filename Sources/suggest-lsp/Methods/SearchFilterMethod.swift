import JSONKit
import Locking
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `search/filter`.
  func registerFilterMethod(in table: inout MethodTable) {
    registerSearch(SearchFilterRequest.self, in: &table) { request, inputs, key, scratch in
      let catalog = inputs.catalog
      // Chosen items rank first among strong matches and win ties, as in the popup (contract §5).
      let frecency = inputs.frecency
      let query = SearchQuery(
        text: request.query,
        mode: request.mode,
        tokens: request.tokens,
        scope: request.scope,
        limit: request.limit,
        offset: request.offset,
        recents: frecency.chosenIDs
      )
      let result = try await self.sessions.withSession(key) { session in
        try await catalog.search(query, session: &session, scratch: &scratch)
      }
      let encoding = inputs.positionEncoding
      return SearchFilterResult(
        total: result.total,
        items: result.hits.compactMap { hit in
          guard let item = catalog.item(at: hit.index) else { return nil }
          return SearchFilterResult.Item(
            item: item,
            score: hit.wireScore,
            tier: hit.tier,
            matches: WireHighlights(utf8Ranges: hit.titleHighlights, in: item.title, encoding: encoding)
          )
        }
      )
    }
  }
}

extension SearchHit {
  /// One number that orders hits as the ranking does (the engine's score already includes the band).
  var wireScore: Int { max(0, score) }
}
