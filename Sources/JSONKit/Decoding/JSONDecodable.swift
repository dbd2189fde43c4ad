/// A type that reads itself from a ``JSONValue``, reporting mismatches with the value's path.
///
/// Conform wire types by reading their fields with ``JSONFields``:
///
/// ```swift
/// struct FilterParams: JSONDecodable {
///   var query: String
///   var limit: Int
///
///   init(json: JSONValue, path: String) throws(JSONDecodingError) {
///     let fields = try JSONFields(object: json, path: path)
///     query = try fields.required("query")
///     limit = try fields.optional("limit", default: 50)
///   }
/// }
/// ```
public protocol JSONDecodable {
  /// Reads a value.
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path, for errors (see ``JSONPath``).
  /// - Throws: ``JSONDecodingError`` naming the path, what was expected and what was found.
  init(json: JSONValue, path: String) throws(JSONDecodingError)

  /// What a value of this type looks like in JSON, with its article ("a string", "an integer"): the expectation
  /// reported when a required field is missing. Defaults to "a value".
  static var expectedJSON: String { get }
}

extension JSONDecodable {
  /// "a value".
  public static var expectedJSON: String { "a value" }
}

extension String: JSONDecodable {
  /// "a string".
  public static var expectedJSON: String { "a string" }

  /// Reads a string.
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path, for errors.
  /// - Throws: ``JSONDecodingError`` unless the value is a string.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    guard case .string(let value) = json else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, value: json)
    }
    self = value
  }
}

extension Bool: JSONDecodable {
  /// "a Boolean".
  public static var expectedJSON: String { "a Boolean" }

  /// Reads `true` or `false`.
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path, for errors.
  /// - Throws: ``JSONDecodingError`` unless the value is a Boolean.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    guard case .bool(let value) = json else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, value: json)
    }
    self = value
  }
}

extension Int: JSONDecodable {
  /// "an integer".
  public static var expectedJSON: String { "an integer" }

  /// Reads an integer: a number whose exact value is integral and in range (`5`, `5.0` and `5e0` all read as 5).
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path, for errors.
  /// - Throws: ``JSONDecodingError`` ("expected an integer") for any other value.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    guard case .number(let number) = json else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, value: json)
    }
    guard let value = number.intValue else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, found: Self.describe(number))
    }
    self = value
  }

  /// Describes a number that is not an `Int`: fractional or out of range, quoting a prefix of its text.
  static func describe(_ number: JSONNumber) -> String {
    let quoted = number.text.utf8.count <= 24 ? number.text : "\(number.text.prefix(24))…"
    return number.isInteger ? "an integer out of range (\(quoted))" : "a fractional number (\(quoted))"
  }
}

extension Int64: JSONDecodable {
  /// "an integer".
  public static var expectedJSON: String { "an integer" }

  /// Reads a 64-bit integer: a number whose exact value is integral and in range.
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path, for errors.
  /// - Throws: ``JSONDecodingError`` ("expected an integer") for any other value.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    guard case .number(let number) = json else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, value: json)
    }
    guard let value = number.int64Value else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, found: Int.describe(number))
    }
    self = value
  }
}

extension Double: JSONDecodable {
  /// "a number".
  public static var expectedJSON: String { "a number" }

  /// Reads a number as the nearest `Double`.
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path, for errors.
  /// - Throws: ``JSONDecodingError`` unless the value is a number within `Double`'s range.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    guard case .number(let number) = json else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, value: json)
    }
    let value = number.doubleValue
    guard value.isFinite else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, found: "a number out of range")
    }
    self = value
  }
}

extension JSONValue: JSONDecodable {
  /// Takes any value as it is.
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path (unused: this never fails).
  public init(json: JSONValue, path: String) {
    self = json
  }
}

extension JSONObject: JSONDecodable {
  /// "an object".
  public static var expectedJSON: String { "an object" }

  /// Reads an object.
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path, for errors.
  /// - Throws: ``JSONDecodingError`` unless the value is an object.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    guard case .object(let value) = json else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, value: json)
    }
    self = value
  }
}

extension JSONNumber: JSONDecodable {
  /// "a number".
  public static var expectedJSON: String { "a number" }

  /// Reads a number, keeping its literal text.
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path, for errors.
  /// - Throws: ``JSONDecodingError`` unless the value is a number.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    guard case .number(let value) = json else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, value: json)
    }
    self = value
  }
}

extension Array: JSONDecodable where Element: JSONDecodable {
  /// "an array".
  public static var expectedJSON: String { "an array" }

  /// Reads an array, each element at path `path[i]`.
  ///
  /// - Parameters:
  ///   - json: The JSON value.
  ///   - path: The value's path, for errors.
  /// - Throws: ``JSONDecodingError`` unless the value is an array whose elements all read.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    guard case .array(let elements) = json else {
      throw JSONDecodingError(path: path, expected: Self.expectedJSON, value: json)
    }
    var result: [Element] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      result.append(try Element(json: element, path: JSONPath.element(path, index)))
    }
    self = result
  }
}
