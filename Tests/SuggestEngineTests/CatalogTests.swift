import Testing

@testable import SuggestEngine

@Suite struct CatalogTests {
  static let items = [
    CatalogItem(
      id: "a",
      title: "Alpha",
      completion: "alpha!",
      subtitle: "First letter",
      keywords: ["start"],
      tokens: ["greek"],
      icon: "a.circle",
      weight: 3
    ),
    CatalogItem(id: "b", title: "Beta", tokens: ["greek", "second"], weight: 0.1),
    CatalogItem(id: "Gamma", title: "Gamma"),
  ]

  @Test("items come back whole by index, and ids map to indices")
  func itemAccess() {
    let catalog = Catalog(items: Self.items, tokens: [CatalogToken(id: "greek", label: "Greek")])
    #expect(catalog.count == 3)
    #expect(catalog.indices == [0, 1, 2])
    for (index, item) in Self.items.enumerated() {
      #expect(catalog.item(at: index) == item)
      #expect(catalog.index(ofID: item.id) == index)
    }
    #expect(catalog.item(at: 3) == nil && catalog.item(at: -1) == nil)
    #expect(catalog.index(ofID: "zeta") == nil)
    #expect(catalog.item(at: 1, carries: "second") && !catalog.item(at: 0, carries: "second"))
    #expect(catalog.tokens == [CatalogToken(id: "greek", label: "Greek")])
  }

  @Test("a later item with the same id replaces the earlier one")
  func duplicateIDs() {
    let catalog = Catalog(items: [CatalogItem(id: "x", title: "one"), CatalogItem(id: "x", title: "two")])
    #expect(catalog.count == 1)
    #expect(catalog.index(ofID: "x").flatMap { catalog.title(at: $0) } == "two")
  }

  @Test("adding, replacing and removing return new snapshots and leave the old one intact")
  func snapshots() {
    let original = Catalog(items: Self.items)
    let added = original.adding([CatalogItem(id: "d", title: "Delta"), CatalogItem(id: "b", title: "Bravo")])
    #expect(original.count == 3 && original.title(at: 1) == "Beta")
    #expect(added.count == 4)
    #expect(added.title(at: 1) == nil && added.index(ofID: "b") == 4, "a replaced item takes a new index")
    #expect(added.indices.compactMap { added.title(at: $0) } == ["Alpha", "Gamma", "Delta", "Bravo"])
    #expect(added.index(ofID: "d") == 3)
    let removed = added.removing(ids: ["a", "d", "unknown"])
    #expect(removed.count == 2)
    #expect(removed.indices.compactMap { removed.id(at: $0) } == ["Gamma", "b"])
    #expect(removed.item(at: 0) == nil)
    #expect(added.count == 4)
    let readded = removed.adding([CatalogItem(id: "a", title: "Again")])
    #expect(readded.indices.compactMap { readded.title(at: $0) } == ["Gamma", "Bravo", "Again"])
    let twice = readded.adding([CatalogItem(id: "a", title: "Once more")])
    #expect(twice.indices.compactMap { twice.title(at: $0) } == ["Gamma", "Bravo", "Once more"])
    #expect(twice.index(ofID: "a") == 6, "a replaced delta item takes a new index too")
  }

  @Test("a large delta is compacted into a new base with the same items in the same order")
  func compaction() {
    var generator = RandomCatalog(seed: 5)
    let base = Catalog(items: generator.items(count: 50))
    let extra = generator.items(count: 4200).enumerated().map { number, item in
      var item = item
      item.id = "extra\(number)"
      return item
    }
    let grown = base.adding(extra)
    #expect(grown.count == base.count + 4200)
    #expect(grown.indices == Array(0..<grown.count), "compaction renumbers densely")
    let ids = grown.indices.compactMap { grown.id(at: $0) }
    #expect(ids == base.indices.compactMap { base.id(at: $0) } + extra.map(\.id), "same items, same order")
  }

  @Test("the registry swaps whole snapshots")
  func registry() {
    let registry = CatalogRegistry(default: Catalog(items: Self.items))
    #expect(registry.catalog()?.count == 3)
    registry.set(Catalog(items: []), named: "other")
    #expect(registry.names == ["default", "other"])
    let updated = registry.update { $0.adding([CatalogItem(id: "z", title: "Zeta")]) }
    #expect(updated.count == 4 && registry.catalog()?.count == 4)
    registry.update(named: "new") { $0.adding([CatalogItem(id: "n", title: "New")]) }
    #expect(registry.catalog(named: "new")?.count == 1)
    registry.remove(named: "other")
    #expect(registry.catalog(named: "other") == nil)
  }

  @Test("an empty query lists every item in catalog order, restricted by tokens")
  func emptyQuery() async throws {
    let catalog = Catalog(items: Self.items).adding([CatalogItem(id: "b", title: "B2", tokens: ["second"])])
    // The replaced "b" takes a new index, after the others.
    let all = try await catalog.search(SearchQuery(text: "  "))
    #expect(all.total == 3 && all.hits.map(\.index) == [0, 2, 3])
    let greek = try await catalog.search(SearchQuery(text: "", tokens: ["greek"]))
    #expect(greek.total == 1 && greek.hits.map(\.index) == [0])
    let second = try await catalog.search(SearchQuery(text: "", scope: "second", limit: 1, offset: 0))
    #expect(second.total == 1 && second.hits.map(\.index) == [3])
  }
}
