/// Typed access to the members of one JSON object, with errors that name the field's path.
///
/// ```swift
/// let params = try JSONFields(request.params, path: "params")  // absent or null params: no fields
/// let query: String = try params.required("query")
/// let tokens = try params.optional("tokens", as: [String].self) ?? []
/// let limit = try params.optional("limit", default: 50)
/// ```
///
/// A wrong type gives ``JSONDecodingError`` such as `params.tokens[2]: expected a string, got a number`.
public struct JSONFields: Sendable {
  /// Where the object is, spelled out only when ``path`` is asked for (an error needs it): decoding a million
  /// array elements must not build a million path strings (`items[123456]`) that no error uses.
  private enum Location: Sendable {
    /// A path given as text.
    case text(String)
    /// Element `index` of the array at `array`.
    case element(array: String, index: Int)
  }

  /// The object's path, the prefix of every error path.
  public var path: String {
    switch location {
    case .text(let text): text
    case .element(let array, let index): JSONPath.element(array, index)
    }
  }
  /// The object's location.
  private let location: Location
  /// The object read.
  public let object: JSONObject

  /// Reads fields from a value that may be absent: absent, `null` or `[]` reads as an object with no members.
  ///
  /// This is the rule for JSON-RPC `params` (`"params": null` is the same as no params). An empty array counts as
  /// no members too: Lua clients cannot tell an empty object from an empty array, and Neovim encodes `{}` as `[]`.
  ///
  /// - Parameters:
  ///   - value: The value, or `nil` when absent.
  ///   - path: The value's path.
  /// - Throws: ``JSONDecodingError`` when the value is present, not `null`, not `[]`, and not an object.
  public init(_ value: JSONValue?, path: String) throws(JSONDecodingError) {
    switch value {
    case nil, .null?:
      self.init(object: JSONObject(), path: path)
    case .array(let elements)? where elements.isEmpty:
      self.init(object: JSONObject(), path: path)
    case .object(let object)?:
      self.init(object: object, path: path)
    case let value?:
      throw JSONDecodingError(path: path, expected: "an object", value: value)
    }
  }

  /// Reads fields from a value that must be an object (`null` included is an error).
  ///
  /// Use this in ``JSONDecodable`` conformances of nested objects.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - path: The value's path.
  /// - Throws: ``JSONDecodingError`` when the value is not an object.
  public init(object value: JSONValue, path: String) throws(JSONDecodingError) {
    guard case .object(let object) = value else {
      throw JSONDecodingError(path: path, expected: "an object", value: value)
    }
    self.init(object: object, path: path)
  }

  /// Reads fields from an object.
  ///
  /// - Parameters:
  ///   - object: The object.
  ///   - path: The object's path.
  public init(object: JSONObject, path: String) {
    self.object = object
    self.location = .text(path)
  }

  /// Reads fields from element `index` of an array, a value that must be an object; the element's path
  /// (`items[3]`) is built only if an error needs it.
  ///
  /// - Parameters:
  ///   - value: The element.
  ///   - index: The element's position.
  ///   - arrayPath: The array's path.
  /// - Throws: ``JSONDecodingError`` when the value is not an object.
  public init(object value: JSONValue, element index: Int, of arrayPath: String) throws(JSONDecodingError) {
    guard case .object(let object) = value else {
      throw JSONDecodingError(path: JSONPath.element(arrayPath, index), expected: "an object", value: value)
    }
    self.object = object
    self.location = .element(array: arrayPath, index: index)
  }

  /// The path of the field named `key`.
  ///
  /// - Parameter key: The member name.
  /// - Returns: For example `params.query`.
  public func path(of key: String) -> String {
    JSONPath.member(path, key)
  }

  /// The raw value of the field named `key` (the last one, if repeated), or `nil` when absent.
  ///
  /// - Parameter key: The member name.
  public subscript(key: String) -> JSONValue? {
    object[key]
  }

  /// Reads a field that must be present.
  ///
  /// `null` is passed to `T`, so only types that accept it (``JSONValue``) read it.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - type: The type to read.
  /// - Returns: The field's value.
  /// - Throws: ``JSONDecodingError`` when the field is absent or does not read as `T`.
  public func required<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws(JSONDecodingError) -> T {
    guard let value = object[key] else {
      throw JSONDecodingError.missing(path: path(of: key), expected: T.expectedJSON)
    }
    return try T(json: value, path: path(of: key))
  }

  /// Reads a field that may be absent or `null`.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - type: The type to read.
  /// - Returns: The field's value, or `nil` when absent or `null`.
  /// - Throws: ``JSONDecodingError`` when the field is present and does not read as `T`.
  public func optional<T: JSONDecodable>(_ key: String, as type: T.Type = T.self) throws(JSONDecodingError) -> T? {
    guard let value = object[key], !value.isNull else { return nil }
    return try T(json: value, path: path(of: key))
  }

  /// Reads a field that may be absent or `null`, with a default.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - type: The type to read.
  ///   - defaultValue: The value when the field is absent or `null`.
  /// - Returns: The field's value, or `defaultValue`.
  /// - Throws: ``JSONDecodingError`` when the field is present and does not read as `T`.
  public func optional<T: JSONDecodable>(
    _ key: String,
    as type: T.Type = T.self,
    default defaultValue: T
  ) throws(JSONDecodingError) -> T {
    try optional(key, as: type) ?? defaultValue
  }

  /// The fields of a nested object that must be present.
  ///
  /// - Parameter key: The member name.
  /// - Returns: The nested object's fields, with paths under this one.
  /// - Throws: ``JSONDecodingError`` when the field is absent or not an object.
  public func requiredObject(_ key: String) throws(JSONDecodingError) -> JSONFields {
    guard let value = object[key] else {
      throw JSONDecodingError.missing(path: path(of: key), expected: "an object")
    }
    return try JSONFields(object: value, path: path(of: key))
  }

  /// The fields of a nested object that may be absent, `null` or `[]` (then it has no fields).
  ///
  /// - Parameter key: The member name.
  /// - Returns: The nested object's fields, with paths under this one.
  /// - Throws: ``JSONDecodingError`` when the field is present, not `null`, not `[]`, and not an object.
  public func optionalObject(_ key: String) throws(JSONDecodingError) -> JSONFields {
    try JSONFields(object[key], path: path(of: key))
  }

  /// The keys of this object that are not in `known`, in document order: for rejecting or logging unknown fields.
  ///
  /// - Parameter known: The member names the reader understands.
  /// - Returns: The other member names.
  public func unknownKeys(_ known: Set<String>) -> [String] {
    object.members.map(\.key).filter { !known.contains($0) }
  }
}
