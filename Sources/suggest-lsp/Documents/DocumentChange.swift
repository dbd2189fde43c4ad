/// One content change of `textDocument/didChange`: the whole new text, or the text that replaces a range.
struct DocumentChange: Hashable, Sendable {
  /// The range replaced; `nil` replaces the whole document.
  var range: DocumentRange?
  /// The new text.
  var text: String
}
