import JSONKit
import Locking
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `search/filter`.
  func registerFilterMethod(in table: inout MethodTable) {
    registerSearch(
      SearchFilterRequest.self,
      in: &table,
      answerAtOnce: { request, inputs, key in
        let query = Self.query(of: request, inputs: inputs)
        return self.knownAnswer(query, key: key, catalog: inputs.catalog).map { known in
          (Self.result(known.result, inputs: inputs), known.followUp)
        }
      },
      compute: { request, inputs, key, scratch in
        let query = Self.query(of: request, inputs: inputs)
        let result = try await self.search(query, inField: key, catalog: inputs.catalog, scratch: &scratch)
        return Self.result(result, inputs: inputs)
      }
    )
  }

  /// The engine's query for `request`.
  private static func query(of request: SearchFilterRequest, inputs: SearchInputs) -> SearchQuery {
    SearchQuery(
      text: request.query,
      mode: request.mode,
      tokens: request.tokens,
      scope: request.scope,
      limit: request.limit,
      offset: request.offset,
      // Chosen items rank first among strong matches and win ties, as in the popup (contract §5).
      recents: inputs.frecency.chosenIDs
    )
  }

  /// The wire result of the engine's `result`.
  private static func result(_ result: SearchResult, inputs: SearchInputs) -> SearchFilterResult {
    let catalog = inputs.catalog
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

extension SearchHit {
  /// One number that orders hits as the ranking does (the engine's score already includes the band).
  var wireScore: Int { max(0, score) }
}
