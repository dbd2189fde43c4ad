import JSONKit
import Locking
import RPCKit
import SuggestEngine

/// `search/complete {query, tokens?, scope?, limit? = 5, catalog?, field?, debounceMs?}` →
/// `{sections: [{id, title, items: [{label, completion, kind, id?, icon?, matches?}]}]}`: the suggestion popup.
///
/// An empty query gives the `recent` section, newest first. Otherwise a `suggestions` section with the best `limit`
/// matches, recent and frequent choices boosted; and when the word being typed starts with `#` or names a token, a
/// `tokens` section whose entries complete to that token.
struct SearchCompleteRequest: SearchRequest {
  typealias Result = SearchCompleteResult
  static let method = "search/complete"
  static let readsRecents = true

  var query: String
  var tokens: [String]
  var scope: String?
  var limit: Int
  var catalog: String
  var field: String
  var debounceMilliseconds: Int?

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    query = try fields.required("query")
    tokens = try fields.optional("tokens") ?? []
    scope = try fields.optional("scope")
    limit = try fields.count("limit", default: 5, maximum: 1_000)
    catalog = try fields.catalogName()
    field = try fields.fieldName()
    debounceMilliseconds = try fields.debounce()
  }
}
