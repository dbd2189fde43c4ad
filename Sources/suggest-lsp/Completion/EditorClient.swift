import JSONKit

/// What the editor's `initialize` says it supports in completion lists, which changes how items are written.
struct EditorClient: Hashable, Sendable {
  /// `completionList.itemDefaults` lists `editRange`: the range goes once into the list, not into every item.
  var supportsDefaultEditRange = false
  /// `completionItem.labelDetailsSupport`.
  var supportsLabelDetails = false

  /// A client that supports nothing optional (no `initialize`, or a minimal one).
  init() {}

  /// Reads `params.capabilities.textDocument.completion`.
  init(capabilities: JSONFields) throws {
    let completion = try capabilities.optionalObject("textDocument").optionalObject("completion")
    let defaults: [String]? = try completion.optionalObject("completionList").optional("itemDefaults")
    supportsDefaultEditRange = defaults?.contains("editRange") ?? false
    supportsLabelDetails = try completion.optionalObject("completionItem").optional("labelDetailsSupport") ?? false
  }
}
