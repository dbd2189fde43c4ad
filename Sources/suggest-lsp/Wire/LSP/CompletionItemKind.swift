/// The LSP `CompletionItemKind`s the daemon uses (the editor picks an icon from it).
enum CompletionItemKind: Int, Sendable {
  /// A catalog item.
  case value = 12
  /// A token (category).
  case keyword = 14
}
