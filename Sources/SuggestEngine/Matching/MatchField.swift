/// The item field that produced a match.
public enum MatchField: String, Sendable, Hashable {
  /// The title.
  case title
  /// The subtitle (title words may have matched too).
  case subtitle
  /// The keywords (title or subtitle words may have matched too).
  case keyword
}
