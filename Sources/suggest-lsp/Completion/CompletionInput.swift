/// What a completion read from its document as it arrived: the word before the cursor, its range, and the catalog
/// that serves the document.
struct CompletionInput: Sendable {
  /// The word before the cursor (the query); a leading `#` asks for tokens.
  var word: String
  /// The word's range: what an accepted item replaces.
  var range: DocumentRange
  /// The catalog of the document.
  var source: CatalogBinding.Source
  /// The settings in force when it arrived.
  var settings: CompletionSettings
  /// What the client supports.
  var client: EditorClient
}
