/// A JSON number kept as its literal text, so that integers of any size and `-0` round-trip exactly.
///
/// Numbers built from Swift values use their canonical text (`Int` in decimal, `Double` in the shortest
/// round-tripping form). Equality and hashing are by text: `1`, `1.0` and `1e0` are three different numbers.
/// That is intended, since request ids are echoed and compared as sent; compare ``int64Value`` or
/// ``doubleValue`` for numeric equality.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
  /// The number's literal text, valid JSON number grammar.
  public let text: String

  /// Wraps literal text the caller has already validated as a JSON number.
  package init(validatedText: String) {
    self.text = validatedText
  }

  /// Creates a number from literal text, checking it against the JSON number grammar.
  ///
  /// The grammar is RFC 8259's: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, with no surrounding
  /// whitespace. Any magnitude is accepted (`1e400` stays `1e400`). Fails (`nil`) when `literal` is not a JSON
  /// number.
  ///
  /// - Parameter literal: The candidate text.
  public init?(literal: String) {
    var literal = literal
    let isValid = literal.withUTF8 { bytes in
      JSONNumberGrammar.matches(UnsafeRawBufferPointer(bytes))
    }
    guard isValid else { return nil }
    self.text = literal
  }

  /// Creates a number from an integer, written in decimal.
  ///
  /// - Parameter value: The integer.
  public init(_ value: Int) {
    self.text = String(value)
  }

  /// Creates a number from a 64-bit integer, written in decimal.
  ///
  /// - Parameter value: The integer.
  public init(_ value: Int64) {
    self.text = String(value)
  }

  /// Creates a number from a floating-point value, written in the shortest form that reads back exactly.
  ///
  /// Values from 1e-4 to 2^53 that need at most 8 fraction digits are written in fixed point with the fewest digits
  /// that read back exactly (`3`, `0.93`, `-12.5`; integers without `.0`, as ECMAScript does); others use Swift's
  /// shortest round-tripping form (`0.30000000000000004`, `1e-05`, `1e+16`). `-0.0` stays `-0.0`. JSON has no
  /// infinities or NaN, so those are not representable (`JSONValue.init(_: Double)` maps them to `null` instead).
  /// Fails (`nil`) when `value` is infinite or NaN.
  ///
  /// - Parameter value: The value.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    if let fixed = FixedPointDecimal(value) {
      self.text = fixed.text
    } else {
      // Swift's description is the shortest round-tripping decimal and always valid JSON for finite values
      // (`0.1`, `1e-05`, `5e-324`, `1.7976931348623157e+308`).
      self.text = value.description
    }
  }

  /// The number's literal text.
  public var description: String { text }

  /// The exact value as an `Int64`, when the number is an integer in range.
  ///
  /// Exact decimal arithmetic on the literal, never rounding: `42`, `-0` (as 0), `4.0`, `1e3` and `12.5e1` are
  /// integers; `1.5`, `1e-1` and `9223372036854775808` are not (`nil`).
  public var int64Value: Int64? {
    JSONNumberGrammar.decompose(text)?.int64Value
  }

  /// The exact value as an `Int`, when the number is an integer in range (see ``int64Value``).
  public var intValue: Int? {
    int64Value.flatMap { Int(exactly: $0) }
  }

  /// Whether the number's value is an integer, of any size (`18446744073709551616` and `1e400` are; `0.5` is not).
  public var isInteger: Bool {
    JSONNumberGrammar.decompose(text)?.isInteger ?? false
  }

  /// The value as the nearest `Double`: out-of-range magnitudes give ±infinity or ±0.
  public var doubleValue: Double {
    // The text matches the JSON grammar, which `Double(_:)` always accepts; the fallback is unreachable.
    Double(text) ?? .nan
  }
}
