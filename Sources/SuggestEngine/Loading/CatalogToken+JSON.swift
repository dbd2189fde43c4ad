public import JSONKit

extension CatalogToken: JSONDecodable {
  /// "an object".
  public static var expectedJSON: String { "an object" }

  /// Reads a token object (contract §4), as in the `tokens` of a `.json` catalog or of `catalog/load`.
  ///
  /// Fields: `id` (required: a non-empty string, or a number kept as its literal text); `label` (a string;
  /// absent, `null` or `""` mean the id); `icon` (a string; absent, `null` or `""` mean none); `keywords` (an array
  /// of strings). Unknown fields are ignored.
  ///
  /// - Parameters:
  ///   - json: The token object.
  ///   - path: The object's path, e.g. `tokens[1]`.
  /// - Throws: ``JSONDecodingError`` naming the field, e.g. `tokens[1].label: expected a string, got an array`.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    try self.init(fields: JSONFields(object: json, path: path))
  }

  /// Reads a token from its object's members (see ``init(json:path:)``).
  init(fields: JSONFields) throws(JSONDecodingError) {
    guard let id = try fields.optionalIdentifier("id") else {
      throw JSONDecodingError.missing(path: fields.path(of: "id"), expected: "a string or a number")
    }
    guard !id.isEmpty else {
      throw JSONDecodingError(path: fields.path(of: "id"), expected: "a non-empty string", found: "an empty string")
    }
    let label = try fields.optionalString("label")
    let icon = try fields.optionalString("icon")
    let keywords = try fields.strings("keywords")
    self.init(
      id: id,
      label: label.flatMap { $0.isEmpty ? nil : $0 } ?? id,
      icon: icon.flatMap { $0.isEmpty ? nil : $0 },
      keywords: keywords
    )
  }
}
