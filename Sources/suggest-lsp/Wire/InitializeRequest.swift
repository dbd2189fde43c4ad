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
