import SuggestEngine

/// The session settings in force: from the command line, then `initialize`.
struct ServerSettings: Sendable, Equatable {
  /// The encoding of highlight ranges.
  var positionEncoding: PositionEncoding
  /// The default debounce delay of search queries, in milliseconds.
  var debounceMilliseconds: Int
  /// How many recents are kept per catalog.
  var maxRecents: Int
}
