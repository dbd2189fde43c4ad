import JSONKit
import TestSupport

/// Seeded random JSON values and strings for round-trip tests.
struct RandomJSON {
  private var generator: SplitMix64

  init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  /// A random integer in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &generator)
  }

  /// A random value tree at most `depth` levels deep.
  mutating func value(depth: Int) -> JSONValue {
    switch int(0...(depth > 0 ? 9 : 5)) {
    case 0: return .null
    case 1: return .bool(int(0...1) == 1)
    case 2: return .number(number())
    case 3, 4, 5: return .string(string(maxLength: 12))
    case 6, 7:
      return .array((0..<int(0...4)).map { _ in value(depth: depth - 1) })
    default:
      var object = JSONObject()
      for _ in 0..<int(0...4) {
        // A small key alphabet makes duplicate keys common.
        let key = int(0...3) == 0 ? string(maxLength: 6) : ["id", "a", "b", "é"][int(0...3)]
        object.append(key: key, value: value(depth: depth - 1))
      }
      return .object(object)
    }
  }

  /// A random number: an integer, a double, or a literal of any size.
  mutating func number() -> JSONNumber {
    switch int(0...3) {
    case 0: return JSONNumber(Int(truncatingIfNeeded: generator.next()) >> int(0...63))
    case 1: return JSONNumber(Double(bitPattern: generator.next())) ?? JSONNumber(0)
    case 2: return JSONNumber(Double(int(-100_000...100_000)) / 100) ?? JSONNumber(0)
    default:
      let literals = ["-0", "1e400", "-1E-400", "18446744073709551616", "0.000", "12.5e+7", "-9223372036854775808"]
      return JSONNumber(literal: literals[int(0...(literals.count - 1))]) ?? JSONNumber(0)
    }
  }

  /// A random string mixing ASCII, escapes, control characters, separators and astral scalars.
  mutating func string(maxLength: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<int(0...maxLength) {
      scalars.append(scalar())
    }
    return String(scalars)
  }

  private mutating func scalar() -> Unicode.Scalar {
    let pools: [ClosedRange<UInt32>] = [
      0x20...0x7E, 0x20...0x7E, 0x00...0x1F, 0x22...0x22, 0x5C...0x5C, 0x7F...0x7F, 0x80...0x7FF, 0x800...0xD7FF,
      0xE000...0xFFFF, 0x2028...0x2029, 0x1F600...0x1F64F, 0x10000...0x10FFFF, 0x300...0x36F,
    ]
    let pool = pools[int(0...(pools.count - 1))]
    return Unicode.Scalar(UInt32.random(in: pool, using: &generator)) ?? "?"
  }
}
