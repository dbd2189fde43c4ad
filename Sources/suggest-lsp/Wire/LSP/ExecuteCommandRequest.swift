import JSONKit
import RPCKit

/// `workspace/executeCommand {command, arguments?}` → `null`. The one command is ``recordChoice``, which a
/// completion item carries so that accepting it records a recent choice.
struct ExecuteCommandRequest: RPCRequest {
  typealias Result = JSONValue
  static let method = "workspace/executeCommand"
  /// Records an accepted completion: `arguments: [{catalog, text, id?}]`.
  static let recordChoice = "suggest-lsp.recordChoice"

  var catalog: String
  var text: String
  var id: String?

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    let command: String = try fields.required("command")
    guard command == Self.recordChoice else {
      throw ResponseError.invalidParams(
        "params.command: unknown command \"\(command)\" (expected \"\(Self.recordChoice)\")"
      )
    }
    let arguments: [JSONValue] = try fields.required("arguments")
    guard let first = arguments.first else {
      throw ResponseError.invalidParams("params.arguments: expected one object {catalog, text, id?}, got none")
    }
    let choice = try JSONFields(object: first, path: "params.arguments[0]")
    catalog = try choice.required("catalog")
    text = try choice.required("text")
    id = try choice.optional("id")
  }

  /// The command an item carries.
  static func command(catalog: String, text: String, id: String?) -> JSONValue {
    var argument = JSONObject(members: [
      JSONObject.Member(key: "catalog", value: .string(catalog)), JSONObject.Member(key: "text", value: .string(text)),
    ])
    if let id { argument.members.append(JSONObject.Member(key: "id", value: .string(id))) }
    return ["title": "Record the choice", "command": .string(recordChoice), "arguments": [.object(argument)]]
  }
}
