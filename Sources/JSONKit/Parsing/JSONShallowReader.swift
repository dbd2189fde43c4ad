/// Reads the structure of a JSON text without building its values: where values start and end, and the elements
/// of an array.
///
/// A large document can then be parsed piece by piece (``JSONParser/parse(_:in:)``), for instance the elements of
/// a big array in parallel, each with its line. The reader checks only the structure between values (commas,
/// colons, brackets); what is inside a value is checked when that value is parsed. A text passes both steps exactly
/// when it is valid JSON.
///
/// ```swift
/// var reader = JSONShallowReader(bytes: buffer)
/// reader.skipWhitespace()
/// let elements = try reader.splitArray()  // [ ... ]
/// let first = try JSONParser().parse(buffer, in: elements.ranges[0])
/// ```
public struct JSONShallowReader {
  /// The scanner the parser uses, here only skipping.
  private var scanner: JSONScanner
  /// The offset up to which line feeds have been counted, and how many there were.
  private var linesCounted = (offset: 0, lineFeeds: 0)

  /// Creates a reader of `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: The UTF-8 text; must stay valid while the reader is used.
  ///   - skipsByteOrderMark: Whether a leading UTF-8 byte order mark is skipped.
  public init(bytes: UnsafeRawBufferPointer, skipsByteOrderMark: Bool = false) {
    scanner = JSONScanner(bytes: bytes, maxDepth: 0, skipsByteOrderMark: skipsByteOrderMark)
  }

  /// The offset of the next byte to read.
  public var offset: Int { scanner.index }

  /// The byte at ``offset``, or `nil` at the end of the text.
  public var current: UInt8? { scanner.current }

  /// An error at ``offset``: the unexpected byte there, or the end of input.
  public var errorHere: JSONParseError { scanner.errorHere }

  /// Moves past the current byte.
  public mutating func advance() {
    scanner.index += 1
  }

  /// Skips JSON white space (space, tab, carriage return, line feed).
  public mutating func skipWhitespace() {
    scanner.skipWhitespace()
  }

  /// Moves past `byte`.
  ///
  /// - Parameter byte: The byte that must be at ``offset``.
  /// - Throws: ``JSONParseError`` at ``offset`` when another byte, or the end, is there.
  public mutating func expect(_ byte: UInt8) throws(JSONParseError) {
    guard current == byte else { throw errorHere }
    scanner.index += 1
  }

  /// Moves past the value starting at ``offset`` and returns its range.
  ///
  /// Strings end at their closing quote, arrays and objects where their brackets balance, numbers and literals at
  /// the next delimiter or white space.
  ///
  /// - Returns: The value's bytes.
  /// - Throws: ``JSONParseError`` when no value can start here or the input ends inside one.
  public mutating func skipValue() throws(JSONParseError) -> Range<Int> {
    try scanner.skipValue()
  }

  /// Splits the array whose `[` is at ``offset`` into its elements and moves past its `]`.
  ///
  /// - Returns: Each element's range and start line.
  /// - Throws: ``JSONParseError`` when the array's structure is broken (a missing comma, a trailing comma, the end
  ///   of input).
  public mutating func splitArray() throws(JSONParseError) -> JSONArrayElements {
    try expect(UInt8(ascii: "["))
    var elements = JSONArrayElements()
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      advance()
      return elements
    }
    while true {
      elements.lines.append(Int32(truncatingIfNeeded: line(at: offset)))
      elements.ranges.append(try skipValue())
      skipWhitespace()
      switch current {
      case UInt8(ascii: ",")?:
        advance()
        skipWhitespace()
      case UInt8(ascii: "]")?:
        advance()
        return elements
      default:
        throw errorHere
      }
    }
  }

  /// The 1-based line of `offset`, which is at or after every offset asked before (line feeds are counted once).
  private mutating func line(at offset: Int) -> Int {
    let bytes = scanner.bytes.assumingMemoryBound(to: UInt8.self)
    linesCounted.lineFeeds += ByteSearch.lineFeedCount(in: bytes, linesCounted.offset..<offset)
    linesCounted.offset = offset
    return linesCounted.lineFeeds + 1
  }
}
