public import JSONKit

extension CatalogItem: JSONDecodable {
  /// "an object".
  public static var expectedJSON: String { "an object" }

  /// Reads an item object (contract §4), as in a `.json`/`.jsonl` catalog or the `items` of `catalog/load` and
  /// `catalog/add`.
  ///
  /// Fields, checked in this order (the first mismatch is the error):
  /// - `id`: a string, or a number that is kept as its literal text (`42` → `"42"`, `1e3` → `"1e3"`); absent,
  ///   `null` or `""` means the title.
  /// - `title` (required): a string that is not empty or all white space (kept exactly as written).
  /// - `completion`, `subtitle`: strings; absent, `null` or `""` mean none.
  /// - `keywords`: an array of strings; `tokens`: an array of token ids (strings, or numbers as their text);
  ///   absent or `null` mean none. An empty token id is kept here; the catalog loaders drop it with a warning.
  /// - `icon`: a string; absent, `null` or `""` mean none.
  /// - `weight`: a finite number; absent or `null` mean 0.
  ///
  /// Unknown fields are ignored.
  ///
  /// - Parameters:
  ///   - json: The item object.
  ///   - path: The object's path, e.g. `items[3]`.
  /// - Throws: ``JSONDecodingError`` naming the field, e.g. `items[3].title: expected a string, got a number`.
  public init(json: JSONValue, path: String) throws(JSONDecodingError) {
    try self.init(fields: JSONFields(object: json, path: path))
  }

  /// Reads an item from its object's members (see ``init(json:path:)``).
  init(fields: JSONFields) throws(JSONDecodingError) {
    let id = try fields.optionalIdentifier("id")
    let title = try fields.requiredString("title")
    guard !TextChecks.isBlank(title) else {
      throw JSONDecodingError(
        path: fields.path(of: "title"),
        expected: "a non-empty string",
        found: title.isEmpty ? "an empty string" : "a blank string"
      )
    }
    let completion = try fields.optionalString("completion")
    let subtitle = try fields.optionalString("subtitle")
    let keywords = try fields.strings("keywords")
    let tokens = try fields.identifiers("tokens")
    let icon = try fields.optionalString("icon")
    let weight = try fields.optionalNumber("weight") ?? 0
    self.init(
      id: id.flatMap { $0.isEmpty ? nil : $0 } ?? title,
      title: title,
      completion: completion.flatMap { $0.isEmpty ? nil : $0 },
      subtitle: subtitle.flatMap { $0.isEmpty ? nil : $0 },
      keywords: keywords,
      tokens: tokens,
      icon: icon.flatMap { $0.isEmpty ? nil : $0 },
      weight: weight
    )
  }
}
