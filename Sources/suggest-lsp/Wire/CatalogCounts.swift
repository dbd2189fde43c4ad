import JSONKit
import RPCKit
import SuggestEngine

/// The answer of every `catalog/*` method: the catalog's counts after the change.
struct CatalogCounts: JSONEncodable, Sendable {
  var catalog: String
  var items: Int
  var tokens: Int
  /// Every loaded catalog's name.
  var catalogs: [String]
  /// `catalog/load`, `catalog/add`: rows skipped as invalid, with the first few reasons.
  var report: CatalogLoadReport?
  /// `catalog/remove`: how many items were removed.
  var removed: Int?

  func encode(to writer: inout JSONWriter) {
    writer.writeObject { writer in
      writer.field("catalog", catalog)
      writer.field("items", items)
      writer.field("tokens", tokens)
      writer.field("removed", ifPresent: removed)
      if let report {
        writer.field("skipped", report.skippedCount)
        writer.arrayField("issues") { writer in
          for issue in (report.skipped + report.warnings).prefix(20) { writer.write(issue.description) }
        }
      }
      writer.arrayField("catalogs") { writer in
        for name in catalogs { writer.write(name) }
      }
    }
  }
}

extension SuggestServer {
  /// The counts of the catalog named `name` (0 when it does not exist).
  func counts(_ name: String, report: CatalogLoadReport? = nil) -> CatalogCounts {
    let catalog = catalogs.catalog(named: name)
    return CatalogCounts(
      catalog: name,
      items: catalog?.count ?? 0,
      tokens: catalog?.tokens.count ?? 0,
      catalogs: catalogs.names,
      report: report
    )
  }

  /// Reports skipped rows and warnings of a load on stderr.
  func log(_ report: CatalogLoadReport, catalog: String) {
    guard report.skippedCount > 0 || report.warningCount > 0 else { return }
    Log.warning("catalog \"\(catalog)\": \(report.summary)")
    for line in report.lines { Log.info("catalog \"\(catalog)\": \(line)") }
  }
}
