extension Catalog {
  /// The delta size past which an edit rebuilds the whole catalog into a new base.
  static func compactionThreshold(baseCount: Int) -> Int { max(4096, baseCount / 16) }

  /// Returns a snapshot with `items` added, each replacing any item with the same id. A replacing item takes a new
  /// index after all existing ones, as a new item does (the rule of a file with a repeated id: the later item wins,
  /// at its own position).
  ///
  /// - Parameters:
  ///   - items: The items to add or replace; a later one with the same id wins.
  ///   - tokens: Token definitions to add or replace.
  /// - Returns: The new snapshot; this one is unchanged.
  /// - Complexity: O(delta size + edits) usually; O(catalog) when the delta is compacted into the base.
  public func adding(_ items: [CatalogItem], tokens: [CatalogToken] = []) -> Catalog {
    var table = tokenTable
    for token in tokens { table.define(token) }
    var dead = baseDead
    var deltaItems = self.deltaItems
    var deltaIndices = self.deltaIndices.map { Int($0) }
    var slotOfIndex: [Int: Int] = [:]
    for (slot, index) in deltaIndices.enumerated() { slotOfIndex[index] = slot }
    var bound = indexBound
    var deltaSlotOfID: [String: Int] = [:]
    for (slot, item) in deltaItems.enumerated() { deltaSlotOfID[item.id] = slot }
    for item in items {
      if let slot = deltaSlotOfID[item.id] {
        deltaItems[slot] = item
        deltaIndices[slot] = bound
        bound += 1
      } else if let slot = base.slot(ofID: item.id), !dead.contains(slot) {
        dead.insert(slot)
        deltaSlotOfID[item.id] = deltaItems.count
        deltaItems.append(item)
        deltaIndices.append(bound)
        bound += 1
      } else {
        deltaSlotOfID[item.id] = deltaItems.count
        deltaItems.append(item)
        deltaIndices.append(bound)
        bound += 1
      }
    }
    return Self.assemble(
      base: base,
      dead: dead,
      deltaItems: deltaItems,
      deltaIndices: deltaIndices,
      table: table,
      bound: bound
    )
  }

  /// Returns this snapshot with its tokens in another order: `tokens` defined in their order first, then every
  /// other token id it knows, in its order. Items are unchanged.
  ///
  /// - Parameter tokens: The token definitions.
  /// - Returns: The new snapshot.
  func renumberingTokens(definingFirst tokens: [CatalogToken]) -> Catalog {
    var table = TokenTable(tokens)
    for id in tokenTable.ids { _ = table.index(of: id) }
    func renumbered(_ segment: CatalogSegment) -> CatalogSegment {
      var postings: [[Int32]] = []
      for (old, slots) in segment.tokenPostings.enumerated() where old < tokenTable.ids.count && !slots.isEmpty {
        guard let new = table.existingIndex(of: tokenTable.ids[old]) else { continue }
        while postings.count <= new { postings.append([]) }
        postings[new] = slots
      }
      return segment.withTokenPostings(postings)
    }
    return Catalog(
      base: renumbered(base),
      baseDead: baseDead,
      delta: renumbered(delta),
      deltaIndices: deltaIndices,
      deltaItems: deltaItems,
      tokenTable: table,
      indexBound: indexBound
    )
  }

  /// Returns a snapshot without the items whose ids are in `ids` (unknown ids are ignored).
  ///
  /// - Parameter ids: The ids to remove.
  /// - Returns: The new snapshot; this one is unchanged.
  /// - Complexity: O(delta size + `ids.count`).
  public func removing(ids: some Sequence<String>) -> Catalog {
    var dead = baseDead
    let removed = Set(ids)
    var changed = false
    var deltaItems: [CatalogItem] = []
    var deltaIndices: [Int] = []
    for (slot, item) in self.deltaItems.enumerated() {
      if removed.contains(item.id) {
        changed = true
      } else {
        deltaItems.append(item)
        deltaIndices.append(Int(self.deltaIndices[slot]))
      }
    }
    for id in removed {
      if let slot = base.slot(ofID: id), !dead.contains(slot) {
        dead.insert(slot)
        changed = true
      }
    }
    guard changed else { return self }
    return Self.assemble(
      base: base,
      dead: dead,
      deltaItems: deltaItems,
      deltaIndices: deltaIndices,
      table: tokenTable,
      bound: indexBound
    )
  }

  /// Builds the snapshot for an edited delta, compacting everything into a new base when the delta is large.
  private static func assemble(
    base: CatalogSegment,
    dead: Bitset,
    deltaItems: [CatalogItem],
    deltaIndices: [Int],
    table: TokenTable,
    bound: Int
  ) -> Catalog {
    var table = table
    if deltaItems.count > compactionThreshold(baseCount: base.count) {
      return compact(base: base, dead: dead, deltaItems: deltaItems, deltaIndices: deltaIndices, table: table)
    }
    var builder = CatalogSegmentBuilder(expectedCount: deltaItems.count, popularity: base.prior)
    for item in deltaItems { builder.append(item) { table.index(of: $0) } }
    return Catalog(
      base: base,
      baseDead: dead,
      delta: builder.build(),
      deltaIndices: deltaIndices.map { Int32($0) },
      deltaItems: deltaItems,
      tokenTable: table,
      indexBound: bound
    )
  }

  /// Rebuilds base and delta into one new base, in index order.
  private static func compact(
    base: CatalogSegment,
    dead: Bitset,
    deltaItems: [CatalogItem],
    deltaIndices: [Int],
    table: TokenTable
  ) -> Catalog {
    let order = deltaIndices.enumerated().sorted { $0.element < $1.element }
    var builder = CatalogBuilder(tokens: [], expectedCount: base.count + deltaItems.count)
    var cursor = 0
    for slot in 0..<base.count where !dead.contains(slot) {
      while cursor < order.count && order[cursor].element < slot {
        builder.append(deltaItems[order[cursor].offset])
        cursor += 1
      }
      builder.append(base.item(slot, tokenIDs: table.ids))
    }
    while cursor < order.count {
      builder.append(deltaItems[order[cursor].offset])
      cursor += 1
    }
    for token in table.tokens { builder.define(token) }
    return builder.build()
  }
}
