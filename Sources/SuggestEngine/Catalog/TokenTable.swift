/// The tokens a catalog defines, plus the ids that items mention without a definition, each with a dense index.
struct TokenTable: Sendable {
  /// Defined tokens, in definition order.
  private(set) var tokens: [CatalogToken] = []
  /// Every known token id by index (defined ones and ones only mentioned by items).
  private(set) var ids: [String] = []
  /// Id → index into `ids`.
  private var indexOfID: [String: Int] = [:]
  /// Index into `ids` → index into `tokens`, for defined tokens.
  private var definitionOfIndex: [Int: Int] = [:]

  /// Creates a table from token definitions (a later definition of the same id replaces an earlier one).
  init(_ tokens: [CatalogToken] = []) {
    for token in tokens { define(token) }
  }

  /// A table from its stored parts (a snapshot's sections): the ids in index order, then the definitions in
  /// definition order.
  init(ids: [String], tokens: [CatalogToken]) {
    for id in ids { _ = index(of: id) }
    for token in tokens { define(token) }
  }

  /// Adds or replaces a definition.
  mutating func define(_ token: CatalogToken) {
    let index = self.index(of: token.id)
    if let existing = definitionOfIndex[index] {
      tokens[existing] = token
    } else {
      definitionOfIndex[index] = tokens.count
      tokens.append(token)
    }
  }

  /// The index of `id`, registering it if unknown.
  mutating func index(of id: String) -> Int {
    if let index = indexOfID[id] { return index }
    let index = ids.count
    ids.append(id)
    indexOfID[id] = index
    return index
  }

  /// The index of `id`, if known.
  func existingIndex(of id: String) -> Int? { indexOfID[id] }

  /// Whether a token with id `id` is defined (not only mentioned by items).
  func isDefined(_ id: String) -> Bool {
    guard let index = indexOfID[id] else { return false }
    return definitionOfIndex[index] != nil
  }

  /// The definition of the token with index `index`, if it has one.
  func definition(ofIndex index: Int) -> CatalogToken? {
    definitionOfIndex[index].map { tokens[$0] }
  }
}
