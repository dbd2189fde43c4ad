import JSONKit
import Locking
import RPCKit
import SuggestEngine

extension SuggestServer {
  /// Registers `textDocument/completion`: the word before the cursor, read on arrival, is the query; a newer
  /// completion of the same document supersedes older ones (as a search field's queries do).
  func registerCompletionMethod(in table: inout MethodTable) {
    registerQuery(
      CompletionRequest.self,
      in: &table,
      key: { request in QueryKey(method: CompletionRequest.method, catalog: "", field: request.uri) },
      debounce: { _ in nil },
      capture: { request in self.completionInput(request) },
      read: { _, captured in await self.completionSource(captured) },
      compute: { _, captured, source, key, scratch in
        let input = try captured.get()
        let (catalog, frecency) = try source.get()
        return try await self.completionList(
          input,
          catalog: catalog,
          catalogName: input.source.catalogName,
          frecency: frecency,
          key: key,
          scratch: &scratch
        )
      }
    )
  }

  /// What a completion reads of the daemon's state in its turn among the writes: its catalog (loading its file on
  /// first use) and the recents' boosts.
  private func completionSource(
    _ captured: Result<CompletionInput, ResponseError>
  ) async -> Result<(Catalog, FrecencyTable), any Error> {
    do {
      let input = try captured.get()
      if case .file(let path) = input.source {
        try await catalogFiles.ensureLoaded(path, into: catalogs)
      }
      let name = input.source.catalogName
      let catalog = try self.catalog(named: name)
      return .success((catalog, recents.frecencyTable(catalog: name)))
    } catch {
      return .failure(error)
    }
  }

  /// Reads the completion's word and settings as it arrives (on the reader, so after every earlier change).
  private func completionInput(_ request: CompletionRequest) -> Result<CompletionInput, ResponseError> {
    let (encoding, completion, client) = settings.withLock { ($0.positionEncoding, $0.completion, $0.client) }
    do {
      return .success(
        try documents.read(request.uri) { document throws(DocumentError) in
          let (word, range) = try document.word(
            before: request.position,
            encoding: encoding,
            pattern: completion.wordPattern
          )
          return CompletionInput(
            word: word,
            range: range,
            source: completion.catalog(uri: document.uri, languageId: document.languageId),
            settings: completion,
            client: client
          )
        }
      )
    } catch {
      let field = if case .notOpen = error { "params.textDocument.uri" } else { "params.position" }
      return .failure(ResponseError.invalidParams("\(field): \(error)"))
    }
  }

  private func completionList(
    _ input: CompletionInput,
    catalog: Catalog,
    catalogName: String,
    frecency: FrecencyTable,
    key: QueryKey,
    scratch: inout SearchScratch
  ) async throws -> CompletionList {
    let editRange = input.client.supportsDefaultEditRange ? input.range : nil
    let itemRange = editRange == nil ? input.range : nil
    var list = CompletionList(isIncomplete: false, defaultEditRange: editRange, items: [])
    if input.word.hasPrefix("#") {
      let suggestions = catalog.tokenSuggestions(query: input.word, limit: input.settings.limit)
      let typed = TextFolder.folded(input.word)
      list.items = suggestions.enumerated().map { rank, suggestion in
        let text = "#" + suggestion.token.label
        let startsWithTyped = TextFolder.folded(text).hasPrefix(typed)
        return CompletionItem(
          label: suggestion.token.label,
          kind: .keyword,
          detail: "\(suggestion.count) items",
          sortText: Self.sortText(rank, of: suggestions.count),
          filterText: startsWithTyped ? nil : input.word,
          newText: text,
          editRange: itemRange,
          data: ["catalog": .string(catalogName), "token": .string(suggestion.token.id)]
        )
      }
      return list
    }
    guard !input.word.isEmpty else {
      // Nothing typed yet: ask again once there is.
      list.isIncomplete = true
      return list
    }
    let query = SearchQuery(
      text: input.word,
      limit: input.settings.limit,
      boosts: frecency.scoreBoosts,
      recents: frecency.chosenIDs
    )
    let result = try await sessions.withSession(key) { session in
      try await catalog.search(query, session: &session, scratch: &scratch)
    }
    list.isIncomplete = result.total > result.hits.count
    let typed = TextFolder.folded(input.word)
    list.items = result.hits.enumerated().compactMap { rank, hit in
      guard let item = catalog.item(at: hit.index) else { return nil }
      let text = item.completion ?? item.title
      // Clients filter the list by the typed word (prefix or flex): a hit that does not start with it (a typo, a
      // fuzzy or inner match) is kept alive by filtering on the typed word itself.
      let startsWithTyped = TextFolder.folded(item.title).hasPrefix(typed) || TextFolder.folded(text).hasPrefix(typed)
      return CompletionItem(
        label: item.title,
        kind: .value,
        detail: item.subtitle,
        labelDescription: input.client.supportsLabelDetails ? item.subtitle : nil,
        sortText: Self.sortText(rank, of: result.hits.count),
        filterText: startsWithTyped ? nil : input.word,
        newText: text,
        editRange: itemRange,
        data: ["catalog": .string(catalogName), "id": .string(item.id)],
        command: ExecuteCommandRequest.command(catalog: catalogName, text: text, id: item.id)
      )
    }
    return list
  }

