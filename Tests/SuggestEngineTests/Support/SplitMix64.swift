/// A small seeded random number generator (SplitMix64) so that random test data is the same on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator; the same seed gives the same sequence.
  init(seed: UInt64) {
    self.state = seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
