import JSONKit

/// What the loaders decode: items and tokens, each with an id and a JSON form.
protocol CatalogRow: Sendable {
  /// The id duplicates are found by.
  var id: String { get }

  /// Reads the value from JSON, spelling out its path only if it is wrong.
  init(json: JSONValue, at path: LazyPath) throws(JSONDecodingError)
}

extension CatalogItem: CatalogRow {}
extension CatalogToken: CatalogRow {}
