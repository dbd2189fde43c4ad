import JSONKit

/// One LSP `CompletionItem` of a ``CompletionList``.
struct CompletionItem: Sendable {
  /// What the list shows (the item's title, or a token's label).
  var label: String
  var kind: CompletionItemKind
  /// The item's subtitle.
  var detail: String?
  /// `labelDetails.description`, for clients that support it.
  var labelDescription: String?
  /// The zero-padded rank, so that clients keep the daemon's order.
  var sortText: String
  /// What clients filter on, for hits that do not start with the typed word (typo, fuzzy, …); otherwise `nil`.
  var filterText: String?
  /// The text inserted.
  var newText: String
  /// The range replaced (the typed word); `nil` when the list's `itemDefaults.editRange` gives it.
  var editRange: DocumentRange?
  /// What `completionItem/resolve` needs to find the item again.
  var data: JSONValue
  /// Run on accept: records the choice as a recent.
  var command: JSONValue?

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.field("label", label)
      writer.field("kind", kind.rawValue)
      writer.field("detail", ifPresent: detail)
      if let labelDescription {
        writer.objectField("labelDetails") { writer in writer.field("description", labelDescription) }
      }
      writer.field("sortText", sortText)
      writer.field("filterText", ifPresent: filterText)
      if let editRange {
        writer.objectField("textEdit") { writer in
          writer.field("range", editRange)
          writer.field("newText", newText)
        }
      } else if newText != label {
        writer.field("textEditText", newText)
      }
      writer.field("data", data)
      writer.field("command", ifPresent: command)
    }
  }
}
