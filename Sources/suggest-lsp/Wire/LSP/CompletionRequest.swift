import JSONKit
import RPCKit

/// `textDocument/completion {textDocument: {uri}, position, context?}` → ``CompletionList``: suggestions for the
/// word before the cursor.
struct CompletionRequest: RPCRequest {
  typealias Result = CompletionList
  static let method = "textDocument/completion"

  var uri: String
  var position: DocumentPosition

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    uri = try fields.documentURI()
    position = try fields.position("position")
  }
}
