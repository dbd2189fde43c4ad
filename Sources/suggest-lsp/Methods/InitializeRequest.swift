import JSONKit
import Locking
import RPCKit
import SuggestEngine

/// `initialize {capabilities?, initializationOptions?}` → `{capabilities, serverInfo}`. Optional: without it the
/// daemon uses its defaults. Negotiates the position encoding of highlight ranges (LSP 3.17
/// `capabilities.general.positionEncodings`, in the client's order of preference; `utf-16` when none is offered or
/// none is supported) and takes settings from `initializationOptions`.
struct InitializeRequest: RPCRequest {
  typealias Result = InitializeResult
  static let method = "initialize"

  /// The encodings the client offered, in its order of preference; `nil` when it offered none.
  var offeredEncodings: [String]?
  /// Settings from `initializationOptions`.
  var options: SessionOptions
  /// What the editor supports in completion lists.
  var client: EditorClient

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    client = try EditorClient(capabilities: try fields.optionalObject("capabilities"))
    let general = try fields.optionalObject("capabilities").optionalObject("general")
    offeredEncodings = try general.optional("positionEncodings")
    options = try SessionOptions(fields: try fields.optionalObject("initializationOptions"))
  }
}

/// The answer to `initialize`.
struct InitializeResult: JSONEncodable, Sendable {
  /// The negotiated position encoding.
  var positionEncoding: PositionEncoding
  /// The settings in force.
  var debounceMilliseconds: Int
  /// The recents cap in force.
  var maxRecents: Int
  /// The catalogs loaded.
  var catalogs: [String]
  /// The methods served (``SuggestServer/methodNames``).
  var methods: [String]

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.objectField("capabilities") { writer in
        writer.field("positionEncoding", positionEncoding.rawValue)
        // LSP 3.17: documents kept in sync incrementally, completion with resolve, the accept command.
        writer.objectField("textDocumentSync") { writer in
          writer.field("openClose", true)
          writer.field("change", 2)
        }
        writer.objectField("completionProvider") { writer in
          writer.field("resolveProvider", true)
          writer.arrayField("triggerCharacters") { writer in writer.write("#") }
          writer.objectField("completionItem") { writer in writer.field("labelDetailsSupport", true) }
        }
        writer.objectField("executeCommandProvider") { writer in
          writer.arrayField("commands") { writer in writer.write(ExecuteCommandRequest.recordChoice) }
        }
        writer.objectField("suggest") { writer in
          writer.arrayField("methods") { writer in
            for method in methods { writer.write(method) }
          }
          writer.field("debounceMs", debounceMilliseconds)
          writer.field("maxRecents", maxRecents)
          writer.arrayField("catalogs") { writer in
            for catalog in catalogs { writer.write(catalog) }
          }
        }
      }
      writer.objectField("serverInfo") { writer in
        writer.field("name", "suggest-lsp")
        writer.field("version", SuggestServer.version)
      }
    }
  }
}

extension SuggestServer {
  /// Registers `initialize`.
  func registerInitializeMethod(in table: inout MethodTable) {
    // The settings take effect on arrival, so that whatever is read after `initialize` (a document change, a
    // completion) uses them even when a pipe does not wait for the answer.
    table.register(
      InitializeRequest.self,
      onArrival: { request, _ in
        let encoding = Self.negotiate(offered: request.offeredEncodings, fallback: request.options.positionEncoding)
        let settings = self.settings.withLock { settings in
          settings.positionEncoding = encoding ?? settings.positionEncoding
          if let debounce = request.options.debounceMilliseconds { settings.debounceMilliseconds = debounce }
          if let maxRecents = request.options.maxRecents { settings.maxRecents = maxRecents }
          if let completion = request.options.completion { settings.completion = completion }
          settings.client = request.client
          settings.hasInitialized = true
          return settings
        }
        return (self.ordering.arriveWrite(), settings)
      }
    ) { request, _, arrived in
      let (ticket, settings) = arrived
      // The answer is made inside the ticket, so that it names the catalogs as of `initialize`, not as changed by a
      // later request that the ticket lets go.
      return try await ticket.run {
        if request.options.maxRecents != nil {
          do {
            try await self.recents.setMaxCount(settings.maxRecents)
          } catch {
            throw ResponseError.internalError("recents could not be saved: \(error)")
          }
        }
        return InitializeResult(
          positionEncoding: settings.positionEncoding,
          debounceMilliseconds: settings.debounceMilliseconds,
          maxRecents: settings.maxRecents,
          catalogs: self.catalogNames,
          methods: self.methodNames
        )
      }
    }
  }

  /// Picks the first encoding the client offered that the daemon supports; with none offered, the client's
  /// `initializationOptions.positionEncoding`; with neither, `nil` (keep the current one).
  static func negotiate(offered: [String]?, fallback: PositionEncoding?) -> PositionEncoding? {
    if let offered {
      return offered.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
    }
    return fallback
  }
}
