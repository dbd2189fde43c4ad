/// A small, fast, seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64), so random tests are
/// reproducible: the same seed gives the same data on every run and platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator; the same seed gives the same sequence.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

extension SplitMix64 {
  /// `count` random bytes biased towards line feeds, tabs, carriage returns and UTF-8 lead and continuation bytes,
  /// valid UTF-8 or not: input for the byte-level scanners (line counting, UTF-8 validation, splitting).
  public static func textLikeBytes(_ count: Int, _ random: inout SplitMix64) -> [UInt8] {
    let alphabet: [UInt8] = [
      0x0A, 0x0A, 0x09, 0x0D, 0x20, 0x41, 0x61, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xED,
      0xF0, 0x9F, 0xF4, 0xFF, 0xC0,
    ]
    return (0..<count).map { _ in alphabet.randomElement(using: &random) ?? 0 }
  }
}
