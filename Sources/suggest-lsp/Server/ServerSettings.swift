import SuggestEngine

/// The session settings in force: from the command line, then `initialize`.
struct ServerSettings: Sendable, Equatable {
  /// The encoding of highlight ranges.
  var positionEncoding: PositionEncoding
  /// The default debounce delay of search queries, in milliseconds.
  var debounceMilliseconds: Int
  /// How many recents are kept per catalog.
  var maxRecents: Int
  /// How `textDocument/completion` behaves.
  var completion = CompletionSettings()
  /// What the editor supports, from `initialize`.
  var client = EditorClient()
  /// Whether `initialize` was answered: only then are problems also sent to the client as `window/logMessage`
  /// (a shell pipe gets only the replies it asked for).
  var hasInitialized = false
}
