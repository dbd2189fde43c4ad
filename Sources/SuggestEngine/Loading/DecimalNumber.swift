/// Reads a decimal number from TSV bytes: `[+-]digits[.digits][(e|E)[+-]digits]`, surrounded by optional spaces.
///
/// Stricter than `Double(_:)`, which also takes `nan`, `inf` and hexadecimal: a weight must be an ordinary finite
/// number. Plain integers of up to 18 digits take a fast path without creating a string.
enum DecimalNumber {
  /// The value, or `nil` when the bytes are not such a number or it overflows `Double`.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end, bytes[start] == 0x20 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 { end -= 1 }
    guard start < end else { return nil }

    var index = start
    var isNegative = false
    if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      isNegative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    let digitsStart = index
    var integer = 0
    while index < end, index - digitsStart < 18, let digit = digitValue(bytes[index]) {
      integer = integer * 10 + digit
      index += 1
    }
    if index == end, index > digitsStart { return Double(isNegative ? -integer : integer) }
    guard isDecimal(bytes, start..<end) else { return nil }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else { return nil }
    return value
  }

  @inline(__always)
  private static func digitValue(_ byte: UInt8) -> Int? {
    byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
  }

  /// Whether the bytes match `[+-]?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`, also allowing `5.` and `.5`.
  private static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var index = range.lowerBound
    let end = range.upperBound
    func digits() -> Int {
      let first = index
      while index < end, digitValue(bytes[index]) != nil { index += 1 }
      return index - first
    }
    if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
    var mantissaDigits = digits()
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      mantissaDigits += digits()
    }
    guard mantissaDigits > 0 else { return false }
    if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
      guard digits() > 0 else { return false }
    }
    return index == end
  }
}
