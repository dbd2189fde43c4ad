import JSONKit
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `search/tokens`.
  func registerTokensMethod(in table: inout MethodTable) {
    registerSearch(SearchTokensRequest.self, in: &table) { request, inputs, _, _ in
      try Task.checkCancellation()
      return SearchTokensResult(
        suggestions: inputs.catalog.tokenSuggestions(
          query: request.query,
          selected: request.tokens,
          limit: request.limit
        )
      )
    }
  }
}
