public import SuggestEngine
import TestSupport

/// A seeded catalog of package-like names (compound names of common parts, popularity ranks on a long tail), for
/// the quality test: tests cannot read the real corpora, and hand-picked names would only test what was tuned.
public enum SyntheticCatalog {
  /// Name parts: common stems and words of package names, so that names share stems, prefixes and initials.
  static let parts = [
    "py", "google", "cloud", "storage", "api", "core", "client", "django", "rest", "framework", "flask", "login",
    "test", "pytest", "mock", "aws", "cdk", "lambda", "types", "data", "json", "yaml", "http", "async", "tools",
    "utils", "sql", "alchemy", "redis", "queue", "auth", "oauth", "token", "stream", "parser", "schema", "model",
    "open", "telemetry", "exporter", "grpc", "proto", "buf", "config", "logging", "cache", "plugin", "sphinx",
    "theme", "docs", "image", "vision", "text", "nlp", "torch", "tensor", "numeric", "math", "stats", "plot",
    "chart", "web", "socket", "server", "kit", "lib", "io", "net", "file", "path", "time", "date", "zone",
    "crypto", "graphy", "hash", "secure", "jwt", "azure", "mgmt", "compute", "network", "monitor", "agent",
    "tracer", "boto", "bridge", "sync", "event", "hub", "notebook", "widget", "kernel", "jupyter", "lab",
  ]

  /// The items: `count` names, the first `ranked` of them (in shuffled order) with a popularity weight that
  /// falls by rank, the rest unranked; with `scoped`, every other name in a scope of its own as on npm
  /// (`@cloud/storage-api`).
  public static func items(count: Int, ranked: Int, seed: UInt64, scoped: Bool = false) -> [CatalogItem] {
    var random = SplitMix64(seed: seed)
    var names = Set<String>()
    var result: [CatalogItem] = []
    while result.count < count {
      let partCount = [1, 2, 2, 2, 3, 3, 4][Int(random.next() % 7)]
      var name = (0..<partCount).map { _ in parts[Int(random.next() % UInt64(parts.count))] }
      if partCount == 1 || random.next() % 4 == 0 {
        // Made-up stems: the long tail has many names of its own.
        let letters = Array("abcdefghiklmnoprstuvwxyz")
        name[0] += String((0..<Int(2 + random.next() % 4)).map { _ in letters[Int(random.next() % 24)] })
      }
      let separator = random.next() % 6 == 0 ? "_" : "-"
      var title = name.joined(separator: separator)
      if scoped && random.next() % 2 == 0 {
        title = "@" + parts[Int(random.next() % UInt64(parts.count))] + "/" + title
      }
      guard names.insert(title).inserted else { continue }
      let rank = result.count < ranked ? result.count : nil
      result.append(CatalogItem(id: title, title: title, weight: rank.map { Double(ranked + 1 - $0) } ?? 0))
    }
    result.shuffle(using: &random)
    return result
  }
}
