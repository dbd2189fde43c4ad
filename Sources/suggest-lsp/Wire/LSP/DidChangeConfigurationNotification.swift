import JSONKit
import RPCKit

/// `workspace/didChangeConfiguration {settings}`: new completion settings, in `settings.completion` or
/// `settings["suggest-lsp"].completion` (clients often nest settings under the server's name). Settings without
/// either leave the completion settings as they are.
struct DidChangeConfigurationNotification: RPCNotification {
  static let method = "workspace/didChangeConfiguration"

  /// The new completion settings, if the notification carries some.
  var completion: CompletionSettings?

  init(params: JSONValue?) throws {
    var settings = try JSONFields(params, path: "params").optionalObject("settings")
    if settings["completion"] == nil, settings["suggest-lsp"] != nil {
      settings = try settings.optionalObject("suggest-lsp")
    }
    guard let value = settings["completion"], !value.isNull else { return }
    completion = try CompletionSettings(fields: try JSONFields(object: value, path: settings.path(of: "completion")))
  }
}
