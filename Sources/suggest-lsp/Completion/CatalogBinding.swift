/// One rule of the completion configuration: which documents (a file pattern or a `languageId`) a catalog serves.
struct CatalogBinding: Hashable, Sendable {
  /// Where the catalog comes from.
  enum Source: Hashable, Sendable {
    /// A catalog loaded already (`--catalog NAME=FILE`, `catalog/load`), by name.
    case named(String)
    /// A catalog file, loaded on first use into a catalog named by its path.
    case file(String)

    /// The name the catalog has in the registry.
    var catalogName: String {
      switch self {
      case .named(let name): name
      case .file(let path): path
      }
    }
  }

  /// The documents' file pattern, if the rule names one.
  var pattern: GlobPattern?
  /// The documents' language id, if the rule names one.
  var languageId: String?
  /// The catalog.
  var source: Source

  /// Whether the rule applies to a document (every condition it names must hold).
  func matches(path: String, languageId: String) -> Bool {
    if let pattern, !pattern.matches(path: path) { return false }
    if let id = self.languageId, id != languageId { return false }
    return true
  }
}
