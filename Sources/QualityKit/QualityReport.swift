public import SuggestEngine

/// Ranking quality of a catalog on an evaluation set: success@1, success@5 and MRR overall, per kind and per
/// popularity tier, and the characters typed, name left to right, before the target is first.
public struct QualityReport: Sendable {
  /// All queries.
  public private(set) var overall = QualityScore()
  /// Per kind.
  public private(set) var byKind: [String: QualityScore] = [:]
  /// Per popularity tier of the target.
  public private(set) var byTier: [PopularityTier: QualityScore] = [:]
  /// The queries whose target was not first, with its rank (`nil`: not in the top ten).
  public private(set) var misses: [(query: GeneratedQuery, rank: Int?)] = []
  /// Per tier: the characters typed before the target was first, for each name typed.
  public private(set) var typed: [PopularityTier: [Int]] = [:]
  /// Each name typed, in order: its title, tier and the characters typed before it was first (`nil`: never).
  public private(set) var typings: [(title: String, tier: PopularityTier, cost: Int?, bound: Int?)] = []
  /// Per tier: for each name typed, the characters ``PrefixPopularityBound`` gives (when measured with one).
  public private(set) var bound: [PopularityTier: [Int]] = [:]
  /// Per tier: how many names never came first, even typed in full.
  public private(set) var neverFirst: [PopularityTier: Int] = [:]

  /// How many hits each query asks for (MRR looks at the top ten).
  public static let depth = 10

  /// Runs `queries` against `catalog`, and types the first `typingTargets` targets left to right.
  ///
  /// - Parameters:
  ///   - catalog: The catalog searched.
  ///   - queries: The evaluation set.
  ///   - titles: The title of each target id (for typing), when the typing measure is wanted.
  ///   - typingTargets: How many distinct targets to type (all when `nil`).
  ///   - bound: What to read the characters typed against, if anything.
  /// - Returns: The report.
  /// - Throws: `CancellationError` when the task is cancelled.
  public static func measure(
    _ catalog: Catalog,
    _ queries: [GeneratedQuery],
    titles: [String: String] = [:],
    typingTargets: Int? = nil,
    bound: PrefixPopularityBound? = nil
  ) async throws -> QualityReport {
    var report = QualityReport()
    for query in queries {
      let result = try await catalog.search(SearchQuery(text: query.text, limit: depth))
      let rank = result.hits.firstIndex { catalog.id(at: $0.index) == query.target }
      report.overall.add(rank: rank)
      report.byKind[query.kind, default: QualityScore()].add(rank: rank)
      report.byTier[query.tier, default: QualityScore()].add(rank: rank)
      if rank != 0 { report.misses.append((query, rank)) }
    }
    guard !titles.isEmpty else { return report }
    var seen = Set<String>()
    for query in queries where seen.insert(query.target).inserted {
      if let typingTargets, seen.count > typingTargets { break }
      guard let title = titles[query.target] else { continue }
      let cost = try await charactersTyped(catalog, title: title, target: query.target)
      report.typed[query.tier, default: []].append(cost ?? title.count)
      let least = bound?.charactersTyped(query.target)
      report.typings.append((title, query.tier, cost, least))
      if cost == nil { report.neverFirst[query.tier, default: 0] += 1 }
      if let least { report.bound[query.tier, default: []].append(least) }
    }
    return report
  }

  /// How many characters of `title`, typed left to right, it takes until `target` is the first hit (`nil` when
  /// it never is).
  public static func charactersTyped(_ catalog: Catalog, title: String, target: String) async throws -> Int? {
    var typed = ""
    var session = SearchSession()
    for character in title {
      typed.append(character)
      let result = try await catalog.search(SearchQuery(text: typed, limit: 1), session: &session)
      if let first = result.hits.first, catalog.id(at: first.index) == target { return typed.count }
    }
    return nil
  }

  /// The mean characters typed over every tier.
  public var meanTyped: Double { Self.mean(typed.values.flatMap { $0 }) }

  /// The mean of ``bound`` over every tier.
  public var meanBound: Double { Self.mean(bound.values.flatMap { $0 }) }

  private static func mean(_ values: [Int]) -> Double {
    values.isEmpty ? 0 : Double(values.reduce(0, +)) / Double(values.count)
  }

  /// The report as lines of text.
  public var lines: [String] {
    var lines = ["  overall: s@1 / s@5 / MRR (n) \(overall.summary)"]
    for kind in byKind.keys.sorted(by: Self.kindOrder) {
      lines.append("  kind \(kind): \(byKind[kind]?.summary ?? "")")
    }
    for tier in PopularityTier.allCases {
      guard let score = byTier[tier] else { continue }
      var line = "  tier \(tier): \(score.summary)"
      if let costs = typed[tier], !costs.isEmpty {
        line += "; typed before first \(Self.format(Self.mean(costs))) chars"
        if let least = bound[tier], !least.isEmpty { line += " (bound \(Self.format(Self.mean(least))))" }
        line += " (\(neverFirst[tier] ?? 0) of \(costs.count) never)"
      }
      lines.append(line)
    }
    if !typed.isEmpty {
      var line = "  characters typed before the target is first: \(Self.format(meanTyped))"
      if !bound.isEmpty { line += " (prefix-popularity bound \(Self.format(meanBound)))" }
      lines.append(line)
    }
    return lines
  }

  private static func kindOrder(_ a: String, _ b: String) -> Bool {
    switch (QueryKind(rawValue: a), QueryKind(rawValue: b)) {
    case (let x?, let y?): x < y
    case (.some, nil): true
    case (nil, .some): false
    case (nil, nil): a < b
    }
  }

  private static func format(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
