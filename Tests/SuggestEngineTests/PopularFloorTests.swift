import TestSupport
import Testing

@testable import SuggestEngine

/// The floor probe (``Catalog/plan(_:prepared:restriction:session:scratch:)``) evaluates only the popular items that
/// ``SegmentContext/mayMatch(_:query:)`` lets through: a cheap test that must never rule out a match.
@Suite struct PopularFloorTests {
  @Test("the letter-mask and typo-set test rules out no item that matches, and rules out most that do not")
  func mayMatchIsNecessary() {
    var random = SplitMix64(seed: 29)
    let letters = Array("abcdeéo")
    func word(_ length: ClosedRange<Int>) -> String {
      String((0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random) ?? "a" })
    }
    let catalog = Catalog(
      items: (0..<400).map { number in
        CatalogItem(
          id: "i\(number)",
          title: (0..<Int.random(in: 1...3, using: &random)).map { _ in word(2...7) }
            .joined(separator: "-")
        )
      }
    )
    var (matches, ruledOut) = (0, 0)
    for _ in 0..<60 {
      let text = (0..<Int.random(in: 1...2, using: &random)).map { _ in word(2...6) }.joined(separator: " ")
      let prepared = PreparedQuery(text)
      var scratch = SearchScratch()
      let plan = catalog.plan(
        SearchQuery(text: text, limit: 10),
        prepared: prepared,
        restriction: [nil, nil],
        session: SearchSession(),
        scratch: &scratch
      )
      prepared.withView { view in
        for context in plan.contexts {
          var match = MatchScratch()
          for slot in 0..<context.segment.count {
            let matched = context.evaluate(slot, query: view, matchCap: .scattered, scratch: &match) != nil
            let may = context.mayMatch(slot, query: view)
            if matched {
              matches += 1
              #expect(may, "\(text) in item \(context.segment.id(slot))")
            } else if !may {
              ruledOut += 1
            }
          }
        }
      }
    }
    #expect(matches > 500)
    #expect(ruledOut > 5_000)
  }
}
