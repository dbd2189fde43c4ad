import JSONKit
import RPCKit

/// `textDocument/didClose {textDocument: {uri}}`: the client closed a document.
struct DidCloseTextDocumentNotification: RPCNotification {
  static let method = "textDocument/didClose"

  var uri: String

  init(params: JSONValue?) throws {
    uri = try JSONFields(params, path: "params").documentURI()
  }
}
