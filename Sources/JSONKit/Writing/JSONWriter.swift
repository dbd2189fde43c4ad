/// Writes compact JSON into a byte buffer, from values or streamed piece by piece.
///
/// The output is always valid JSON on one line: strings are escaped (`"`, `\`, and every control character,
/// so a raw newline never appears), non-ASCII text is written as raw UTF-8, and a `Double` that is not finite is
/// written as `null`. Commas are placed automatically: after a value or a closed container, the next value or key
/// is preceded by one.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.writeObject { w in
///   w.field("jsonrpc", "2.0")
///   w.field("id", id)  // a JSONValue, echoed as sent
///   w.objectField("result") { w in
///     w.field("total", 2)
///     w.arrayField("items") { w in
///       for item in items { w.write(item) }
///     }
///   }
/// }
/// send(writer.bytes)
/// ```
///
/// Misuse (a key outside an object, unbalanced `begin`/`end`) produces invalid JSON rather than trapping; keep the
/// closure forms for structure that is fixed.
public struct JSONWriter: Sendable {
  /// The JSON written so far.
  public private(set) var bytes: [UInt8]
  /// Whether the next value or key must be preceded by a comma.
  private var needsComma = false

  /// Creates an empty writer.
  ///
  /// - Parameter capacity: Bytes to reserve up front (default 256, enough for a typical response).
  public init(reservingCapacity capacity: Int = 256) {
    bytes = []
    bytes.reserveCapacity(capacity)
  }

  /// Empties the writer for reuse, keeping its storage.
  public mutating func reset() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  // MARK: - Scalars

  /// Writes `null`.
  public mutating func writeNull() {
    emit(atMost: 4) { out in JSONWriter.storeNull(at: out) }
  }

  /// Writes `true` or `false`.
  ///
  /// - Parameter value: The Boolean.
  public mutating func write(_ value: Bool) {
    emit(atMost: 5) { out in JSONWriter.storeBool(value, at: out) }
  }

  /// Writes an integer in decimal.
  ///
  /// - Parameter value: The integer.
  public mutating func write(_ value: Int) {
    write(Int64(value))
  }

  /// Writes a 64-bit integer in decimal.
  ///
  /// - Parameter value: The integer.
  public mutating func write(_ value: Int64) {
    emit(atMost: JSONWriter.maxDecimalCount) { out in JSONWriter.storeDecimal(value, at: out) }
  }

  /// Writes a floating-point number in a shortest round-tripping form (as ``JSONNumber/init(_:)-(Double)`` spells
  /// it), or `null` when it is not finite.
  ///
  /// - Parameter value: The number.
  public mutating func write(_ value: Double) {
    if value.isFinite, let fixed = FixedPointDecimal(value) {
      emit(atMost: FixedPointDecimal.maxCount) { out in fixed.store(at: out) }
    } else if value.isFinite {
      emitVerbatim(value.description)
    } else {
      writeNull()
    }
  }

  /// Writes a number's literal text, exactly.
  ///
  /// - Parameter value: The number.
  public mutating func write(_ value: JSONNumber) {
    emitVerbatim(value.text)
  }

  /// Writes a string, escaped.
  ///
  /// - Parameter value: The string.
  public mutating func write(_ value: String) {
    JSONWriter.withUTF8(value) { utf8 in
      let overhead = JSONWriter.escapeOverhead(utf8)
      emit(atMost: utf8.count + overhead + 2) { out in JSONWriter.storeQuoted(utf8, overhead: overhead, at: out) }
    }
  }

  // MARK: - Trees

  /// Writes a value tree.
  ///
  /// - Parameter value: The value.
  public mutating func write(_ value: JSONValue) {
    switch value {
    case .null: writeNull()
    case .bool(let bool): write(bool)
    case .number(let number): write(number)
    case .string(let string): write(string)
    case .array(let elements):
      beginArray()
      for element in elements { write(element) }
      endArray()
    case .object(let object): write(object)
    }
  }

  /// Writes an object's members in order.
  ///
  /// - Parameter object: The object.
  public mutating func write(_ object: JSONObject) {
    beginObject()
    for member in object.members {
      writeKey(member.key)
      write(member.value)
    }
    endObject()
  }

