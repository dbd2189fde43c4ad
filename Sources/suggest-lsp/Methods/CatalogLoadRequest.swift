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
    case inline(LoadedCatalog)
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
    } else if let items = fields["items"] {
      source = .inline(
        try CatalogLoader.decode(
          items: items,
          tokens: fields["tokens"],
          itemsPath: fields.path(of: "items"),
          tokensPath: fields.path(of: "tokens")
        )
      )
    } else {
      throw ResponseError.invalidParams(
        "params: expected \"path\" (a catalog file) or \"items\" (an array), got neither"
      )
    }
  }
}

extension SuggestServer {
  /// Registers `catalog/load`.
  func registerCatalogLoadMethod(in table: inout MethodTable) {
    registerWrite(CatalogLoadRequest.self, in: &table) { request, _ in
      var loaded: LoadedCatalog
      switch request.source {
      case .inline(let inline):
        loaded = inline
      case .file(let path, let format):
        do {
          loaded = try await CatalogLoader.load(path: path, format: format)
        } catch {
          throw ResponseError.invalidParams("params.path: \(error)")
        }
      }
      try Task.checkCancellation()
      self.log(loaded.report, catalog: request.catalog)
      self.catalogs.set(Catalog(items: loaded.takeItems(), tokens: loaded.tokens), named: request.catalog)
      self.catalogChanged(request.catalog)
      Memory.releaseFreedPages()
      return self.counts(request.catalog, report: loaded.report)
    }
  }
}
