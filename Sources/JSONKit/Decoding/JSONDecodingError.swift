/// A JSON value did not have the shape a reader expected: which field, what was expected, what was found.
///
/// The transport maps it to a JSON-RPC `-32602 Invalid params` error whose message is ``description``, e.g.
/// `params.tokens[2]: expected a string, got a number`; catalog loaders report it per row.
public struct JSONDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where the value is, from the reader's root: `params.tokens[2]`, `items[3].title`, `params["odd key"]`.
  public var path: String
  /// What was expected, with its article: "a string", "an integer", "one of \"prefix\", \"fuzzy\"".
  public var expected: String
  /// What was found: a kind ("a number", "null"), a short quote of the value, or "nothing" for a missing field.
  public var found: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - path: Where the value is.
  ///   - expected: What was expected, with its article.
  ///   - found: What was there instead.
  public init(path: String, expected: String, found: String) {
    self.path = path
    self.expected = expected
    self.found = found
  }

  /// Creates an error for a value of the wrong kind, describing what was found by its kind.
  ///
  /// - Parameters:
  ///   - path: Where the value is.
  ///   - expected: What was expected, with its article.
  ///   - value: The value found.
  public init(path: String, expected: String, value: JSONValue) {
    self.init(path: path, expected: expected, found: value.kindDescription)
  }

  /// Creates an error for a required field that is absent.
  ///
  /// - Parameters:
  ///   - path: Where the field should be.
  ///   - expected: What was expected, with its article.
  /// - Returns: The error.
  public static func missing(path: String, expected: String) -> JSONDecodingError {
    JSONDecodingError(path: path, expected: expected, found: "nothing")
  }

  /// The message: `<path>: expected <expected>, got <found>`.
  public var description: String {
    "\(path.isEmpty ? "value" : path): expected \(expected), got \(found)"
  }
}