  /// Writes any encodable value.
  ///
  /// - Parameter value: The value.
  @inlinable
  public mutating func write(_ value: some JSONEncodable) {
    value.encode(to: &self)
  }

  /// Writes bytes that already are one complete JSON value (for example a cached or pre-serialized result).
  ///
  /// The bytes are not validated; the caller guarantees they are valid JSON. Line breaks in them (which valid JSON
  /// can only have as whitespace) are written as spaces, so the output stays on one line.
  ///
  /// - Parameter json: The JSON value's UTF-8 text.
  public mutating func writeRaw(_ json: some Collection<UInt8>) {
    let count = json.count
    emit(atMost: count) { out in
      var written = 0
      for byte in json where written < count {
        out[written] = byte == 0x0A || byte == 0x0D ? 0x20 : byte
        written += 1
      }
      return written
    }
  }

  // MARK: - Containers

  /// Opens an object: `{`. Follow with ``writeKey(_:)`` and a value per member, then ``endObject()``.
  public mutating func beginObject() {
    emitOpening(UInt8(ascii: "{"))
  }

  /// Writes a member name and opens an object as its value: `"key":{`. Close it with ``endObject()``.
  ///
  /// - Parameter key: The member name.
  public mutating func beginObject(key: String) {
    emitKey(key, valueAtMost: 1) { out in
      out[0] = UInt8(ascii: "{")
      return 1
    }
    needsComma = false
  }

  /// Writes a member name and opens an array as its value: `"key":[`. Close it with ``endArray()``.
  ///
  /// - Parameter key: The member name.
  public mutating func beginArray(key: String) {
    emitKey(key, valueAtMost: 1) { out in
      out[0] = UInt8(ascii: "[")
      return 1
    }
    needsComma = false
  }

  /// Closes an object: `}`.
  public mutating func endObject() {
    emitClosing(UInt8(ascii: "}"))
  }

  /// Opens an array: `[`. Follow with the element values, then ``endArray()``.
  public mutating func beginArray() {
    emitOpening(UInt8(ascii: "["))
  }

  /// Closes an array: `]`.
  public mutating func endArray() {
    emitClosing(UInt8(ascii: "]"))
  }

  /// Writes a member name and the colon; the next value written is the member's value.
  ///
  /// - Parameter key: The member name.
  public mutating func writeKey(_ key: String) {
    emitKey(key, valueAtMost: 0) { _ in 0 }
    needsComma = false
  }

  /// Writes an object whose members `body` writes.
  ///
  /// - Parameter body: Writes the members, usually with the `field` methods.
  /// - Throws: What `body` throws (the object is then left open).
  @inlinable
  public mutating func writeObject<Failure: Error>(
    _ body: (inout JSONWriter) throws(Failure) -> Void
  ) throws(Failure) {
    beginObject()
    try body(&self)
    endObject()
  }

  /// Writes an array whose elements `body` writes.
  ///
  /// - Parameter body: Writes the elements, one `write` each.
  /// - Throws: What `body` throws (the array is then left open).
  @inlinable
  public mutating func writeArray<Failure: Error>(
    _ body: (inout JSONWriter) throws(Failure) -> Void
  ) throws(Failure) {
    beginArray()
    try body(&self)
    endArray()
  }

  // MARK: - Fields

  /// Writes a member with a string value.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - value: The value.
  public mutating func field(_ key: String, _ value: String) {
    JSONWriter.withUTF8(value) { utf8 in
      let overhead = JSONWriter.escapeOverhead(utf8)
      emitKey(key, valueAtMost: utf8.count + overhead + 2) { out in
        JSONWriter.storeQuoted(utf8, overhead: overhead, at: out)
      }
    }
  }

  /// Writes a member with an integer value.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - value: The value.
  public mutating func field(_ key: String, _ value: Int) {
    emitKey(key, valueAtMost: JSONWriter.maxDecimalCount) { out in JSONWriter.storeDecimal(Int64(value), at: out) }
  }

  /// Writes a member with a floating-point value (`null` when not finite).
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - value: The value.
  public mutating func field(_ key: String, _ value: Double) {
    if value.isFinite, let fixed = FixedPointDecimal(value) {
      emitKey(key, valueAtMost: FixedPointDecimal.maxCount) { out in fixed.store(at: out) }
    } else {
      writeKey(key)
      write(value)
    }
  }

