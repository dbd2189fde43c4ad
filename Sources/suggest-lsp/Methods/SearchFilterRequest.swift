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

/// The answer to `search/filter`.
struct SearchFilterResult: JSONEncodable, Sendable {
  /// One listed item.
  struct Item: Sendable {
    var item: CatalogItem
    var score: Int
    var tier: MatchTier
    var matches: WireHighlights
  }

  /// How many items match in all.
  var total: Int
  /// The requested page of them, best first.
  var items: [Item]

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.field("total", total)
      writer.arrayField("items") { writer in
        for entry in items {
          writer.writeObject { writer in
            writer.field("id", entry.item.id)
            writer.field("title", entry.item.title)
            writer.field("subtitle", ifPresent: entry.item.subtitle)
            writer.field("icon", ifPresent: entry.item.icon)
            writer.field("score", entry.score)
            writer.field("tier", entry.tier.wireName)
            writer.field("matches", entry.matches)
          }
        }
      }
    }
  }
}

extension SuggestServer {
  /// Registers `search/filter`.
  func registerFilterMethod(in table: inout MethodTable) {
    registerSearch(SearchFilterRequest.self, in: &table) { request, inputs, key in
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
        try await catalog.search(query, session: &session)
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
