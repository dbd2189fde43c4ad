// libFuzzer target for JSONKit's parser, writer, numbers and typed field access.
//
// Compiled into the JSONKit module itself (see Scripts/fuzz.sh), so it also reaches internal API. Not part of any
// SwiftPM target. Every check below traps with a message when an invariant breaks; libFuzzer records the input.
//
// Per input:
// - parse with the default parser through every entry point (raw buffer, array, contiguous slice, non-contiguous
//   collection, string): all agree, and an error's offset lies inside the input;
// - parse with small depth limits: accepted exactly when the default parse is and the nesting fits, with the
//   same value; otherwise the same error, or `tooDeep` no later than it;
// - with the byte order mark skipped: the same as parsing the input without it;
// - when accepted: serialize, parse again (equal value, equal hash), serialize again (identical bytes, no control
//   byte); numbers keep their grammar, `int64Value` agrees with `doubleValue`, a `Double` written by the writer
//   reads back bit-exactly; `JSONFields` typed access on every object never traps and agrees with raw lookup.

/// libFuzzer's entry point: runs one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The input's length.
/// - Returns: 0 (libFuzzer reserves other values).
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonParserFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
  JSONParserFuzz.run(input)
  return 0
}

private enum JSONParserFuzz {
  /// The outcome of one parse, comparable.
  typealias Outcome = Result<JSONValue, JSONParseError>

  static func run(_ input: UnsafeRawBufferPointer) {
    let bytes = Array(input)
    let reference = outcome { () throws(JSONParseError) in try JSONParser().parse(input) }
    if case .failure(let error) = reference {
      check(error.offset >= 0 && error.offset <= bytes.count, "error offset \(error.offset) outside the input")
    }
    checkAgainstReferenceParser(bytes, reference: reference)
    checkEntryPoints(bytes, reference: reference)
    checkDepthLimits(input, reference: reference)
    checkByteOrderMark(bytes, reference: reference)
    guard case .success(let value) = reference else { return }
    checkRoundTrip(value)
    var budget = 64
    visit(value, budget: &budget)
  }

  // MARK: - Parsing

  static func outcome(_ parse: () throws(JSONParseError) -> JSONValue) -> Outcome {
    do {
      return .success(try parse())
    } catch {
      return .failure(error)
    }
  }

  static func checkEntryPoints(_ bytes: [UInt8], reference: Outcome) {
    let parser = JSONParser()
    let viaArray = outcome { () throws(JSONParseError) in try parser.parse(bytes) }
    check(viaArray == reference, "parse([UInt8]) differs from parse(UnsafeRawBufferPointer)")
    let viaSlice = outcome { () throws(JSONParseError) in try parser.parse(bytes[...]) }
    check(viaSlice == reference, "parse(ArraySlice) differs")
    let viaLazy = outcome { () throws(JSONParseError) in try parser.parse(bytes.lazy.map { $0 }) }
    check(viaLazy == reference, "parse(non-contiguous collection) differs")
    if let text = String(validating: bytes, as: UTF8.self) {
      let viaString = outcome { () throws(JSONParseError) in try parser.parse(text) }
      check(viaString == reference, "parse(String) differs")
    }
  }

  static func checkDepthLimits(_ input: UnsafeRawBufferPointer, reference: Outcome) {
    var limits: Set<Int> = [-1, 0, 1, 2, 3]
    if case .success(let value) = reference {
      let nesting = nesting(of: value)
      limits.formUnion([nesting - 1, nesting])
    }
    for limit in limits {
      let limited = outcome { () throws(JSONParseError) in try JSONParser(maxDepth: limit).parse(input) }
      switch (reference, limited) {
      case (.success(let value), .success(let limitedValue)):
        check(nesting(of: value) <= max(limit, 0), "nesting \(nesting(of: value)) accepted with maxDepth \(limit)")
        check(limitedValue == value, "maxDepth \(limit) changed the value")
      case (.success(let value), .failure(let error)):
        check(error.kind == .tooDeep(limit: limit), "maxDepth \(limit) failed with \(error) on a valid document")
        check(nesting(of: value) > max(limit, 0), "nesting \(nesting(of: value)) refused with maxDepth \(limit)")
      case (.failure, .success):
        fatalError("maxDepth \(limit) accepted what the default parser refused")
      case (.failure(let error), .failure(let limitedError)):
        let isEarlierDepthError = limitedError.kind == .tooDeep(limit: limit) && limitedError.offset <= error.offset
        check(limitedError == error || isEarlierDepthError, "maxDepth \(limit): \(limitedError), default: \(error)")
      }
    }
  }

