import TestSupport
import Testing

@testable import SuggestEngine

/// The bar one item must beat to enter a full page (``EntryBar``), and the evaluation of a query of several words
/// that stops scoring once the words matched so far rule the item out: it may only skip items that could not have
/// entered the page.
@Suite struct EntryBarTests {
  @Test("an item may enter by band, then by score with its prior, then by the ranking's tie-break")
  func mayEnterFollowsTheRankKey() {
    let worst = RankKey(band: .weak, score: 60, length: 8, index: 100)
    func bar(prior: Int, length: Int = 8, index: Int = 100) -> EntryBar {
      EntryBar(worst: worst, prior: prior, length: length, index: index)
    }
    #expect(EntryBar.open.mayEnter(band: .weak, upTo: -1000))
    #expect(bar(prior: 0).mayEnter(band: .strong, upTo: 0), "a better band")
    #expect(!bar(prior: 90).mayEnter(band: .subtitle, upTo: 100), "a worse band")
    #expect(bar(prior: 10).mayEnter(band: .weak, upTo: 51), "passes the worst score")
    #expect(!bar(prior: 10).mayEnter(band: .weak, upTo: 49), "stays below it")
    #expect(bar(prior: 10, length: 7).mayEnter(band: .weak, upTo: 50), "a tie, won by the shorter title")
    #expect(!bar(prior: 10, length: 9).mayEnter(band: .weak, upTo: 50), "a tie, lost by the longer title")
    #expect(bar(prior: 10, index: 99).mayEnter(band: .weak, upTo: 50), "a tie of lengths, won by the earlier item")
    #expect(!bar(prior: 10, index: 101).mayEnter(band: .weak, upTo: 50), "a tie of lengths, lost by the later item")
  }

  @Test(
    "an item whose scoring stopped could not have entered; the others score as without the bar",
    arguments: [81, 82, 83] as [UInt64]
  )
  func stoppedItemsCouldNotEnter(seed: UInt64) {
    var generator = RandomCatalog(seed: seed)
    let items = generator.items(count: 400, spreadWeights: true)
    let catalog = Catalog(items: items)
    var stopped = 0
    var scored = 0
    for round in 0..<40 {
      let text = round % 2 == 0 ? generator.mistypedWords(from: items) : generator.word() + " " + generator.word()
      var scratch = SearchScratch()
      let plan = catalog.plan(
        SearchQuery(text: text, limit: 10),
        prepared: PreparedQuery(text),
        restriction: [nil, nil],
        session: SearchSession(),
        scratch: &scratch
      )
      let context = plan.contexts[0]
      var match = MatchScratch()
      PreparedQuery(text).withView { view in
        // Every item unbarred, then against bars made of the keys of some of them.
        var keys: [(slot: Int, matches: Bool, key: RankKey?)] = []
        for slot in 0..<context.segment.count {
          let evaluation = context.evaluate(slot, query: view, matchCap: .scattered, scratch: &match)
          let key = evaluation.flatMap { $0.isScored ? context.rankKey(slot, tier: $0.tier, score: $0.score) : nil }
          keys.append((slot, evaluation != nil, key))
        }
        let bars = keys.compactMap(\.key).sorted().enumerated().filter { $0.offset % 7 == 3 }.map(\.element)
        for worst in bars {
          for (slot, matches, key) in keys {
            let bar = EntryBar(
              worst: worst,
              prior: Int(context.segment.priors[slot]),
              length: context.segment.folded.range(slot).count,
              index: context.index(of: slot)
            )
            let barred = context.evaluate(slot, query: view, matchCap: .scattered, bar: bar, scratch: &match)
            #expect((barred != nil) == matches, "\(text): the bar changes no match")
            guard let barred, let key else { continue }
            if barred.isScored {
              scored += 1
              #expect(context.rankKey(slot, tier: barred.tier, score: barred.score) == key, "\(text): same score")
            } else {
              stopped += 1
              #expect(!(key < worst), "\(text): slot \(slot) stopped though it enters the page")
            }
          }
        }
      }
    }
    #expect(stopped > 100 && scored > 100, "the bar stops some items and not others")
  }
}
