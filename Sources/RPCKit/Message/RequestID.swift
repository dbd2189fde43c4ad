public import JSONKit

/// A request's id as the client sent it: a number (literal text kept), a string, or an explicit `null`.
///
/// Ids are echoed exactly: `9007199254740993` stays itself, strings byte for byte.
public enum RequestID: Sendable, Hashable, CustomStringConvertible {
  /// A numeric id, kept as its literal text.
  case number(JSONNumber)
  /// A string id.
  case string(String)
  /// An explicit `"id": null`, answered as a request with id null.
  case null

  /// Reads an id from its JSON value; `nil` when the value cannot be an id (bool, array, object).
  public init?(json: JSONValue) {
    switch json {
    case .number(let number): self = .number(number)
    case .string(let string): self = .string(string)
    case .null: self = .null
    default: return nil
    }
  }

  /// An integer id.
  public init(_ value: Int) {
    self = .number(JSONNumber(value))
  }

  /// The id as a JSON value.
  public var json: JSONValue {
    switch self {
    case .number(let number): .number(number)
    case .string(let string): .string(string)
    case .null: .null
    }
  }

  /// The id as it appears on the wire.
  public var description: String {
    switch self {
    case .number(let number): number.text
    case .string(let string): "\"\(string)\""
    case .null: "null"
    }
  }
}