  static func checkByteOrderMark(_ bytes: [UInt8], reference: Outcome) {
    let skipping = outcome { () throws(JSONParseError) in try JSONParser(skipsByteOrderMark: true).parse(bytes) }
    guard bytes.starts(with: [0xEF, 0xBB, 0xBF]) else {
      check(skipping == reference, "skipsByteOrderMark changed the outcome of input without a BOM")
      return
    }
    let rest = outcome { () throws(JSONParseError) in try JSONParser().parse(Array(bytes.dropFirst(3))) }
    switch (skipping, rest) {
    case (.success(let a), .success(let b)):
      check(a == b, "skipping the BOM gave another value")
    case (.failure(let a), .failure(let b)):
      check(a.kind == b.kind && a.offset == b.offset + 3, "skipping the BOM: \(a), without it: \(b)")
    default:
      fatalError("skipping the BOM and dropping it disagree")
    }
  }

  /// How deeply arrays and objects nest (0 for a scalar).
  static func nesting(of value: JSONValue) -> Int {
    switch value {
    case .array(let elements): 1 + (elements.map(nesting(of:)).max() ?? 0)
    case .object(let object): 1 + (object.members.map { nesting(of: $0.value) }.max() ?? 0)
    default: 0
    }
  }

  /// An independent, deliberately naive parser must accept exactly what JSONParser accepts, with the same value.
  static func checkAgainstReferenceParser(_ bytes: [UInt8], reference: Outcome) {
    var naive = ReferenceParser(bytes: bytes, maxDepth: JSONParser().maxDepth)
    let expected = naive.parseDocument()
    switch (reference, expected) {
    case (.success(let value), let expected?):
      check(value == expected, "JSONParser and the reference parser read different values")
    case (.failure, nil):
      break
    case (.success, nil):
      fatalError("JSONParserFuzz: JSONParser accepted what the reference parser rejects")
    case (.failure(let error), _?):
      fatalError("JSONParserFuzz: JSONParser rejected (\(error)) what the reference parser accepts")
    }
  }

  // MARK: - Writing

  static func checkRoundTrip(_ value: JSONValue) {
    let written = value.serialized()
    check(!written.contains { $0 < 0x20 }, "raw control byte in serialized output")
    let reparsed: JSONValue
    do {
      reparsed = try JSONParser().parse(written)
    } catch {
      fatalError("serialized output does not parse: \(error)")
    }
    check(reparsed == value, "round trip changed the value")
    check(reparsed.hashValue == value.hashValue, "equal values hash differently")
    check(reparsed.serialized() == written, "serialization is not idempotent")
    check(value.serializedString().utf8.elementsEqual(written), "serializedString differs from serialized")

    // The streaming API, member by member with the typed `field` overloads, writes the same bytes.
    if case .object(let object) = value {
      var writer = JSONWriter(reservingCapacity: 0)
      writer.beginObject()
      for member in object.members {
        switch member.value {
        case .string(let string): writer.field(member.key, string)
        case .bool(let bool): writer.field(member.key, bool)
        case .number(let number): writer.field(member.key, number)
        default: writer.field(member.key, member.value)
        }
      }
      writer.endObject()
      check(writer.bytes == written, "typed field writes differ from the tree writer")
    }
  }

  // MARK: - Values

  /// Checks every number and object in `value`, visiting at most `budget` objects.
  static func visit(_ value: JSONValue, budget: inout Int) {
    switch value {
    case .number(let number):
      checkNumber(number)
    case .array(let elements):
      checkArrayAccess(elements, value: value)
      for element in elements.prefix(256) { visit(element, budget: &budget) }
    case .object(let object):
      guard budget > 0 else { return }
      budget -= 1
      checkObject(object)
      checkFields(object)
      for member in object.members.prefix(256) { visit(member.value, budget: &budget) }
    case .string(let string):
      check(JSONValue(string) == value, "JSONValue(String) differs")
    case .null, .bool:
      break
    }
  }

