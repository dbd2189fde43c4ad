/// Parses JSON text (RFC 8259) into a ``JSONValue``.
///
/// A single pass over UTF-8 bytes without Foundation. It accepts exactly RFC 8259's grammar and, for the cases the
/// RFC leaves to implementations (JSONTestSuite's `i_` files), chooses:
/// - numbers of any size or precision are accepted and kept as literal text (`1e400`, `-123123e100000`,
///   `100000000000000000000`); converting is up to the reader (``JSONNumber/int64Value``, ``JSONNumber/doubleValue``);
/// - a lone or misordered surrogate escape (`"\uD800"`, `"\uDD1E\uD834"`) is rejected with
///   ``JSONParseError/Kind/invalidEscape``, since it has no UTF-8 form;
/// - invalid UTF-8 anywhere is rejected: in strings (overlong forms, encoded surrogates, code points above
///   U+10FFFF, truncated sequences, Latin-1 bytes) with ``JSONParseError/Kind/invalidUTF8``, outside strings as an
///   unexpected byte; UTF-16 input is therefore rejected too;
/// - a UTF-8 byte order mark is rejected unless ``skipsByteOrderMark`` is set;
/// - nesting is accepted up to ``maxDepth`` (so JSONTestSuite's 500 nested arrays pass with the default 512).
///
/// Objects keep duplicate keys, in order (``JSONObject`` lookup takes the last).
public struct JSONParser: Sendable {
  /// The deepest nesting of arrays and objects accepted; deeper input is an error, never a stack overflow.
  ///
  /// The parser recurses once per level, so a very large limit needs a correspondingly large thread stack
  /// (a few hundred bytes per level).
  public var maxDepth: Int

  /// Whether a leading UTF-8 byte order mark (`EF BB BF`) is skipped rather than rejected.
  ///
  /// RFC 8259 forbids sending one but lets parsers ignore it; files written by some editors start with one.
  public var skipsByteOrderMark: Bool

  /// Creates a parser.
  ///
  /// - Parameters:
  ///   - maxDepth: The nesting limit (default 512).
  ///   - skipsByteOrderMark: Whether to skip a leading UTF-8 byte order mark (default `false`: rejected).
  public init(maxDepth: Int = 512, skipsByteOrderMark: Bool = false) {
    self.maxDepth = maxDepth
    self.skipsByteOrderMark = skipsByteOrderMark
  }

  /// Parses one complete JSON text (surrounding whitespace allowed) from UTF-8 bytes.
  ///
  /// - Parameter bytes: The UTF-8 text.
  /// - Returns: The value.
  /// - Throws: ``JSONParseError`` for invalid UTF-8, invalid JSON, trailing content or excessive depth.
  public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
    var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth, skipsByteOrderMark: skipsByteOrderMark)
    return try scanner.parseDocument()
  }

  /// Parses the JSON text in `range` of a larger buffer (a value that ``JSONShallowReader`` found), reporting
  /// errors at their offsets in the whole buffer.
  ///
  /// - Parameters:
  ///   - bytes: The buffer.
  ///   - range: The offsets of the text to parse.
  /// - Returns: The value.
  /// - Throws: ``JSONParseError`` for invalid UTF-8, invalid JSON, trailing content or excessive depth.
  public func parse(_ bytes: UnsafeRawBufferPointer, in range: Range<Int>) throws(JSONParseError) -> JSONValue {
    do {
      return try parse(UnsafeRawBufferPointer(rebasing: bytes[range]))
    } catch {
      throw JSONParseError(kind: error.kind, offset: range.lowerBound + error.offset)
    }
  }

  /// Parses one complete JSON text from an array of UTF-8 bytes.
  ///
  /// - Parameter bytes: The UTF-8 text.
  /// - Returns: The value.
  /// - Throws: ``JSONParseError`` for invalid UTF-8, invalid JSON, trailing content or excessive depth.
  public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    try bytes.withUnsafeBytes { raw in
      Result { () throws(JSONParseError) in try parse(raw) }
    }.get()
  }

  /// Parses one complete JSON text from any collection of UTF-8 bytes (`ArraySlice<UInt8>`, `Data`, ...).
  ///
  /// Contiguous collections are read in place; others are copied first.
  ///
  /// - Parameter bytes: The UTF-8 text.
  /// - Returns: The value.
  /// - Throws: ``JSONParseError`` for invalid UTF-8, invalid JSON, trailing content or excessive depth.
  public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
    let result = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
    }
    return try (result ?? Result { () throws(JSONParseError) in try parse(Array(bytes)) }).get()
  }

  /// Parses one complete JSON text from a string.
  ///
  /// - Parameter text: The JSON text.
  /// - Returns: The value.
  /// - Throws: ``JSONParseError`` for invalid JSON, trailing content or excessive depth (offsets are UTF-8 byte
  ///   offsets into `text`).
  public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    var text = text
    return try text.withUTF8 { buffer in
      Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
    }.get()
  }

  /// Reads a JSON object's members up to the member named `key`, leaving that member's value and everything after
  /// it unread.
  ///
  /// A reader that needs only the small members written first (a JSON-RPC message's `jsonrpc`, `id` and `method`
  /// before a large `params`) gets them in time proportional to them, not to the whole text. What is left unread is
  /// not checked: parse the whole text with ``parse(_:)`` to validate it.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 text.
  ///   - key: The member to stop at (the first one with this key).
  /// - Returns: The members before `key` and the offset of its value (or every member and no offset, when the
  ///   object has no such member); `nil` when the text is not an object.
  /// - Throws: ``JSONParseError`` for invalid JSON in what was read.
  public func parseHead(_ bytes: UnsafeRawBufferPointer, before key: String) throws(JSONParseError) -> JSONObjectHead? {
    var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth, skipsByteOrderMark: skipsByteOrderMark)
    return try scanner.parseHead(before: key)
  }
}
