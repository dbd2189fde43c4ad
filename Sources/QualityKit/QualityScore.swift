/// Success counts of a group of queries: how often the target is first, in the top five, and its mean
/// reciprocal rank over the top ten.
public struct QualityScore: Sendable, Hashable {
  /// The number of queries.
  public private(set) var count = 0
  /// Queries whose target is first.
  public private(set) var first = 0
  /// Queries whose target is in the top five.
  public private(set) var topFive = 0
  /// The sum of 1 / (rank + 1) over queries whose target is in the top ten.
  public private(set) var reciprocalSum = 0.0

  /// An empty score.
  public init() {}

  /// Adds one query whose target ranked at `rank` (0-based; `nil` when not in the top ten).
  public mutating func add(rank: Int?) {
    count += 1
    if rank == 0 { first += 1 }
    if let rank, rank < 5 { topFive += 1 }
    if let rank, rank < 10 { reciprocalSum += 1 / Double(rank + 1) }
  }

  /// Success@1 as a fraction.
  public var successAtOne: Double { count == 0 ? 0 : Double(first) / Double(count) }
  /// Success@5 as a fraction.
  public var successAtFive: Double { count == 0 ? 0 : Double(topFive) / Double(count) }
  /// The mean reciprocal rank.
  public var meanReciprocalRank: Double { count == 0 ? 0 : reciprocalSum / Double(count) }

  /// "s@1 / s@5 / MRR (n)" in percent.
  public var summary: String {
    func percent(_ value: Double) -> String {
      let tenths = Int((value * 1000).rounded())
      return "\(tenths / 10).\(tenths % 10)"
    }
    return "\(percent(successAtOne)) / \(percent(successAtFive)) / MRR \(percent(meanReciprocalRank)) (\(count))"
  }
}
