/// A JSON number kept as its literal text, so that integers of any size and `-0` round-trip exactly.
///
/// Numbers built from Swift values use their canonical text (`Int` in decimal, `Double` in the shortest
/// round-tripping form).
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The number's literal text, valid JSON number grammar.
  public let text: String

  /// Wraps literal text the caller has already validated as a JSON number.
  package init(validatedText: String) {
    self.text = validatedText
  }

  /// The number's literal text.
  public var description: String { text }
}
