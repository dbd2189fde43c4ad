/// Turns an item's `weight` into a small bounded bonus from the weight's rank among the catalog's positive
/// weights (log scale), so popularity orders otherwise equal matches without outweighing a real difference in
/// match quality, whatever scale the weights use (downloads, `15001 - rank`, ratings…). Any positive weight is
/// worth at least ``floor``: an item with a weight is known to be used, one without is not.
struct PopularityPrior: Sendable {
  /// The largest prior (the most popular item).
  static let maximum = 96
  /// The smallest prior of a positive weight. On PyPI, where the 15,000 most downloaded of 886k packages have a
  /// weight, a ranked name passes an unranked one of the same match by this much (acronyms of little-used names
  /// passed prefixes of unknown ones); the log scale spreads the rest, 5.8 points per halving of the rank there.
  static let floor = 15

  /// The catalog's positive weights, largest first (at the last full build).
  let descending: [Float]
  /// `log2(1 + descending.count)`.
  private let scale: Double

  /// The prior of stored positive weights in decreasing order (a snapshot's section).
  init(descending: [Float]) {
    self.descending = descending
    scale = Self.log2(1 + Double(descending.count))
  }

  /// A prior for a catalog with these weights.
  init(weights: some Sequence<Float>) {
    descending = weights.filter { $0 > 0 }.sorted(by: >)
    scale = Self.log2(1 + Double(descending.count))
  }

  /// The prior of `weight`: ``maximum`` for the largest weight, falling with the log of the number of larger
  /// weights to ``floor``, 0 for weights ≤ 0.
  ///
  /// - Complexity: O(log *n*).
  func prior(_ weight: Float) -> UInt16 {
    guard weight > 0, scale > 0 else { return 0 }
    // The number of weights strictly larger.
    var low = 0
    var high = descending.count
    while low < high {
      let mid = (low + high) >> 1
      if descending[mid] > weight { low = mid + 1 } else { high = mid }
    }
    let fraction = 1 - Self.log2(1 + Double(low)) / scale
    return UInt16(max(0, (Double(Self.floor) + Double(Self.maximum - Self.floor) * fraction).rounded(.down)))
  }

  /// Base-2 logarithm without Foundation: exponent plus a series on the mantissa.
  static func log2(_ value: Double) -> Double {
    guard value > 0, value.isFinite else { return 0 }
    let exponent = Double(value.exponent)
    let mantissa = value.significand
    let t = (mantissa - 1) / (mantissa + 1)
    let t2 = t * t
    var term = t
    var sum = 0.0
    var k = 1.0
    for _ in 0..<16 {
      sum += term / k
      term *= t2
      k += 2
    }
    return exponent + 2 * sum / 0.693_147_180_559_945_3
  }
}
