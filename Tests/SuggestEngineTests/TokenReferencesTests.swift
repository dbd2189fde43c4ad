import Testing

@testable import SuggestEngine

/// The one rule for undeclared tokens, read from items in an array (the assembler's side) and from a built catalog
/// (the stream builder's side): the same ids, at the same items, in the same order.
@Suite struct TokenReferencesTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var items: [CatalogItem]
    var declared: Set<String>
    /// (item id, token id) of each token created, in order.
    var expected: [String]
    var testDescription: String { name }
  }

  private static func item(_ id: String, _ tokens: [String]) -> CatalogItem {
    CatalogItem(id: id, title: "title \(id)", tokens: tokens)
  }

  static let cases: [Case] = [
    Case(name: "no tokens", items: [item("a", []), item("b", [])], declared: [], expected: []),
    Case(
      name: "declared ids create nothing",
      items: [item("a", ["x"]), item("b", ["y", "x"])],
      declared: ["x", "y"],
      expected: []
    ),
    Case(
      name: "each id at its first item, ids of one item in order of first mention",
      items: [item("a", ["x"]), item("b", ["z", "y", "x"]), item("c", ["y", "w"])],
      declared: [],
      expected: ["a x", "b z", "b y", "c w"]
    ),
    Case(
      name: "a replaced item's mentions count for the order but not for the place",
      items: [item("a", ["y"]), item("b", ["x", "y"]), item("a", ["q"])],
      declared: ["q"],
      expected: ["b y", "b x"]
    ),
    Case(
      name: "an id only a replaced item names creates nothing",
      items: [item("a", ["gone"]), item("b", ["x"]), item("a", [])],
      declared: [],
      expected: ["b x"]
    ),
  ]

  @Test("items in an array and a built catalog give the same undeclared ids, in order", arguments: cases)
  func sameFromBothSides(_ testCase: Case) async throws {
    var rows = DecodedRows<CatalogItem>()
    for (index, item) in testCase.items.enumerated() { rows.append(item, origin: RowOrigin(line: index + 1)) }
    let ranks = TokenReferences.mentionRanks(rows.values)
    var warnings = IssueList()
    CatalogAssembler.mergeDuplicates(&rows, kind: "id", arrayName: "items", into: &warnings)
    let fromItems = TokenReferences(items: rows.values, mentionRanks: ranks) { testCase.declared.contains($0) }
    let itemIDs = fromItems.undeclared.map { "\(rows.values[$0.position].id) \($0.id)" }

    let catalog = Catalog(items: testCase.items)
    let fromCatalog = TokenReferences(catalog: catalog) { testCase.declared.contains($0) }
    let slotIDs = fromCatalog.undeclared.map { "\(catalog.base.id($0.position)) \($0.id)" }

    #expect(itemIDs == testCase.expected)
    #expect(slotIDs == testCase.expected)
    #expect(fromItems.createdTokens == fromCatalog.createdTokens)
    #expect(fromItems.createdTokens.allSatisfy { $0.label == $0.id })
  }

  @Test("the warning names the item and the token, at the item's row")
  func warningText() {
    let references = TokenReferences(items: [Self.item("a", ["x"])], mentionRanks: ["x": 0]) { _ in false }
    var warnings = IssueList()
    references.warn(into: &warnings, origin: { _ in RowOrigin(line: 0, index: 4) }, itemID: { _ in "a" })
    #expect(
      warnings.stored == [
        LoadIssue(index: 4, message: "item \"a\" refers to undeclared token \"x\": created with label \"x\"")
      ]
    )
  }
}
