import JSONKit
import RPCKit

/// `textDocument/didChange {textDocument: {uri, version}, contentChanges: [{range?, text}]}`: the client changed a
/// document (whole texts, or incremental changes in the negotiated position encoding, applied in order).
struct DidChangeTextDocumentNotification: RPCNotification {
  static let method = "textDocument/didChange"

  var uri: String
  var version: Int
  var changes: [DocumentChange]

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    let document = try fields.requiredObject("textDocument")
    uri = try document.required("uri")
    version = try document.required("version")
    let list: [JSONValue] = try fields.required("contentChanges")
    changes = try list.enumerated().map { index, element in
      let change = try JSONFields(object: element, path: JSONPath.element(fields.path(of: "contentChanges"), index))
      let range: DocumentRange? = (change["range"]?.isNull ?? true) ? nil : try change.range("range")
      return DocumentChange(range: range, text: try change.required("text"))
    }
  }
}
