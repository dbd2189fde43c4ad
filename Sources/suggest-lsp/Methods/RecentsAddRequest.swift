import JSONKit
import RPCKit
import SuggestEngine

/// `recents/add {text, id?, catalog?}` → `{recents}`: records a viewed item or a submitted search (the seed's
/// `addToRecents`, SwiftUI's `onSubmit(of: .search)`). No duplicates (same id, or same folded text), newest first,
/// at most `maxRecents`. Durable before the response is sent when a state directory is set.
struct RecentsAddRequest: RPCRequest {
  typealias Result = RecentsResult
  static let method = "recents/add"

  /// The search text or the item's title.
  var text: String
  /// The item's id, when an item was chosen.
  var id: String?
  /// The catalog the recents belong to.
  var catalog: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    text = try fields.required("text")
    guard !text.allSatisfy(\.isWhitespace) else {
      throw ResponseError.invalidParams("params.text: expected a non-empty string, got an empty one")
    }
    id = try fields.optional("id")
    catalog = try fields.catalogName()
  }
}

/// `recents/list {catalog?}` → `{recents}`: the recents of a catalog, newest first.
struct RecentsListRequest: RPCRequest {
  typealias Result = RecentsResult
  static let method = "recents/list"

  /// The catalog the recents belong to.
  var catalog: String

  init(params: JSONValue?) throws {
    catalog = try JSONFields(params, path: "params").catalogName()
  }
}

/// `recents/remove {text?, id?, catalog?}` → `{removed, recents}`: removes the matching entry (same id, or same
/// folded text).
struct RecentsRemoveRequest: RPCRequest {
  typealias Result = RecentsResult
  static let method = "recents/remove"

  /// The text to match after folding.
  var text: String?
  /// The id to match.
  var id: String?
  /// The catalog the recents belong to.
  var catalog: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    text = try fields.optional("text")
    id = try fields.optional("id")
    guard text != nil || id != nil else {
      throw ResponseError.invalidParams("params: expected \"text\" or \"id\" (or both), got neither")
    }
    catalog = try fields.catalogName()
  }
}

/// `recents/clear {catalog?}` → `{recents: []}`: forgets the recents of a catalog.
struct RecentsClearRequest: RPCRequest {
  typealias Result = RecentsResult
  static let method = "recents/clear"

  /// The catalog the recents belong to.
  var catalog: String

  init(params: JSONValue?) throws {
    catalog = try JSONFields(params, path: "params").catalogName()
  }
}

/// The answer of every `recents/*` method: the catalog's recents after the change, newest first.
struct RecentsResult: JSONEncodable, Sendable {
  /// The entries, newest first.
  var recents: [RecentEntry]
  /// For `recents/remove`: whether an entry was removed.
  var removed: Bool?

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      if let removed { writer.field("removed", removed) }
      writer.arrayField("recents") { writer in
        for entry in recents {
          writer.writeObject { writer in
            writer.field("text", entry.text)
            writer.field("id", ifPresent: entry.id)
            writer.field("count", entry.count)
            writer.field("lastUsed", Int(entry.lastUsed))
          }
        }
      }
    }
  }
}

extension SuggestServer {
  /// Registers the four `recents/*` methods.
  func registerRecentsMethods(in table: inout MethodTable) {
    registerWrite(RecentsAddRequest.self, in: &table) { request, _ in
      do {
        let entries = try await self.recents.add(text: request.text, id: request.id, catalog: request.catalog)
        return RecentsResult(recents: entries)
      } catch {
        throw ResponseError.internalError("recents could not be saved: \(error)")
      }
    }
    registerRead(RecentsListRequest.self, in: &table) { request, _ in
      RecentsResult(recents: await self.recents.entries(catalog: request.catalog))
    }
    registerWrite(RecentsRemoveRequest.self, in: &table) { request, _ in
      do {
        let (removed, entries) = try await self.recents.remove(
          text: request.text,
          id: request.id,
          catalog: request.catalog
        )
        return RecentsResult(recents: entries, removed: removed)
      } catch {
        throw ResponseError.internalError("recents could not be saved: \(error)")
      }
    }
    registerWrite(RecentsClearRequest.self, in: &table) { request, _ in
      do {
        try await self.recents.clear(catalog: request.catalog)
        return RecentsResult(recents: [])
      } catch {
        throw ResponseError.internalError("recents could not be saved: \(error)")
      }
    }
  }
}
