import JSONKit
import Locking
import RPCKit
import SuggestEngine

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
