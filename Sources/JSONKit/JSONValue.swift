/// A JSON value: the untyped tree the parser produces and the serializer writes.
///
/// Objects keep their members in document order (see ``JSONObject``) and numbers keep their literal text
/// (see ``JSONNumber``), so a value read from the wire can be written back byte-for-byte equivalent: request ids
/// such as `9007199254740993` or `-0` are echoed exactly.
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
}
