/// Builds the paths that ``JSONDecodingError`` reports: `params.query`, `params.tokens[2]`, `params["a b"]`.
public enum JSONPath {
  /// The path of member `key` of the object at `path`.
  ///
  /// Keys that are identifiers are joined with a dot; others are quoted in brackets so the path stays
  /// unambiguous.
  ///
  /// - Parameters:
  ///   - path: The object's path (empty for the root).
  ///   - key: The member name.
  /// - Returns: The member's path.
  public static func member(_ path: String, _ key: String) -> String {
    if isIdentifier(key) {
      return path.isEmpty ? key : "\(path).\(key)"
    }
    return "\(path)[\(JSONValue.string(key).serializedString())]"
  }

  /// The path of element `index` of the array at `path`.
  ///
  /// - Parameters:
  ///   - path: The array's path (empty for the root).
  ///   - index: The element's position.
  /// - Returns: The element's path.
  public static func element(_ path: String, _ index: Int) -> String {
    "\(path)[\(index)]"
  }

  private static func isIdentifier(_ key: String) -> Bool {
    guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
    return key.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
        true
      default: false
      }
    }
  }
}
