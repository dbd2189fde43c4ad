import QualityKit
import TestSupport
import Testing

@testable import SuggestEngine

/// Ranking quality on seeded generated queries (``QueryGenerator``) over a synthetic package catalog the test builds
/// itself: it gates against regressions per kind and per popularity tier, not only overall. The floors sit a few
/// points under the measured level (``floors``), so a rule change that costs one kind fails here even
/// when the total holds.
@Suite(.ownThreads) struct GeneratedQualityTests {
  static let catalog: Catalog = Catalog(items: SyntheticCatalog.items(count: 20_000, ranked: 4_000, seed: 11))

  static let queries: [GeneratedQuery] = {
    let items = catalog.indices.compactMap { catalog.item(at: $0) }
    let ranks = QueryGenerator.ranks(weights: items.map(\.weight))
    let generator = QueryGenerator(
      entries: items.indices.map { QueryGenerator.Entry(id: items[$0].id, title: items[$0].title, rank: ranks[$0]) }
    )
    return generator.generate(count: 600, seed: 5)
  }()

  @Test("the generator is seeded: the same seed gives the same queries, another seed others")
  func generatorIsSeeded() {
    let items = SyntheticCatalog.items(count: 2_000, ranked: 400, seed: 3)
    let ranks = QueryGenerator.ranks(weights: items.map(\.weight))
    let generator = QueryGenerator(
      entries: items.indices.map { QueryGenerator.Entry(id: items[$0].id, title: items[$0].title, rank: ranks[$0]) }
    )
    #expect(generator.generate(count: 100, seed: 1) == generator.generate(count: 100, seed: 1))
    #expect(generator.generate(count: 100, seed: 1) != generator.generate(count: 100, seed: 2))
    let kinds = Set(generator.generate(count: 200, seed: 1).map(\.kind))
    #expect(kinds.count >= QueryKind.allCases.count - 1, "every kind applies somewhere: \(kinds)")
  }

  @Test("an npm scoped name's parts leave out its @ and /: `@types/node-fetch` gives tnf, types node fetch")
  func scopedNamesHaveParts() {
    let generator = QueryGenerator(entries: [QueryGenerator.Entry(id: "it", title: "@types/node-fetch", rank: 1)])
    for seed in 1...10 {
      #expect(generator.generate(count: 1, seed: UInt64(seed), kinds: [.acronym]).map(\.text) == ["tnf"])
      #expect(generator.generate(count: 1, seed: UInt64(seed), kinds: [.multiword]).map(\.text) == ["types node fetch"])
      for query in generator.generate(count: 1, seed: UInt64(seed), kinds: [.abbreviation, .abbrevjoined]) {
        #expect(!query.text.contains("@") && !query.text.contains("/"), "\(query.text)")
      }
    }
  }

  @Test("a query that is another name of the catalog is not used, words reordered included")
  func queriesAreNotOtherNames() {
    // python-ffmpeg is ffmpeg-python reordered and pyposeidon is poseidon-py's: a user typing either is served
    // that name, rightly. echo-echo has no other order.
    let titles = [
      "ffmpeg-python", "python-ffmpeg", "poseidon-py", "pyposeidon", "echo-echo", "alpha-beta", "data-cloud-kit",
    ]
    let generator = QueryGenerator(entries: titles.map { QueryGenerator.Entry(id: $0, title: $0, rank: nil) })
    let compact = Set(titles.map { $0.filter { $0 != "-" } })
    for seed in 1...20 {
      let queries = generator.generate(count: titles.count, seed: UInt64(seed), kinds: [.wordorder])
      #expect(Set(queries.map(\.target)) == ["alpha-beta", "data-cloud-kit"], "seed \(seed)")
      for query in queries {
        #expect(!compact.contains(query.text.filter { $0 != " " }), "\(query.text) is a name of its own")
      }
    }
  }

