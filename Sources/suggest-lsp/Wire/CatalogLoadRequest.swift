import JSONKit
import RPCKit
import SuggestEngine

/// `catalog/load {path, format?, catalog?}` or `{items, tokens?, catalog?}` → counts: replaces a catalog (creating it
/// if needed). A path is a file the daemon reads; its format comes from its extension unless `format` is given. Bad
/// rows are skipped and counted.
struct CatalogLoadRequest: RPCRequest {
  typealias Result = CatalogCounts
  static let method = "catalog/load"

  enum Source: Sendable {
    case file(path: String, format: CatalogFormat?)
    case inline(InlineCatalog)
  }

  var source: Source
  var catalog: String

  init(params: JSONValue?) throws {
    let fields = try JSONFields(params, path: "params")
    catalog = try fields.catalogName()
    if let path: String = try fields.optional("path") {
      guard fields["items"] == nil else {
        throw ResponseError.invalidParams("params: expected either \"path\" or \"items\", got both")
      }
      var format: CatalogFormat?
      if let name: String = try fields.optional("format") {
        guard let named = CatalogFormat(name: name) else {
          throw ResponseError.invalidParams(
            "\(fields.path(of: "format")): expected one of \(CatalogFormat.supportedExtensions), got \"\(name)\""
          )
        }
        format = named
      }
      source = .file(path: path, format: format)
    } else if fields["items"] != nil {
      source = .inline(try InlineCatalog(fields))
    } else {
      throw ResponseError.invalidParams(
        "params: expected \"path\" (a catalog file) or \"items\" (an array), got neither"
      )
    }
  }
}
