import JSONKit

/// The member readers of the catalog decoders: the errors of ``JSONFields``'s generic readers
/// (`items[3].title: expected a string, got a number`), but no path is built until an error needs it.
extension JSONFields {
  /// A string member that must be present.
  func requiredString(_ key: String) throws(JSONDecodingError) -> String {
    guard let value = self[key] else { throw JSONDecodingError.missing(path: path(of: key), expected: "a string") }
    guard case .string(let text) = value else {
      throw JSONDecodingError(path: path(of: key), expected: "a string", value: value)
    }
    return text
  }

  /// A string member; absent or `null` is `nil`.
  func optionalString(_ key: String) throws(JSONDecodingError) -> String? {
    switch self[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let value?: throw JSONDecodingError(path: path(of: key), expected: "a string", value: value)
    }
  }

  /// A finite number member; absent or `null` is `nil`.
  func optionalNumber(_ key: String) throws(JSONDecodingError) -> Double? {
    switch self[key] {
    case nil, .null?:
      return nil
    case .number(let number)?:
      let value = number.doubleValue
      guard value.isFinite else {
        throw JSONDecodingError(path: path(of: key), expected: "a number", found: "a number out of range")
      }
      return value
    case let value?:
      throw JSONDecodingError(path: path(of: key), expected: "a number", value: value)
    }
  }

  /// An identifier member: a string, or a number kept as its literal text (`42` → `"42"`, `1e3` → `"1e3"`: an id
  /// is a name, and `1e3` and `1000` are different names); absent or `null` is `nil`.
  func optionalIdentifier(_ key: String) throws(JSONDecodingError) -> String? {
    switch self[key] {
    case nil, .null?: return nil
    case let value?: return try Self.identifier(value, path: path(of: key))
    }
  }

  /// An array of strings; absent or `null` is empty.
  func strings(_ key: String) throws(JSONDecodingError) -> [String] {
    try array(key) { (element, elementPath) throws(JSONDecodingError) in
      guard case .string(let text) = element else {
        throw JSONDecodingError(path: elementPath(), expected: "a string", value: element)
      }
      return text
    }
  }

  /// An array of identifiers (strings, or numbers as their text); absent or `null` is empty.
  func identifiers(_ key: String) throws(JSONDecodingError) -> [String] {
    try array(key) { (element, elementPath) throws(JSONDecodingError) in
      try Self.identifier(element, path: elementPath())
    }
  }

  private func array(
    _ key: String,
    _ read: (JSONValue, () -> String) throws(JSONDecodingError) -> String
  ) throws(JSONDecodingError) -> [String] {
    switch self[key] {
    case nil, .null?:
      return []
    case .array(let elements)?:
      var result: [String] = []
      result.reserveCapacity(elements.count)
      for (index, element) in elements.enumerated() {
        result.append(try read(element) { JSONPath.element(path(of: key), index) })
      }
      return result
    case let value?:
      throw JSONDecodingError(path: path(of: key), expected: "an array", value: value)
    }
  }

  private static func identifier(
    _ value: JSONValue,
    path: @autoclosure () -> String
  ) throws(JSONDecodingError)
    -> String
  {
    switch value {
    case .string(let text): return text
    case .number(let number): return number.text
    default: throw JSONDecodingError(path: path(), expected: "a string or a number", value: value)
    }
  }
}