  static func checkNumber(_ number: JSONNumber) {
    check(JSONNumber(literal: number.text) == number, "a parsed number fails the number grammar: \(number.text)")
    let double = number.doubleValue
    check(!double.isNaN, "doubleValue is NaN for \(number.text)")
    if let integer = number.int64Value {
      check(number.isInteger, "\(number.text) has an int64Value but is not an integer")
      check(Double(integer) == double, "int64Value \(integer) disagrees with doubleValue \(double)")
      check(number.intValue == Int(exactly: integer), "intValue disagrees with int64Value")
    }
    guard double.isFinite else { return }
    guard let shortest = JSONNumber(double) else {
      fatalError("JSONNumber(\(double)) failed for a finite value")
    }
    check(
      Double(shortest.text)?.bitPattern == double.bitPattern,
      "JSONNumber(\(double)).text \(shortest.text) does not read back"
    )
    var writer = JSONWriter(reservingCapacity: 0)
    writer.write(double)
    check(writer.bytes.elementsEqual(shortest.text.utf8), "JSONWriter.write(Double) differs from JSONNumber(Double)")
    var fieldWriter = JSONWriter(reservingCapacity: 0)
    fieldWriter.writeObject { $0.field("n", double) }
    check(
      fieldWriter.bytes.elementsEqual("{\"n\":\(shortest.text)}".utf8),
      "JSONWriter.field(Double) differs from JSONNumber(Double)"
    )
    check(JSONValue(double) == .number(shortest), "JSONValue(Double) differs")
  }

  static func checkArrayAccess(_ elements: [JSONValue], value: JSONValue) {
    check(value.arrayValue?.count == elements.count, "arrayValue lost elements")
    check(value[-1] == nil && value[elements.count] == nil, "array subscript out of bounds returned a value")
    if let first = elements.first { check(value[0] == first, "array subscript differs") }
    _ = try? [String](json: value, path: "a")
    _ = try? [Int](json: value, path: "a")
    _ = try? [JSONValue](json: value, path: "a")
    do {
      _ = try [Double](json: value, path: "a")
    } catch {
      check(!error.description.isEmpty, "empty error description")
    }
  }

  static func checkObject(_ object: JSONObject) {
    let value = JSONValue.object(object)
    let keys = Set(object.keys)
    for key in keys {
      check(object.contains(key: key), "contains(key:) misses a key")
      let last = object.members.last { UTF8Bytes.equal($0.key, key) }?.value
      check(object[key] == last && value[key] == last, "lookup is not the last member named \(key)")
    }
    if keys.count == object.count {
      // No duplicate keys: member order must not matter to equality or hashing.
      let reversed = JSONObject(members: object.members.reversed())
      check(reversed == object && reversed.hashValue == object.hashValue, "member order changed equality or hash")
    }
    var copy = object
    copy["fuzz-new-key"] = .null
    check(copy["fuzz-new-key"] == .null && copy.count >= object.count, "setting a member failed")
    if let key = object.keys.first {
      copy[key] = .bool(true)
      check(copy[key] == .bool(true), "replacing a member failed")
      copy[key] = nil
      check(!copy.contains(key: key), "removing a key left a member")
    }
  }

  /// Typed access on every member as every supported type: never traps, and agrees with raw lookup.
  static func checkFields(_ object: JSONObject) {
    let fields = JSONFields(object: object, path: "params")
    var keys = Array(Set(object.keys)).prefix(32)
    keys.append("fuzz-missing")
    for key in keys {
      let raw = object[key]
      check(fields[key] == raw, "JSONFields subscript differs")
      check((try? fields.required(key, as: JSONValue.self)) == raw, "required JSONValue differs")
      let string = try? fields.optional(key, as: String.self)
      check(string == raw?.stringValue, "optional String differs")
      let bool = try? fields.optional(key, as: Bool.self)
      check(bool == raw?.boolValue, "optional Bool differs")
      if let number = raw?.numberValue {
        check((try? fields.required(key, as: Int.self)) == number.intValue, "required Int differs from intValue")
        check((try? fields.required(key, as: Int64.self)) == number.int64Value, "required Int64 differs")
        check((try? fields.required(key, as: JSONNumber.self)) == number, "required JSONNumber differs")
      }
      describe { () throws(JSONDecodingError) in _ = try fields.required(key, as: String.self) }
      describe { () throws(JSONDecodingError) in _ = try fields.required(key, as: Int.self) }
      describe { () throws(JSONDecodingError) in _ = try fields.required(key, as: Double.self) }
      describe { () throws(JSONDecodingError) in _ = try fields.optional(key, default: 50) }
      describe { () throws(JSONDecodingError) in _ = try fields.optional(key, as: [String].self) }
      describe { () throws(JSONDecodingError) in _ = try fields.optional(key, as: [Int64].self) }
      describe { () throws(JSONDecodingError) in _ = try fields.required(key, as: JSONObject.self) }
      describe { () throws(JSONDecodingError) in _ = try fields.requiredObject(key).optional("query", as: String.self) }
      describe { () throws(JSONDecodingError) in _ = try fields.optionalObject(key).unknownKeys(["id"]) }
      check(!fields.path(of: key).isEmpty, "empty path")
    }
    check(fields.unknownKeys(Set(object.keys)).isEmpty, "unknownKeys reports a known key")
    describe { () throws(JSONDecodingError) in _ = try JSONFields(.object(object), path: "") }
  }