  /// Writes a member with a Boolean value.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - value: The value.
  public mutating func field(_ key: String, _ value: Bool) {
    emitKey(key, valueAtMost: 5) { out in JSONWriter.storeBool(value, at: out) }
  }

  /// Writes a member with a value tree.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - value: The value.
  public mutating func field(_ key: String, _ value: JSONValue) {
    writeKey(key)
    write(value)
  }

  /// Writes a member with any encodable value (an `Optional` that is `nil` is written as `null`).
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - value: The value.
  @inlinable
  public mutating func field(_ key: String, _ value: some JSONEncodable) {
    writeKey(key)
    value.encode(to: &self)
  }

  /// Writes a member only when `value` is not `nil`; an absent value writes nothing.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - value: The value, or `nil` to omit the member.
  @inlinable
  public mutating func field(_ key: String, ifPresent value: (some JSONEncodable)?) {
    guard let value else { return }
    writeKey(key)
    value.encode(to: &self)
  }

  /// Writes a member whose value `body` writes (exactly one value).
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - body: Writes the value.
  /// - Throws: What `body` throws.
  @inlinable
  public mutating func field<Failure: Error>(
    _ key: String,
    _ body: (inout JSONWriter) throws(Failure) -> Void
  ) throws(Failure) {
    writeKey(key)
    try body(&self)
  }

  /// Writes a member whose value is an object with the members `body` writes.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - body: Writes the nested object's members.
  /// - Throws: What `body` throws.
  @inlinable
  public mutating func objectField<Failure: Error>(
    _ key: String,
    _ body: (inout JSONWriter) throws(Failure) -> Void
  ) throws(Failure) {
    beginObject(key: key)
    try body(&self)
    endObject()
  }

  /// Writes a member whose value is an array with the elements `body` writes.
  ///
  /// - Parameters:
  ///   - key: The member name.
  ///   - body: Writes the elements.
  /// - Throws: What `body` throws.
  @inlinable
  public mutating func arrayField<Failure: Error>(
    _ key: String,
    _ body: (inout JSONWriter) throws(Failure) -> Void
  ) throws(Failure) {
    beginArray(key: key)
    try body(&self)
    endArray()
  }

  // MARK: - Emitting

  /// Appends what `body` writes (at most `maxCount` bytes; it returns the count) as one value, preceded by a comma
  /// when one is due; afterwards a comma is due.
  ///
  /// Every output goes through here: one capacity check per value rather than per byte.
  @inline(__always)
  private mutating func emit(atMost maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
    let comma = needsComma
    bytes.append(addingCapacity: maxCount + 1) { span in
      span.withUnsafeMutableBufferPointer { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        var out = base + initialized
        if comma {
          out[0] = UInt8(ascii: ",")
          out += 1
          initialized += 1
        }
        initialized += body(out)
      }
    }
    needsComma = true
  }

  /// Appends a quoted key and a colon, then what `body` writes (at most `valueAtMost` bytes), as one emission.
  @inline(__always)
  private mutating func emitKey(
    _ key: String,
    valueAtMost: Int,
    _ body: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    JSONWriter.withUTF8(key) { utf8 in
      let overhead = JSONWriter.escapeOverhead(utf8)
      emit(atMost: utf8.count + overhead + 3 + valueAtMost) { out in
        var written = JSONWriter.storeQuoted(utf8, overhead: overhead, at: out)
        out[written] = UInt8(ascii: ":")
        written += 1
        return written + body(out + written)
      }
    }
  }

  /// Appends `{` or `[` (after a comma when due); no comma is due after it.
  @inline(__always)
  private mutating func emitOpening(_ bracket: UInt8) {
    emit(atMost: 1) { out in
      out[0] = bracket
      return 1
    }
    needsComma = false
  }

  /// Appends `}` or `]`; a comma is due after it.
  @inline(__always)
  private mutating func emitClosing(_ bracket: UInt8) {
    bytes.append(bracket)
    needsComma = true
  }

  /// Appends text that needs no escaping (number literals).
  private mutating func emitVerbatim(_ text: String) {
    JSONWriter.withUTF8(text) { utf8 in
      emit(atMost: utf8.count) { out in JSONWriter.store(utf8, at: out) }
    }
  }
}
