/// A `Double` written in fixed-point decimal with the fewest fraction digits that read back exactly: the fast,
/// common case of number formatting (`3`, `0.93`, `-12.5`), without going through `String`.
///
/// Only values in a moderate range with at most ``maxFractionDigits`` fraction digits qualify; others (tiny, huge,
/// or needing more digits) return `nil` and are formatted by the standard library.
struct FixedPointDecimal {
  /// The most fraction digits tried.
  static let maxFractionDigits = 8
  /// The most bytes ``store(at:)`` writes: sign, up to 16 digits, point.
  static let maxCount = 18

  /// Whether the value is negative (including `-0.0`).
  private let isNegative: Bool
  /// The value times 10^`fractionDigits`, exactly, without sign.
  private let scaled: UInt64
  /// Digits after the point (0: an integer).
  private let fractionDigits: Int

  private static let powersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

  /// Finds the shortest fixed-point form of `value`, or returns `nil` when it has none in range.
  ///
  /// A candidate `m / 10^k` reads back as `value` exactly when the correctly rounded quotient of the two (exactly
  /// representable) doubles equals `value`, since that quotient is what a correct parser produces for the
  /// decimal text. The first `k` that works gives the fewest digits.
  ///
  /// - Parameter value: A finite value.
  @inline(__always)
  init?(_ value: Double) {
    let magnitude = value.magnitude
    // Below 1e-4 standard formatting switches to exponent form; at 2^53 integers stop being exact.
    guard magnitude == 0 || (magnitude >= 1e-4 && magnitude < 9_007_199_254_740_992) else { return nil }
    for digits in 0...Self.maxFractionDigits {
      let power = Self.powersOfTen[digits]
      let product = magnitude * power
      guard product < 9_007_199_254_740_992 else { return nil }
      // Round to nearest by truncation (no libm dependency); an off-by-one candidate just fails the check below.
      let candidate = UInt64(product + 0.5)
      if Double(candidate) / power == magnitude {
        isNegative = value.sign == .minus
        scaled = candidate
        fractionDigits = digits
        return
      }
    }
    return nil
  }

  /// The text, for ``JSONNumber``.
  var text: String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxCount) { buffer in
      guard let base = buffer.baseAddress else { return "" }
      let count = store(at: base)
      return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
  }

  /// Writes the decimal text at `out` and returns its length (at most ``maxCount``).
  ///
  /// - Parameter out: Where to write.
  /// - Returns: The number of bytes written.
  @inline(__always)
  func store(at out: UnsafeMutablePointer<UInt8>) -> Int {
    var position = 0
    // Negative zero prints as "-0.0" to keep its sign, like Swift's description.
    if isNegative {
      out[0] = UInt8(ascii: "-")
      position = 1
    }
    var digitCount = 1
    var rest = scaled / 10
    while rest != 0 {
      digitCount += 1
      rest /= 10
    }
    // Leading zeros so there is at least one digit before the point ("0.05").
    let totalDigits = max(digitCount, fractionDigits + 1)
    let hasPoint = fractionDigits > 0
    let end = position + totalDigits + (hasPoint ? 1 : 0)
    var index = end
    var remaining = scaled
    for digit in 0..<totalDigits {
      if hasPoint, digit == fractionDigits {
        index -= 1
        out[index] = UInt8(ascii: ".")
      }
      index -= 1
      out[index] = UInt8(truncatingIfNeeded: remaining % 10) &+ UInt8(ascii: "0")
      remaining /= 10
    }
    if isNegative, scaled == 0 {
      // "-0" would read back as an integer; keep "-0.0" so it stays a negative floating-point zero.
      out[end] = UInt8(ascii: ".")
      out[end + 1] = UInt8(ascii: "0")
      return end + 2
    }
    return end
  }
}
