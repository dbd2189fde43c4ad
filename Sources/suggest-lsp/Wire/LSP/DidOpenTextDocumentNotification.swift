import JSONKit
import RPCKit

/// `textDocument/didOpen {textDocument: {uri, languageId, version, text}}`: the client opened a document.
struct DidOpenTextDocumentNotification: RPCNotification {
  static let method = "textDocument/didOpen"

  var uri: String
  var languageId: String
  var version: Int
  var text: String

  init(params: JSONValue?) throws {
    let document = try JSONFields(params, path: "params").requiredObject("textDocument")
    uri = try document.required("uri")
    languageId = try document.optional("languageId") ?? ""
    version = try document.optional("version") ?? 0
    text = try document.required("text")
  }
}
