/// A JSON object: its members in document order.
///
/// Lookup by key is linear, which beats hashing for the small objects of a protocol message. When a key occurs
/// more than once, lookup returns the last occurrence (as ECMAScript's `JSON.parse` does). Keys compare by their
/// UTF-8 bytes, as JSON specifies.
///
/// Equality and hashing ignore member order, so that parsed JSON compares structurally: two objects are equal when
/// their members, stably sorted by key, are equal (duplicates of one key must match in order). Iteration, by
/// contrast, is in document order.
public struct JSONObject: Sendable, Hashable {
  /// One `"key": value` pair.
  public struct Member: Sendable, Hashable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    ///
    /// - Parameters:
    ///   - key: The member's name.
    ///   - value: The member's value.
    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }

    /// Compares members by key bytes and value.
    ///
    /// - Parameters:
    ///   - lhs: A member.
    ///   - rhs: Another member.
    /// - Returns: Whether keys and values are equal.
    public static func == (lhs: Member, rhs: Member) -> Bool {
      UTF8Bytes.equal(lhs.key, rhs.key) && lhs.value == rhs.value
    }
  }

  /// The members in document order.
  public var members: [Member]

  /// Creates an object from members in order.
  ///
  /// - Parameter members: The members, in order; duplicate keys are kept.
  public init(members: [Member] = []) {
    self.members = members
  }

  /// The value of the last member named `key`, or `nil` when there is none.
  ///
  /// Setting replaces the value of the last member named `key`, or appends a member; setting `nil` removes every
  /// member named `key`.
  ///
  /// - Parameter key: The member name.
  /// - Complexity: O(*n*) in the number of members.
  public subscript(key: String) -> JSONValue? {
    get {
      lastIndex(of: key).map { members[$0].value }
    }
    set {
      if let newValue {
        if let index = lastIndex(of: key) {
          members[index].value = newValue
        } else {
          members.append(Member(key: key, value: newValue))
        }
      } else {
        members.removeAll { UTF8Bytes.equal($0.key, key) }
      }
    }
  }

  /// Appends a member, keeping any earlier member with the same key (which lookup then no longer returns).
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - value: The member value.
  public mutating func append(key: String, value: JSONValue) {
    members.append(Member(key: key, value: value))
  }

  /// The keys in document order (with duplicates).
  public var keys: [String] { members.map(\.key) }

  /// Whether a member named `key` exists (even with a `null` value).
  ///
  /// - Parameter key: The member name.
  /// - Returns: `true` if some member has this key.
  public func contains(key: String) -> Bool {
    lastIndex(of: key) != nil
  }

  private func lastIndex(of key: String) -> Int? {
    var index = members.count
    while index > 0 {
      index -= 1
      if UTF8Bytes.equal(members[index].key, key) { return index }
    }
    return nil
  }

  /// Members sorted by key bytes; stable, so duplicates keep document order.
  private var canonicalMembers: [Member] {
    members.enumerated().sorted { lhs, rhs in
      let order = UTF8Bytes.compare(lhs.element.key, rhs.element.key)
      return order == 0 ? lhs.offset < rhs.offset : order < 0
    }.map(\.element)
  }

  /// Compares two objects ignoring member order.
  ///
  /// - Parameters:
  ///   - lhs: An object.
  ///   - rhs: Another object.
  /// - Returns: Whether both have the same members, up to order (duplicate keys must match in order).
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.members.count == rhs.members.count else { return false }
    // Same order is the common case and needs no sorting.
    if lhs.members == rhs.members { return true }
    return lhs.canonicalMembers == rhs.canonicalMembers
  }

  /// Hashes the members independently of their order, consistently with ``==(_:_:)``.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(members.count)
    for member in canonicalMembers {
      hasher.combine(member)
    }
  }
}

extension JSONObject: RandomAccessCollection {
  /// The position of the first member.
  public var startIndex: Int { members.startIndex }

  /// The position past the last member.
  public var endIndex: Int { members.endIndex }

  /// The member at `position`, in document order.
  ///
  /// - Parameter position: A valid index.
  public subscript(position: Int) -> Member { members[position] }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  /// Creates an object from a literal, keeping its order.
  ///
  /// - Parameter elements: The key-value pairs.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self.members = elements.map { Member(key: $0.0, value: $0.1) }
  }
}
