import JSONKit
import Locking
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `search/complete`.
  func registerCompleteMethod(in table: inout MethodTable) {
    registerSearch(SearchCompleteRequest.self, in: &table) { request, inputs, key, scratch in
      let catalog = inputs.catalog
      let typed = TypedQuery(request.query)
      if typed.isEmpty {
        return SearchCompleteResult(sections: [self.recentSection(request, inputs: inputs)])
      }
      var sections: [SearchCompleteResult.Section] = []
      if let tokenSection = self.tokenSection(typed, request: request, catalog: catalog) {
        sections.append(tokenSection)
      }
      let text = typed.isTokenWord ? typed.rest : typed.text
      if !text.allSatisfy(\.isWhitespace) {
        sections.append(
          try await self.suggestionSection(
            text,
            request: request,
            inputs: inputs,
            key: key,
            scratch: &scratch
          )
        )
      }
      return SearchCompleteResult(sections: sections)
    }
  }

  private func recentSection(
    _ request: SearchCompleteRequest,
    inputs: SearchInputs
  ) -> SearchCompleteResult.Section {
    let catalog = inputs.catalog
    return SearchCompleteResult.Section(
      id: "recent",
      title: "Recent",
      entries: inputs.recents.prefix(request.limit).map { entry in
        let item = entry.id.flatMap(catalog.index(ofID:)).flatMap(catalog.item(at:))
        return SearchCompleteResult.Entry(
          label: entry.text,
          completion: item?.completion ?? entry.text,
          kind: "recent",
          id: entry.id,
          icon: item?.icon
        )
      }
    )
  }

  private func tokenSection(
    _ typed: TypedQuery,
    request: SearchCompleteRequest,
    catalog: Catalog
  ) -> SearchCompleteResult.Section? {
    guard let word = typed.currentWord else { return nil }
    var suggestions = catalog.tokenSuggestions(query: word, selected: request.tokens, limit: request.limit)
    if !typed.isTokenWord {
      // A plain word offers a token only when it starts a word of the token's label or keywords.
      let folded = TextFolder.folded(word)
      guard folded.utf8.count >= 2 else { return nil }
      suggestions = suggestions.filter { suggestion in
        ([suggestion.token.label] + suggestion.token.keywords).contains { text in
          TextFolder.folded(text).split(separator: " ").contains { $0.hasPrefix(folded) }
        }
      }
    }
    guard !suggestions.isEmpty else { return nil }
    return SearchCompleteResult.Section(
      id: "tokens",
      title: "Tokens",
      entries: suggestions.map { suggestion in
        SearchCompleteResult.Entry(
          label: suggestion.token.label,
          completion: typed.rest,
          kind: "token",
          id: suggestion.token.id,
          icon: suggestion.token.icon,
          count: suggestion.count
        )
      }
    )
  }

  private func suggestionSection(
    _ text: String,
    request: SearchCompleteRequest,
    inputs: SearchInputs,
    key: QueryKey,
    scratch: inout SearchScratch
  ) async throws -> SearchCompleteResult.Section {
    let catalog = inputs.catalog
    let frecency = inputs.frecency
    let query = SearchQuery(
      text: text,
      tokens: request.tokens,
      scope: request.scope,
      limit: request.limit,
      boosts: frecency.scoreBoosts,
      recents: frecency.chosenIDs
    )
    let result = try await sessions.withSession(key) { session in
      try await catalog.search(query, session: &session, scratch: &scratch)
    }
    let encoding = inputs.positionEncoding
    return SearchCompleteResult.Section(
      id: "suggestions",
      title: "Suggestions",
      entries: result.hits.compactMap { hit in
        guard let item = catalog.item(at: hit.index) else { return nil }
        return SearchCompleteResult.Entry(
          label: item.title,
          completion: item.completion ?? item.title,
          kind: "item",
          id: item.id,
          icon: item.icon,
          subtitle: item.subtitle,
          matches: WireHighlights(utf8Ranges: hit.titleHighlights, in: item.title, encoding: encoding)
        )
      }
    )
  }

}

/// A `search/complete` query split into the part already typed and the word being typed.
struct TypedQuery: Equatable {
  /// The whole query.
  var text: String
  /// The word at the end of the query (no trailing whitespace), if any.
  var currentWord: String?
  /// The query without the current word, trimmed.
  var rest: String

  init(_ text: String) {
    self.text = text
    if let last = text.last, !last.isWhitespace,
      let word = text.split(whereSeparator: \.isWhitespace).last
    {
      currentWord = String(word)
      rest = String(text.dropLast(word.count)).trimmingWhitespace()
    } else {
      currentWord = nil
      rest = text.trimmingWhitespace()
    }
  }

  /// Whether nothing but whitespace was typed.
  var isEmpty: Bool { text.allSatisfy(\.isWhitespace) }

  /// Whether the word being typed asks for a token (`#mus`).
  var isTokenWord: Bool { currentWord?.hasPrefix("#") ?? false }
}

extension String {
  /// The string without leading and trailing whitespace.
  func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
