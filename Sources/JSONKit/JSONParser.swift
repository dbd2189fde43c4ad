/// Parses JSON text (RFC 8259) into a ``JSONValue``.
///
/// PLACEHOLDER: API final, implementation pending.
public struct JSONParser: Sendable {
  /// The deepest nesting of arrays and objects accepted; deeper input is an error, never a stack overflow.
  public var maxDepth: Int

  /// Creates a parser.
  ///
  /// - Parameter maxDepth: The nesting limit (default 512).
  public init(maxDepth: Int = 512) {
    self.maxDepth = maxDepth
  }

  /// Parses one complete JSON text (surrounding whitespace allowed) from UTF-8 bytes.
  ///
  /// - Parameter bytes: The UTF-8 text.
  /// - Returns: The value.
  /// - Throws: ``JSONParseError`` for invalid UTF-8, invalid JSON, trailing content or excessive depth.
  public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
    throw JSONParseError(kind: .unexpectedEnd, offset: bytes.count)
  }
}