  /// A rank, zero-padded so that sorting by text keeps the order (`0007`).
  static func sortText(_ rank: Int, of count: Int) -> String {
    let width = max(4, String(count).count)
    let digits = String(rank)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// Registers `completionItem/resolve`: adds `documentation` (subtitle, keywords, tokens). An item whose catalog
  /// or entry is gone, or that the daemon did not write, comes back as it was: resolving never fails.
  func registerCompletionResolveMethod(in table: inout MethodTable) {
    registerRead(CompletionResolveRequest.self, in: &table) { request, _ in
      var item = request.item
      guard let name = request.catalog, let catalog = self.catalogs.catalog(named: name),
        let documentation = Self.documentation(request, in: catalog)
      else { return .object(item) }
      item.members.removeAll { $0.key == "documentation" }
      // A plain string: plain text that every client takes, whatever `documentationFormat` it lists.
      item.members.append(JSONObject.Member(key: "documentation", value: .string(documentation)))
      return .object(item)
    }
  }

  private static func documentation(_ request: CompletionResolveRequest, in catalog: Catalog) -> String? {
    if let tokenID = request.tokenID {
      guard let token = catalog.tokens.first(where: { $0.id == tokenID }) else { return nil }
      return ([token.label] + (token.keywords.isEmpty ? [] : ["Keywords: " + token.keywords.joined(separator: ", ")]))
        .joined(separator: "\n\n")
    }
    guard let id = request.itemID, let index = catalog.index(ofID: id), let item = catalog.item(at: index) else {
      return nil
    }
    var parts = [item.title]
    if let subtitle = item.subtitle { parts.append(subtitle) }
    if !item.keywords.isEmpty { parts.append("Keywords: " + item.keywords.joined(separator: ", ")) }
    if !item.tokens.isEmpty {
      let labels = item.tokens.map { id in catalog.tokens.first { $0.id == id }?.label ?? id }
      parts.append("Tokens: " + labels.joined(separator: ", "))
    }
    return parts.joined(separator: "\n\n")
  }

  /// Registers `workspace/executeCommand`: the accept command of a completion item records the choice as a recent,
  /// so the editor's choices boost later completions.
  func registerExecuteCommandMethod(in table: inout MethodTable) {
    registerWrite(ExecuteCommandRequest.self, in: &table) { request, _ in
      do {
        _ = try await self.recents.add(text: request.text, id: request.id, catalog: request.catalog)
      } catch {
        throw ResponseError.internalError("recents could not be saved: \(error)")
      }
      return .null
    }
  }
}
