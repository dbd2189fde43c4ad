import JSONKit

/// The answer to `textDocument/completion`: an LSP `CompletionList`.
struct CompletionList: JSONEncodable, Sendable {
  /// Whether more items matched than the list holds: the client asks again as the user types.
  var isIncomplete: Bool
  /// `itemDefaults.editRange`, for clients that list `editRange` in `completionList.itemDefaults`.
  var defaultEditRange: DocumentRange?
  /// The items, best first.
  var items: [CompletionItem]

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.field("isIncomplete", isIncomplete)
      if let defaultEditRange {
        writer.objectField("itemDefaults") { writer in writer.field("editRange", defaultEditRange) }
      }
      writer.arrayField("items") { writer in
        for item in items { item.encode(to: &writer) }
      }
    }
  }
}
