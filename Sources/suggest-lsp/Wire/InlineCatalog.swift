import JSONKit
import SuggestEngine

/// The `items` and `tokens` of `catalog/load` or `catalog/add`, kept as parsed JSON until the request's task decodes
/// them: decoding hundreds of thousands of items takes a while, and the reader, which builds the request, must go
/// on reading (a `$/cancelRequest`, a document change) meanwhile.
struct InlineCatalog: Sendable {
  private let items: JSONValue
  private let tokens: JSONValue?
  private let itemsPath: String
  private let tokensPath: String

  /// Takes `items` (and `tokens`) from `fields`, checking only their shape.
  ///
  /// - Throws: -32602 when `items` is missing or either is not an array.
  init(_ fields: JSONFields) throws {
    guard let items = fields["items"] else {
      throw JSONDecodingError.missing(path: fields.path(of: "items"), expected: "an array")
    }
    guard case .array = items else {
      throw JSONDecodingError(path: fields.path(of: "items"), expected: "an array", value: items)
    }
    if let tokens = fields["tokens"], !tokens.isNull, tokens.arrayValue == nil {
      throw JSONDecodingError(path: fields.path(of: "tokens"), expected: "an array", value: tokens)
    }
    self.items = items
    self.tokens = fields["tokens"]
    self.itemsPath = fields.path(of: "items")
    self.tokensPath = fields.path(of: "tokens")
  }

  /// Decodes the items and tokens; bad rows are skipped and reported.
  ///
  /// - Parameter catalog: For `catalog/add`, the catalog the items are added to: its tokens need not be declared
  ///   again.
  /// - Returns: The items, tokens and report.
  /// - Throws: -32602 when `items` or `tokens` is not an array.
  func decode(addingTo catalog: Catalog? = nil) throws -> LoadedCatalog {
    try CatalogLoader.decode(
      items: items,
      tokens: tokens,
      itemsPath: itemsPath,
      tokensPath: tokensPath,
      addingTo: catalog
    )
  }
}
