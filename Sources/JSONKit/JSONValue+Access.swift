extension JSONValue {
  /// Creates a number value from an integer.
  ///
  /// - Parameter value: The integer.
  public init(_ value: Int) {
    self = .number(JSONNumber(value))
  }

  /// Creates a number value from a floating-point value; infinities and NaN, which JSON cannot represent, become
  /// `null`.
  ///
  /// - Parameter value: The value.
  public init(_ value: Double) {
    self = JSONNumber(value).map(JSONValue.number) ?? .null
  }

  /// Creates a string value.
  ///
  /// - Parameter value: The string.
  public init(_ value: String) {
    self = .string(value)
  }

  /// Creates a Boolean value.
  ///
  /// - Parameter value: The Boolean.
  public init(_ value: Bool) {
    self = .bool(value)
  }

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { value } else { nil }
  }

  /// The Boolean, if this is `true` or `false`.
  public var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// The number, if this is a number.
  public var numberValue: JSONNumber? {
    if case .number(let value) = self { value } else { nil }
  }

  /// The object, if this is an object.
  public var objectValue: JSONObject? {
    if case .object(let value) = self { value } else { nil }
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let value) = self { value } else { nil }
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { true } else { false }
  }

  /// The value of the last member named `key`, if this is an object that has one.
  ///
  /// - Parameter key: The member name.
  public subscript(key: String) -> JSONValue? {
    objectValue?[key]
  }

  /// The element at `index`, if this is an array and the index is in bounds.
  ///
  /// - Parameter index: The element's position.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }

  /// The kind of value with its article, for messages: "null", "a Boolean", "a number", "a string", "an array",
  /// "an object".
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a Boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue: ExpressibleByNilLiteral {
  /// Creates `null`.
  ///
  /// - Parameter nilLiteral: The `nil` literal.
  public init(nilLiteral: ()) {
    self = .null
  }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// Creates `true` or `false`.
  ///
  /// - Parameter value: The literal.
  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// Creates a number from an integer literal.
  ///
  /// - Parameter value: The literal.
  public init(integerLiteral value: Int) {
    self = .number(JSONNumber(value))
  }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// Creates a number from a floating-point literal (a literal too large for `Double` becomes `null`).
  ///
  /// - Parameter value: The literal.
  public init(floatLiteral value: Double) {
    self.init(value)
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// Creates a string from a literal.
  ///
  /// - Parameter value: The literal.
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// Creates an array from a literal.
  ///
  /// - Parameter elements: The elements.
  public init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// Creates an object from a literal, keeping its order.
  ///
  /// - Parameter elements: The members.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(members: elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
  }
}
