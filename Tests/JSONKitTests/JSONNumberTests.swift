import JSONKit
import TestSupport
import Testing

@Suite struct JSONNumberTests {
  private func number(_ literal: String) throws -> JSONNumber {
    try #require(JSONNumber(literal: literal))
  }

  @Test(arguments: [
    ("0", Int64(0)), ("-0", 0), ("42", 42), ("-42", -42), ("9007199254740993", 9_007_199_254_740_993),
    ("9223372036854775807", .max), ("-9223372036854775808", .min), ("4.0", 4), ("1e3", 1000), ("12.5e1", 125),
    ("-1.000e2", -100), ("0.0", 0), ("-0.0e10", 0), ("100e-2", 1), ("0.00120e4", 12), ("1E+2", 100),
    ("922337203685477580.7e1", .max),
  ])
  func int64ValueIsExact(_ literal: String, _ expected: Int64) throws {
    #expect(try number(literal).int64Value == expected)
    #expect(try number(literal).intValue == Int(expected))
    #expect(try number(literal).isInteger)
  }

  @Test(arguments: [
    "9223372036854775808", "-9223372036854775809", "18446744073709551616", "1e19", "1e400", "-1e400",
    "1.5", "0.1", "1e-1", "-0.5", "123.456", "1e-400", "10000000000000000000000.1",
  ])
  func int64ValueIsNilOutsideExactRange(_ literal: String) throws {
    #expect(try number(literal).int64Value == nil)
    #expect(try number(literal).intValue == nil)
  }

  @Test func isIntegerLooksAtTheExactValue() throws {
    #expect(try number("18446744073709551616").isInteger)
    #expect(try number("1e400").isInteger)
    #expect(try number("1.50e1").isInteger)
    #expect(try !number("1.5").isInteger)
    #expect(try !number("1e-400").isInteger)
    #expect(try number("0e-400").isInteger)
  }

  @Test func int64ValueMatchesIntegerParsingOnRandomIntegers() throws {
    var generator = SplitMix64(seed: 0x1234)
    for _ in 0..<2_000 {
      let value = Int64(bitPattern: generator.next()) >> (generator.next() % 64)
      let text = String(value)
      #expect(try number(text).int64Value == value)
      // The same value spelled with a fraction and exponent.
      #expect(try number("\(text).000e0").int64Value == value)
      if value != 0 {
        #expect(try number("\(text)0e-1").int64Value == value)
      }
    }
  }

  @Test func doubleValueIsTheNearestDouble() throws {
    #expect(try number("0.1").doubleValue == 0.1)
    #expect(try number("-0").doubleValue.sign == .minus)
    #expect(try number("1e400").doubleValue == .infinity)
    #expect(try number("-1e400").doubleValue == -.infinity)
    #expect(try number("1e-400").doubleValue == 0)
    #expect(try number("9007199254740993").doubleValue == 9_007_199_254_740_992)
    #expect(try number("1.7976931348623157e308").doubleValue == .greatestFiniteMagnitude)
  }

  @Test(arguments: [
    "0", "-0", "1", "-1", "0.5", "-0.0", "1e1", "1E1", "1e+1", "1e-1", "10.01e-0", "123456789012345678901234567890",
  ])
  func literalInitAcceptsTheGrammar(_ literal: String) {
    #expect(JSONNumber(literal: literal)?.text == literal)
  }

  @Test(arguments: [
    "", " 1", "1 ", "+1", "01", "-01", "1.", ".1", "1e", "1e+", "e1", "--1", "0x1", "1_000", "Infinity", "NaN", "١",
    "1.0.0", "1e1e1", "-",
  ])
  func literalInitRejectsEverythingElse(_ literal: String) {
    #expect(JSONNumber(literal: literal) == nil)
  }

  @Test func literalInitAgreesWithARegexOracle() throws {
    let grammar = try Regex(#"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?"#)
    let alphabet = Array("0123456789-+.eE")
    var generator = SplitMix64(seed: 42)
    var accepted = 0
    for _ in 0..<20_000 {
      let length = Int(generator.next() % 7) + 1
      let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
      let expected = (try? grammar.wholeMatch(in: text)) != nil
      #expect((JSONNumber(literal: text) != nil) == expected, "\(text)")
      if expected { accepted += 1 }
    }
    #expect(accepted > 1_000)
  }

  @Test func integerInitializersWriteDecimal() {
    #expect(JSONNumber(0).text == "0")
    #expect(JSONNumber(-17).text == "-17")
    #expect(JSONNumber(Int.max).text == "9223372036854775807")
    #expect(JSONNumber(Int64.min).text == "-9223372036854775808")
  }

  @Test(arguments: [
    (3.0, "3"), (-3.0, "-3"), (0.0, "0"), (-0.0, "-0.0"), (0.93, "0.93"), (0.1, "0.1"), (-12.5, "-12.5"),
    (0.0001, "0.0001"), (1e15, "1000000000000000"), (123_456.789, "123456.789"),
    (0.1 + 0.2, "0.30000000000000004"), (1e-5, "1e-05"), (1e16, "1e+16"), (Double.leastNonzeroMagnitude, "5e-324"),
    (1.7976931348623157e308, "1.7976931348623157e+308"), (1.0 / 3.0, "0.3333333333333333"),
  ])
  func doubleInitWritesShortRoundTrippingText(_ value: Double, _ expected: String) throws {
    let number = try #require(JSONNumber(value))
    #expect(number.text == expected)
    #expect(JSONNumber(literal: number.text) != nil)
    #expect(number.doubleValue == value)
    #expect(number.doubleValue.sign == value.sign)
  }

  @Test func doubleInitRejectsNonFiniteValues() {
    #expect(JSONNumber(Double.infinity) == nil)
    #expect(JSONNumber(-Double.infinity) == nil)
    #expect(JSONNumber(Double.nan) == nil)
    #expect(JSONValue(Double.nan) == .null)
  }

  @Test func randomDoublesRoundTripThroughText() throws {
    var generator = SplitMix64(seed: 7)
    for index in 0..<20_000 {
      let value: Double
      switch index % 3 {
      case 0: value = Double(bitPattern: generator.next())
      case 1: value = Double(Int64(bitPattern: generator.next()) % 10_000_000) / 1000
      default: value = Double.random(in: -1...1, using: &generator)
      }
      guard value.isFinite else { continue }
      let number = try #require(JSONNumber(value))
      #expect(JSONNumber(literal: number.text) != nil, "\(number.text)")
      #expect(number.doubleValue == value, "\(number.text)")
      #expect(number.doubleValue.sign == value.sign, "\(number.text)")
    }
  }

  @Test func equalityIsByText() throws {
    #expect(try number("1") != number("1.0"))
    #expect(try number("1e2") != number("100"))
    #expect(try number("-0") != number("0"))
    #expect(try number("123") == JSONNumber(123))
    #expect(Set([try number("1"), try number("1"), try number("1.0")]).count == 2)
  }
}
