/// A JSON object: its members in document order.
///
/// Lookup by key is linear, which beats hashing for the small objects of a protocol message. When a key occurs
/// more than once, lookup returns the last occurrence (as ECMAScript's `JSON.parse` does).
public struct JSONObject: Sendable, Hashable {
  /// One `"key": value` pair.
  public struct Member: Sendable, Hashable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in document order.
  public var members: [Member]

  /// Creates an object from members in order.
  public init(members: [Member] = []) {
    self.members = members
  }
}
