import JSONKit

/// What the loaders decode: items and tokens, each with an id and a JSON form.
protocol CatalogRow: Sendable {
  /// The id duplicates are found by.
  var id: String { get }

  /// Reads the value from the members of its object.
  init(fields: JSONFields) throws(JSONDecodingError)
}

extension CatalogItem: CatalogRow {}
extension CatalogToken: CatalogRow {}
