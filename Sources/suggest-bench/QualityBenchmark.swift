import Foundation
import QualityKit
import SuggestEngine

/// `suggest-bench quality PATH [--seed N[,M…]] [--count K] [--typing K] [--misses] [--no-labelled] [--dump]`:
/// ranking quality on seeded generated query sets (``QueryGenerator``) and on the labelled and held-out sets:
/// success@1/@5 and MRR per kind and per popularity tier, and the characters typed before the target is first.
///
/// Seed 1 is the tuning seed; seeds 2 and 3 are the reported ones, whose misses (`--misses`) are not to be read
/// while tuning.
enum QualityBenchmark {
  static func run(_ arguments: [String]) async throws {
    guard let path = arguments.first else {
      throw BenchmarkError("usage: suggest-bench quality PATH [--seed N[,M…]] [--count K] [--typing K] [--misses]")
    }
    func option(_ name: String) -> String? {
      guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count else { return nil }
      return arguments[flag + 1]
    }
    let seeds = (option("--seed") ?? "2,3").split(separator: ",").compactMap { UInt64($0) }
    let count = option("--count").flatMap(Int.init) ?? 900
    let typing = option("--typing").flatMap(Int.init) ?? 300

    let catalog = try await BenchmarkCatalog.build(path: path).catalog
    let items = catalog.indices.compactMap { catalog.item(at: $0) }
    let ranks = QueryGenerator.ranks(weights: items.map(\.weight))
    let generator = QueryGenerator(
      entries: items.indices.map { QueryGenerator.Entry(id: items[$0].id, title: items[$0].title, rank: ranks[$0]) }
    )
    var titles: [String: String] = [:]
    var tiers: [String: PopularityTier] = [:]
    for (item, rank) in zip(items, ranks) {
      titles[item.id] = item.title
      tiers[item.id] = PopularityTier(rank: rank)
    }
    let bound = PrefixPopularityBound(entries: items.indices.map { (items[$0].id, items[$0].title, ranks[$0]) })
    say("== quality: \(path), \(items.count) items")

    for seed in seeds {
      let queries = generator.generate(count: count, seed: seed)
      if arguments.contains("--dump") {
        for query in queries { say("\(query.kind)\t\(query.text)\t\(query.target)\t\(query.tier)") }
      }
      let report = try await QualityReport.measure(
        catalog,
        queries,
        titles: titles,
        typingTargets: typing,
        bound: bound
      )
      say("generated seed \(seed) (\(queries.count) queries, \(typing) names typed):")
      for line in report.lines { say(line) }
      if arguments.contains("--misses") { printMisses(report) }
    }
    guard !arguments.contains("--no-labelled") else { return }
    for (name, file) in [("labelled", "pypi-queries.tsv"), ("held-out", "pypi-queries-heldout.tsv")] {
      let labelled = try EngineBenchmark.loadQueries(EngineBenchmark.defaultQueriesPath(file))
      let queries = labelled.map { entry in
        GeneratedQuery(
          kind: entry.kind,
          text: entry.query,
          target: entry.intended,
          tier: tiers[entry.intended] ?? .unranked
        )
      }
      let report = try await QualityReport.measure(catalog, queries)
      say("\(name) set (\(queries.count) queries):")
      for line in report.lines { say(line) }
      if arguments.contains("--misses") { printMisses(report) }
    }
  }

  private static func printMisses(_ report: QualityReport) {
    for (query, rank) in report.misses {
      say("  miss \(query.kind) '\(query.text)' → \(query.target) [\(query.tier)] at \(rank.map(String.init) ?? "-")")
    }
    for typing in report.typings {
      let bound = typing.bound.map { " (bound \($0))" } ?? ""
      say("  typed '\(typing.title)' [\(typing.tier)] \(typing.cost.map(String.init) ?? "never")\(bound)")
    }
  }
}