  /// Runs a typed read; a failure must describe itself.
  static func describe(_ read: () throws(JSONDecodingError) -> Void) {
    do {
      try read()
    } catch {
      check(!error.description.isEmpty && !error.path.isEmpty, "a decoding error without description or path")
    }
  }

  static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("JSONParserFuzz: \(message())") }
  }
}

/// RFC 8259 read the slow, obvious way, byte by byte, as an oracle for ``JSONParser``: no SWAR, no word compares,
/// strings validated by the standard library (`String(validating:)`), lone surrogate escapes rejected (as
/// JSONParser documents), nesting limited to `maxDepth`.
private struct ReferenceParser {
  let bytes: [UInt8]
  let maxDepth: Int
  var index = 0

  init(bytes: [UInt8], maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  mutating func parseDocument() -> JSONValue? {
    guard let value = parseValue(depth: 0) else { return nil }
    skipWhitespace()
    // (Not a `? value : nil` ternary: JSONValue is ExpressibleByNilLiteral, so that `nil` would be `.null`.)
    guard index == bytes.count else { return nil }
    return value
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
  }

  private mutating func consume(_ literal: String) -> Bool {
    for byte in literal.utf8 {
      guard current == byte else { return false }
      index += 1
    }
    return true
  }

  private mutating func parseValue(depth: Int) -> JSONValue? {
    skipWhitespace()
    switch current {
    case UInt8(ascii: "{"):
      guard depth + 1 <= maxDepth else { return nil }
      return parseObject(depth: depth + 1)
    case UInt8(ascii: "["):
      guard depth + 1 <= maxDepth else { return nil }
      return parseArray(depth: depth + 1)
    case UInt8(ascii: "\""):
      return parseString().map(JSONValue.string)
    case UInt8(ascii: "t"):
      guard consume("true") else { return nil }
      return .bool(true)
    case UInt8(ascii: "f"):
      guard consume("false") else { return nil }
      return .bool(false)
    case UInt8(ascii: "n"):
      guard consume("null") else { return nil }
      return .null
    default:
      return parseNumber().map(JSONValue.number)
    }
  }

  private mutating func parseObject(depth: Int) -> JSONValue? {
    index += 1
    var members: [JSONObject.Member] = []
    skipWhitespace()
    if consume("}") { return .object(JSONObject(members: members)) }
    while true {
      skipWhitespace()
      guard let key = parseString() else { return nil }
      skipWhitespace()
      guard consume(":"), let value = parseValue(depth: depth) else { return nil }
      members.append(JSONObject.Member(key: key, value: value))
      skipWhitespace()
      if consume("}") { return .object(JSONObject(members: members)) }
      guard consume(",") else { return nil }
    }
  }

  private mutating func parseArray(depth: Int) -> JSONValue? {
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if consume("]") { return .array(elements) }
    while true {
      guard let element = parseValue(depth: depth) else { return nil }
      elements.append(element)
      skipWhitespace()
      if consume("]") { return .array(elements) }
      guard consume(",") else { return nil }
    }
  }

  private mutating func parseString() -> String? {
    guard consume("\"") else { return nil }
    var utf8: [UInt8] = []
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(validating: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard let escape = current else { return nil }
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          guard let unit = parseHex4() else { return nil }
          var scalarValue = UInt32(unit)
          if (0xD800...0xDBFF).contains(unit) {
            guard consume("\\u"), let low = parseHex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
            scalarValue = 0x10000 + (UInt32(unit) - 0xD800) * 0x400 + (UInt32(low) - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(scalarValue) else { return nil }
          utf8.append(contentsOf: String(Character(scalar)).utf8)
        default:
          return nil
        }
      case 0x00..<0x20:
        return nil
      default:
        utf8.append(byte)
      }
    }
    return nil
  }

  private mutating func parseHex4() -> UInt16? {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = current, let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
      value = value * 16 + UInt16(digit)
      index += 1
    }
    return value
  }

  private mutating func parseNumber() -> JSONNumber? {
    let start = index
    _ = consume("-")
    guard let first = current, isDigit(first) else { return nil }
    index += 1
    if first != UInt8(ascii: "0") {
      while let byte = current, isDigit(byte) { index += 1 }
    }
    if consume(".") {
      guard let byte = current, isDigit(byte) else { return nil }
      while let byte = current, isDigit(byte) { index += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let byte = current, isDigit(byte) else { return nil }
      while let byte = current, isDigit(byte) { index += 1 }
    }
    return JSONNumber(validatedText: String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}
