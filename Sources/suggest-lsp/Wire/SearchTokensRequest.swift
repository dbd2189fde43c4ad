import JSONKit
import RPCKit
import SuggestEngine

/// `search/tokens {query, tokens?, limit?, catalog?, field?, debounceMs?}` → `{tokens: [{id, label, icon?, count}]}`:
/// token suggestions (SwiftUI's `suggestedTokens`). An empty query lists every token not already selected; otherwise
/// the tokens whose label or keywords match, best first. A leading `#` is ignored. `count` is the number of items the
/// token would leave together with the selected ones.
struct SearchTokensRequest: SearchRequest {
  typealias Result = SearchTokensResult
  static let method = "search/tokens"

  var query: String
  var tokens: [String]
  var limit: Int?
  var catalog: String
  var field: String
  var debounceMilliseconds: Int?

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    query = try fields.optional("query") ?? ""
    tokens = try fields.optional("tokens") ?? []
    limit =
      try fields.optional("limit", as: Int.self) == nil ? nil : try fields.count("limit", default: 0, maximum: 10_000)
    catalog = try fields.catalogName()
    field = try fields.fieldName()
    debounceMilliseconds = try fields.debounce()
  }
}