  @Test("success per kind and per tier stays at the measured level")
  func qualityPerKind() async throws {
    let report = try await QualityReport.measure(Self.catalog, Self.queries)
    print("generated quality on the synthetic catalog:\n" + report.lines.joined(separator: "\n"))
    #expect(report.overall.count >= 500)
    #expect(report.overall.successAtOne >= 0.78, "overall: \(report.overall.summary)")
    #expect(report.overall.successAtFive >= 0.93, "overall: \(report.overall.summary)")
    #expect(Set(report.byKind.keys) == Set(Self.floors.keys))
    for (kind, score) in report.byKind {
      let floor = Self.floors[kind] ?? (1, 1)
      #expect(score.successAtOne >= floor.atOne, "\(kind) success@1: \(score.summary)")
      #expect(score.successAtFive >= floor.atFive, "\(kind) success@5: \(score.summary)")
    }
    for (tier, score) in report.byTier {
      #expect(score.successAtOne >= 0.68, "\(tier): \(score.summary)")
      #expect(score.successAtFive >= 0.90, "\(tier): \(score.summary)")
    }
  }

  @Test("acronyms and joined word prefixes of scoped names (`@aws/cdk-lambda`) find them as those of other names do")
  func scopedNameAbbreviations() async throws {
    let items = SyntheticCatalog.items(count: 20_000, ranked: 4_000, seed: 11, scoped: true)
    let ranks = QueryGenerator.ranks(weights: items.map(\.weight))
    let generator = QueryGenerator(
      entries: items.indices.map { QueryGenerator.Entry(id: items[$0].id, title: items[$0].title, rank: ranks[$0]) }
    )
    let queries = generator.generate(count: 400, seed: 5, kinds: [.acronym, .abbrevjoined]).filter {
      $0.target.hasPrefix("@")
    }
    let report = try await QualityReport.measure(Catalog(items: items), queries)
    print("acronyms of scoped names on the synthetic catalog:\n" + report.lines.joined(separator: "\n"))
    #expect(report.overall.count >= 100)
    // Measured: acronym 90.7 / 100 %, abbrevjoined 98.0 / 100 % (28.7 / 53.7 % and 86.1 / 100 % when the scope's @
    // and / were words an acronym had to start at and could not skip).
    let acronym = try #require(report.byKind["acronym"])
    let joined = try #require(report.byKind["abbrevjoined"])
    #expect(acronym.successAtOne >= 0.8 && acronym.successAtFive >= 0.9, "\(acronym.summary)")
    #expect(joined.successAtOne >= 0.92 && joined.successAtFive >= 0.95, "\(joined.summary)")
  }

  /// Success@1 and @5 each kind must keep: about three queries of forty under the level measured when the generator
  /// stopped using word-order queries that are other names (exact 95/100, prefix 82.5/97.5, case 97.5/100, multiword
  /// 97.5/100, wordorder 85/100, acronym 96.7/100, abbreviation 87.5/92.5, abbrevjoined 85/100, leftout 80/95,
  /// dropped 100/100, doubled 77.5/100, swapped 95/100, neighbour 97.5/100, extra 90/100, prefixtypo 62.5/85). The
  /// synthetic names collide more than real ones (`py-test` and `py_test` fold alike), so exact is not 100 %.
  static let floors: [String: (atOne: Double, atFive: Double)] = [
    "exact": (0.87, 0.92), "prefix": (0.75, 0.90), "case": (0.90, 0.92), "multiword": (0.90, 0.92),
    "wordorder": (0.77, 0.92), "acronym": (0.86, 0.93), "abbreviation": (0.80, 0.85), "abbrevjoined": (0.77, 0.92),
    "leftout": (0.72, 0.87), "dropped": (0.92, 0.92), "doubled": (0.70, 0.92), "swapped": (0.87, 0.92),
    "neighbour": (0.90, 0.92), "extra": (0.82, 0.92), "prefixtypo": (0.55, 0.77),
  ]
}
