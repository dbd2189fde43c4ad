import JSONKit
import Locking
import RPCKit
import SuggestEngine

/// `search/filter {query, tokens?, scope?, limit? = 50, offset? = 0, mode? = "smart", catalog?, field?, debounceMs?}`
/// → `{total, items: [{id, title, subtitle?, icon?, score, tier, matches}]}`: the live result list under a search
/// field. An empty query lists every item in the scope and tokens, in catalog order.
struct SearchFilterRequest: SearchRequest {
  typealias Result = SearchFilterResult
  static let method = "search/filter"
  static let readsRecents = true

  var query: String
  var tokens: [String]
  var scope: String?
  var limit: Int
  var offset: Int
  var mode: MatchMode
  var catalog: String
  var field: String
  var debounceMilliseconds: Int?

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    query = try fields.required("query")
    tokens = try fields.optional("tokens") ?? []
    scope = try fields.optional("scope")
    limit = try fields.count("limit", default: 50, maximum: 10_000)
    offset = try fields.count("offset", default: 0, maximum: Int(Int32.max))
    let modeName: String = try fields.optional("mode") ?? "smart"
    guard let mode = MatchMode(rawValue: modeName) else {
      let names = MatchMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
      throw ResponseError.invalidParams("\(fields.path(of: "mode")): expected one of \(names), got \"\(modeName)\"")
    }
    self.mode = mode
    catalog = try fields.catalogName()
    field = try fields.fieldName()
    debounceMilliseconds = try fields.debounce()
  }
}
