/// A JSON value: the untyped tree the parser produces and the serializer writes.
///
/// Objects keep their members in document order (see ``JSONObject``) and numbers keep their literal text
/// (see ``JSONNumber``), so a value read from the wire can be written back byte-for-byte equivalent: request ids
/// such as `9007199254740993` or `-0` are echoed exactly.
///
/// Equality is structural and exact: strings and object keys compare by their UTF-8 bytes (JSON compares code
/// units, not canonical equivalence), numbers by their literal text, and objects ignore member order (see
/// ``JSONObject``).
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, kept as its literal text.
  case number(JSONNumber)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, members in document order.
  case object(JSONObject)

  /// Compares two values structurally: strings by UTF-8 bytes, numbers by literal text, objects ignoring order.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: Whether the two values are the same JSON.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): UTF8Bytes.equal(a, b)
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    default: false
    }
  }
}
