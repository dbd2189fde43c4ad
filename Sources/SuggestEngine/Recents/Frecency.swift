#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The frecency formula: a bounded bonus from how often and how recently an entry was used.
///
/// `boost = count / (count + 1) × 2^(−age / halfLife)`, where `age = max(0, now − lastUsed)`:
/// - frequency `count / (count + 1)`: ½ for one use, ⅔ for two, ¾ for three, 0.9 for nine — more uses always help,
///   with diminishing returns;
/// - recency `2^(−age / halfLife)`: 1 for a use just now, ½ after one half-life (3 days by default), ¼ after two;
///   a `lastUsed` in the future (a clock set back) counts as now.
///
/// So the boost is in `0...1` (it reaches 1 only when a huge count rounds its factor to 1), larger for a more
/// recent use at equal count and for more uses at equal age, and 0 for a count below 1. Each factor is monotonic;
/// "strictly" holds as long as Double can tell the values apart (ages up to years, counts up to millions).
public struct Frecency: Sendable, Hashable {
  /// Three days, in milliseconds.
  public static let defaultHalfLife: Int64 = 3 * 24 * 60 * 60 * 1000

  /// The age, in milliseconds, after which the recency factor halves; at least 1.
  public var halfLife: Int64

  /// Creates the formula.
  ///
  /// - Parameter halfLife: The recency half-life in milliseconds (default 3 days); values below 1 count as 1.
  public init(halfLife: Int64 = Frecency.defaultHalfLife) {
    self.halfLife = max(1, halfLife)
  }

  /// The boost for an entry used `count` times, last `age` milliseconds ago.
  ///
  /// - Parameters:
  ///   - count: The number of uses; below 1 gives 0.
  ///   - age: Milliseconds since the last use; negative counts as 0.
  /// - Returns: A bonus in `0...1`.
  /// - Complexity: O(1).
  public func boost(count: Int, age: Int64) -> Double {
    guard count >= 1 else { return 0 }
    let frequency = Double(count) / (Double(count) + 1)
    let recency = exp2(-Double(max(0, age)) / Double(max(1, halfLife)))
    return frequency * recency
  }

  /// The boost for `entry` at time `now`.
  ///
  /// - Parameters:
  ///   - entry: The recent entry.
  ///   - now: The current time, in milliseconds since 1970-01-01T00:00:00Z.
  /// - Returns: A bonus in `0...1`.
  /// - Complexity: O(1).
  public func boost(for entry: RecentEntry, now: Int64) -> Double {
    guard now > entry.lastUsed else { return boost(count: entry.count, age: 0) }
    let (age, overflow) = now.subtractingReportingOverflow(entry.lastUsed)
    return boost(count: entry.count, age: overflow ? Int64.max : age)
  }
}
