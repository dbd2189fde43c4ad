import Foundation
import JSONKit
import RPCKit

/// How `textDocument/completion` behaves: which catalog serves which document, what a word is, how many items an
/// answer holds. From `initializationOptions.completion` and `workspace/didChangeConfiguration`.
struct CompletionSettings: Hashable, Sendable {
  /// The rules, first match wins; a document no rule matches gets the default catalog.
  var bindings: [CatalogBinding] = []
  /// What the query (the word before the cursor) is made of.
  var wordPattern = WordPattern()
  /// The most items in one answer; more matches make the list incomplete.
  var limit = 50

  /// The default settings.
  init() {}

  /// Decodes `{catalogs?: [{pattern?, languageId?, catalog? | path?}], wordCharacters?, limit?}`.
  ///
  /// - Throws: -32602 naming the field.
  init(fields: JSONFields) throws {
    if let extra: String = try fields.optional("wordCharacters") { wordPattern = WordPattern(extraCharacters: extra) }
    limit = try fields.count("limit", default: 50, maximum: 1_000)
    guard let rules = fields["catalogs"], !rules.isNull else { return }
    guard case .array(let elements) = rules else {
      throw JSONDecodingError(path: fields.path(of: "catalogs"), expected: "an array", value: rules)
    }
    for (index, element) in elements.enumerated() {
      let rule = try JSONFields(object: element, path: JSONPath.element(fields.path(of: "catalogs"), index))
      let pattern: String? = try rule.optional("pattern")
      let languageId: String? = try rule.optional("languageId")
      let source: CatalogBinding.Source
      if let path: String = try rule.optional("path") {
        source = .file(path)
      } else if let name: String = try rule.optional("catalog") {
        source = .named(name)
      } else {
        throw ResponseError.invalidParams("\(rule.path): expected \"path\" (a catalog file) or \"catalog\" (a name)")
      }
      guard pattern != nil || languageId != nil else {
        throw ResponseError.invalidParams("\(rule.path): expected \"pattern\" or \"languageId\"")
      }
      bindings.append(CatalogBinding(pattern: pattern.map(GlobPattern.init), languageId: languageId, source: source))
    }
  }

  /// The catalog of a document: the first rule that matches it, or the default catalog.
  func catalog(uri: String, languageId: String) -> CatalogBinding.Source {
    let path = URL(string: uri)?.path ?? uri
    return bindings.first { $0.matches(path: path, languageId: languageId) }?.source ?? .named("default")
  }
}
