import JSONKit
import Locking
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `search/complete`.
  func registerCompleteMethod(in table: inout MethodTable) {
    registerSearch(
      SearchCompleteRequest.self,
      in: &table,
      answerAtOnce: { request, inputs, key in
        var (sections, search) = self.sectionsBeforeSearch(request, inputs: inputs)
        guard let search else { return (SearchCompleteResult(sections: sections), nil) }
        guard let known = self.knownAnswer(search, key: key, catalog: inputs.catalog) else { return nil }
        sections.append(Self.suggestionSection(known.result, inputs: inputs))
        return (SearchCompleteResult(sections: sections), known.followUp)
      },
      compute: { request, inputs, key, scratch in
        var (sections, search) = self.sectionsBeforeSearch(request, inputs: inputs)
        if let search {
          let result = try await self.search(search, inField: key, catalog: inputs.catalog, scratch: &scratch)
          sections.append(Self.suggestionSection(result, inputs: inputs))
        }
        return SearchCompleteResult(sections: sections)
      }
    )
  }

  /// The sections of `request` that need no search (recents, tokens), and the search of its suggestions, if any.
  private func sectionsBeforeSearch(
    _ request: SearchCompleteRequest,
    inputs: SearchInputs
  ) -> (sections: [SearchCompleteResult.Section], search: SearchQuery?) {
    let typed = TypedQuery(request.query)
    if typed.isEmpty { return ([recentSection(request, inputs: inputs)], nil) }
    var sections: [SearchCompleteResult.Section] = []
    if let tokenSection = tokenSection(typed, request: request, catalog: inputs.catalog) {
      sections.append(tokenSection)
    }
    let text = typed.isTokenWord ? typed.rest : typed.text
    guard !text.allSatisfy(\.isWhitespace) else { return (sections, nil) }
    let frecency = inputs.frecency
    let search = SearchQuery(
      text: text,
      tokens: request.tokens,
      scope: request.scope,
      limit: request.limit,
      boosts: frecency.scoreBoosts,
      recents: frecency.chosenIDs
    )
    return (sections, search)
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

  /// The suggestions section of a search's `result`.
  private static func suggestionSection(
    _ result: SearchResult,
    inputs: SearchInputs
  ) -> SearchCompleteResult.Section {
    let catalog = inputs.catalog
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
