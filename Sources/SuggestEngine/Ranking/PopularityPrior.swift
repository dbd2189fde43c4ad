/// Turns an item's `weight` into a small bounded bonus, so popularity orders otherwise equal matches without ever
/// outweighing a real difference in match quality.
enum PopularityPrior {
  /// The largest prior.
  static let maximum: UInt16 = 120

  /// The prior of `weight`: about 8.6 points per doubling, 0 for weights ≤ 0, at most ``maximum``.
  ///
  /// A weight of 15,000 (the most popular PyPI package under `weight = 15001 - rank`) gives 119.
  static func prior(weight: Double) -> UInt16 {
    guard weight > 0, weight.isFinite else { return weight == .infinity ? maximum : 0 }
    let value = (weight + 1).log2Value * 8.6
    return UInt16(min(Double(maximum), value.rounded(.down)))
  }
}

extension Double {
  /// Base-2 logarithm without Foundation.
  fileprivate var log2Value: Double {
    // exponent + log2(mantissa) with a short series on the mantissa in [1, 2).
    let exponent = Double(self.exponent)
    let mantissa = self.significand
    // log2(m) = ln(m) / ln 2, ln(m) = 2 * atanh((m - 1) / (m + 1)).
    let t = (mantissa - 1) / (mantissa + 1)
    let t2 = t * t
    var term = t
    var sum = 0.0
    var k = 1.0
    for _ in 0..<12 {
      sum += term / k
      term *= t2
      k += 2
    }
    return exponent + 2 * sum / 0.693_147_180_559_945_3
  }
}
