/// The rules for the token ids items refer to, in one place: every format and request follows them, and a catalog
/// loaded into items (``CatalogAssembler``) and one built in parts (``CatalogStreamBuilder``) report them with the
/// same warnings, byte for byte.
///
/// - **Empty token ids**: an empty token id (`""` in an item's `tokens`) names no token: it is dropped from the
///   item, with one warning at the item. (A declared token with an empty id is a bad row, skipped; in TSV, the
///   empty pieces of a comma-separated `tokens` cell are list syntax, not ids, and are dropped silently.)
/// - **Undeclared tokens**: a token id that no token declares (neither the load's own tokens nor, for `catalog/add`,
///   the tokens the catalog defines) gets a token created with the id as its label, with one warning, at the first
///   item in catalog order that refers to it. The ids one item is the first to refer to are created in order of
///   first mention by any item (replaced ones included).
///
/// A value holds the undeclared ids of one load, in the order their tokens are created.
struct TokenReferences {
  /// A token id no token declares, and the position of the first item that refers to it.
  struct Undeclared: Equatable {
    /// The item's position (its slot, for a built catalog).
    var position: Int
    /// The token id.
    var id: String
  }

  /// The undeclared ids, by position and then in order of first mention.
  let undeclared: [Undeclared]

  /// The undeclared ids among the first references: each id with the position of the first item that refers to it
  /// and its rank in order of first mention.
  private init(firstReferences: [(position: Int, rank: Int, id: String)], isDeclared: (String) -> Bool) {
    undeclared = firstReferences.filter { !isDeclared($0.id) }
      .sorted { ($0.position, $0.rank) < ($1.position, $1.rank) }
      .map { Undeclared(position: $0.position, id: $0.id) }
  }

  /// The undeclared ids items held in an array refer to.
  ///
  /// - Parameters:
  ///   - items: The items, ids unique, in catalog order.
  ///   - mentionRanks: Each token id's rank in order of first mention (``mentionRanks(_:)`` of the items before
  ///     repeated ids were merged).
  ///   - isDeclared: Whether a token declares an id.
  init(items: [CatalogItem], mentionRanks: [String: Int], isDeclared: (String) -> Bool) {
    var references: [(position: Int, rank: Int, id: String)] = []
    var seen = Set<String>()
    items.withUnsafeBufferPointer { items in
      for (position, item) in items.enumerated() where !item.tokens.isEmpty {
        for id in item.tokens where seen.insert(id).inserted {
          references.append((position, mentionRanks[id, default: 0], id))
        }
      }
    }
    self.init(firstReferences: references, isDeclared: isDeclared)
  }

  /// The undeclared ids the live items of a freshly built catalog refer to.
  ///
  /// - Parameters:
  ///   - catalog: The catalog: its token table numbers ids in order of first mention by any item, after the
  ///     declared ones.
  ///   - isDeclared: Whether a token declares an id.
  init(catalog: Catalog, isDeclared: (String) -> Bool) {
    let ids = catalog.tokenTable.ids
    var references: [(position: Int, rank: Int, id: String)] = []
    for (token, slots) in catalog.base.tokenPostings.enumerated() where token < ids.count {
      if let slot = slots.first(where: { !catalog.baseDead.contains(Int($0)) }) {
        references.append((Int(slot), token, ids[token]))
      }
    }
    self.init(firstReferences: references, isDeclared: isDeclared)
  }

  /// Drops the empty token ids of decoded items, with one warning at each item that had any. Runs before anything
  /// else sees the items' tokens (before their catalog part is built, when a catalog is built in parts).
  ///
  /// - Parameters:
  ///   - rows: The items and where they came from.
  ///   - warnings: Where the warnings go, in row order.
  static func dropEmptyIDs(_ rows: inout DecodedRows<CatalogItem>, into warnings: inout IssueList) {
    // Found without touching (copying) the items: almost always there are none.
    let positions = rows.values.withUnsafeBufferPointer { items in
      items.indices.filter { position in items[position].tokens.contains { $0.isEmpty } }
    }
    for position in positions {
      rows.values[position].tokens.removeAll { $0.isEmpty }
      let item = rows.values[position].id
      warnings.append(rows.origins[position].issue("item \"\(item)\" refers to an empty token id: ignored"))
    }
  }

  /// Each token id items refer to, numbered in order of first mention.
  ///
  /// - Parameter items: The items, in file order.
  /// - Returns: The ranks (empty when no item names a token).
  static func mentionRanks(_ items: [CatalogItem]) -> [String: Int] {
    var order: [String: Int] = [:]
    items.withUnsafeBufferPointer { items in
      for item in items where !item.tokens.isEmpty {
        for token in item.tokens where order[token] == nil { order[token] = order.count }
      }
    }
    return order
  }

  /// The tokens created for the undeclared ids, in order: each labelled with its id.
  var createdTokens: [CatalogToken] { undeclared.map { CatalogToken(id: $0.id, label: $0.id) } }

  /// Appends a warning for each undeclared id, at the first item that refers to it.
  ///
  /// - Parameters:
  ///   - warnings: Where the warnings go.
  ///   - origin: Where the item at a position came from.
  ///   - itemID: The id of the item at a position.
  func warn(into warnings: inout IssueList, origin: (Int) -> RowOrigin, itemID: (Int) -> String) {
    for reference in undeclared {
      let item = itemID(reference.position)
      let id = reference.id
      warnings.append(
        origin(reference.position).issue(
          "item \"\(item)\" refers to undeclared token \"\(id)\": created with label \"\(id)\""
        )
      )
    }
  }
}
