/// The JSON number grammar (RFC 8259 §6): matching literal text, and exact decimal analysis of its value.
enum JSONNumberGrammar {
  /// Matches a number at `start` and returns the offset just past it.
  ///
  /// The match stops at the first byte that cannot continue the number; the caller decides whether that byte
  /// is allowed to follow.
  ///
  /// - Parameters:
  ///   - bytes: The text.
  ///   - start: The offset of the number's first byte (`-` or a digit).
  /// - Returns: The end offset of the number.
  /// - Throws: ``JSONParseError`` with `.invalidNumber` (or `.unexpectedEnd` when the text stops inside the
  ///   number) at the offset of the offending byte.
  @inline(__always)
  static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(JSONParseError) -> Int {
    let count = bytes.count
    var index = start
    if index < count, bytes[index] == UInt8(ascii: "-") {
      index += 1
    }
    guard index < count else { throw JSONParseError(kind: .unexpectedEnd, offset: index) }
    let first = bytes[index]
    if first == UInt8(ascii: "0") {
      index += 1
      // A leading zero may not be followed by more digits ("01").
      if index < count, isDigit(bytes[index]) {
        throw JSONParseError(kind: .invalidNumber, offset: index)
      }
    } else if isDigit(first) {
      index += 1
      while index < count, isDigit(bytes[index]) { index += 1 }
    } else {
      throw JSONParseError(kind: .invalidNumber, offset: index)
    }
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      index = try digits(bytes, from: index)
    }
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      index = try digits(bytes, from: index)
    }
    return index
  }

  /// Matches one or more digits.
  @inline(__always)
  private static func digits(_ bytes: UnsafeRawBufferPointer, from start: Int) throws(JSONParseError) -> Int {
    var index = start
    guard index < bytes.count else { throw JSONParseError(kind: .unexpectedEnd, offset: index) }
    guard isDigit(bytes[index]) else { throw JSONParseError(kind: .invalidNumber, offset: index) }
    index += 1
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    return index
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }

  /// Whether `bytes` is exactly one JSON number.
  ///
  /// - Parameter bytes: The candidate text.
  /// - Returns: `true` when the whole text matches the grammar.
  static func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
    do {
      return try scan(bytes, from: 0) == bytes.count
    } catch {
      return false
    }
  }

  /// The exact value of a number literal: sign × significand × 10^exponent, with the significand's leading and
  /// trailing zeros removed.
  struct Decomposition {
    /// Whether the literal starts with `-`.
    var isNegative: Bool
    /// The significant digits (ASCII), empty for zero.
    var significand: ArraySlice<UInt8>
    /// The power of ten the significand is scaled by, clamped far beyond any `Int64`.
    var exponent: Int

    /// Whether the value is a (mathematical) integer.
    var isInteger: Bool { significand.isEmpty || exponent >= 0 }

    /// The value as an `Int64`, when it is an integer in range.
    var int64Value: Int64? {
      if significand.isEmpty { return 0 }
      guard exponent >= 0, significand.count + exponent <= 19 else { return nil }
      var magnitude: UInt64 = 0
      for digit in significand {
        magnitude = magnitude * 10 + UInt64(digit &- UInt8(ascii: "0"))
      }
      for _ in 0..<exponent {
        let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
        guard !overflow else { return nil }
        magnitude = product
      }
      if isNegative {
        guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
      }
      return Int64(exactly: magnitude)
    }
  }

  /// Decomposes valid number text into its exact decimal value.
  ///
  /// - Parameter text: Text that matches the number grammar.
  /// - Returns: The decomposition, or `nil` if `text` is not a number.
  static func decompose(_ text: String) -> Decomposition? {
    let bytes = Array(text.utf8)
    var index = 0
    let isNegative = bytes.first == UInt8(ascii: "-")
    if isNegative { index += 1 }
    // Integer and fraction digits together form the digit string; the fraction shifts the exponent.
    var digitString: [UInt8] = []
    digitString.reserveCapacity(bytes.count)
    while index < bytes.count, isDigit(bytes[index]) {
      digitString.append(bytes[index])
      index += 1
    }
    var exponent = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, isDigit(bytes[index]) {
        digitString.append(bytes[index])
        exponent -= 1
        index += 1
      }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentIsNegative = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        exponentIsNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      // Clamp: beyond a billion the exact value no longer matters, only its sign.
      let clamp = 1_000_000_000
      var written = 0
      while index < bytes.count, isDigit(bytes[index]) {
        written = min(clamp, written * 10 + Int(bytes[index] &- UInt8(ascii: "0")))
        index += 1
      }
      exponent += exponentIsNegative ? -written : written
    }
    guard index == bytes.count, !digitString.isEmpty else { return nil }
    guard let first = digitString.firstIndex(where: { $0 != UInt8(ascii: "0") }),
      let last = digitString.lastIndex(where: { $0 != UInt8(ascii: "0") })
    else {
      return Decomposition(isNegative: isNegative, significand: [], exponent: 0)
    }
    exponent += digitString.count - 1 - last
    return Decomposition(isNegative: isNegative, significand: digitString[first...last], exponent: exponent)
  }
}
