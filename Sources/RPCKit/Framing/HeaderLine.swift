import JSONKit

/// One line of an LSP header block, parsed: the headers the decoder acts on, or any other header.
///
/// A line is `Name: value`. The name must be an HTTP token (letters, digits and ``!#$%&'*+-.^_`|~``) with no
/// surrounding spaces, compared ignoring ASCII case. Spaces and tabs around the value are ignored.
enum HeaderLine: Equatable {
  /// `Content-Length` with a valid value.
  case contentLength(Int)
  /// `Content-Type`, with the value of its `charset` parameter when it has one (unquoted, shortened).
  case contentType(charset: String?)
  /// Any other well-formed header; ignored.
  case other

  /// Parses one header line, without its line terminator.
  ///
  /// - Parameter line: The bytes of the line, without `\r\n`.
  /// - Returns: The header, or ``FramingError/malformedHeaderLine(_:)`` for a line that is not `Name: value`, or
  ///   ``FramingError/invalidContentLength(_:)`` for a `Content-Length` that is not a decimal byte count
  ///   (digits only, no sign, fitting in an `Int`).
  static func parse(_ line: UnsafeBufferPointer<UInt8>) -> Result<HeaderLine, FramingError> {
    var colon = 0
    while colon < line.count && isTokenByte(line[colon]) { colon += 1 }
    guard colon > 0, colon < line.count, line[colon] == UInt8(ascii: ":") else {
      return .failure(.malformedHeaderLine(FramingError.snippet(line)))
    }
    let name = UnsafeBufferPointer(rebasing: line[..<colon])
    let value = trimmingSpaces(UnsafeBufferPointer(rebasing: line[(colon + 1)...]))
    if FramingBytes.equalsIgnoringCase(name, "content-length") {
      guard let length = parseLength(value) else {
        return .failure(.invalidContentLength(FramingError.snippet(value)))
      }
      return .success(.contentLength(length))
    }
    if FramingBytes.equalsIgnoringCase(name, "content-type") {
      return .success(.contentType(charset: charsetParameter(of: value)))
    }
    return .success(.other)
  }

  /// Parses a whole header block of exactly `Content-Length: N\r\n\r\n` (this spelling, one space, at most 18
  /// digits), the form nearly every client writes.
  ///
  /// - Parameters:
  ///   - bytes: The buffered input.
  ///   - start: Where the header block starts.
  /// - Returns: The length and the index just after the block, or `nil` when the input there is not (yet) a
  ///   complete block of that form.
  static func parseCanonicalBlock(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (length: Int, end: Int)? {
    let prefix: StaticString = "Content-Length: "
    let digitsStart = start + prefix.utf8CodeUnitCount
    guard digitsStart < bytes.count else { return nil }
    for index in 0..<prefix.utf8CodeUnitCount where bytes[start + index] != prefix.utf8Start[index] {
      return nil
    }
    var index = digitsStart
    var length = 0
    while index < bytes.count && index - digitsStart < 18 {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10 else { break }
      length = length * 10 + Int(digit)
      index += 1
    }
    guard index > digitsStart, index + 4 <= bytes.count, bytes[index] == ByteSearch.carriageReturn,
      bytes[index + 1] == ByteSearch.lineFeed, bytes[index + 2] == ByteSearch.carriageReturn,
      bytes[index + 3] == ByteSearch.lineFeed
    else {
      return nil
    }
    return (length, index + 4)
  }

  /// Whether a charset name means UTF-8 (`utf-8` or `utf8`, any case).
  static func isUTF8(_ charset: String) -> Bool {
    var charset = charset
    return charset.withUTF8 {
      FramingBytes.equalsIgnoringCase($0, "utf-8") || FramingBytes.equalsIgnoringCase($0, "utf8")
    }
  }

  /// Parses a byte count: ASCII digits only, at least one, no overflow.
  private static func parseLength(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for byte in digits {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (sum, carried) = shifted.addingReportingOverflow(Int(digit))
      guard !overflowed, !carried else { return nil }
      value = sum
    }
    return value
  }

  /// The `charset` parameter of a media type such as `application/vscode-jsonrpc; charset=utf-8`, or `nil`.
  private static func charsetParameter(of value: UnsafeBufferPointer<UInt8>) -> String? {
    for parameter in value.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).dropFirst() {
      let parameter = UnsafeBufferPointer(rebasing: parameter)
      guard let equals = parameter.firstIndex(of: UInt8(ascii: "=")) else { continue }
      guard
        FramingBytes.equalsIgnoringCase(trimmingSpaces(UnsafeBufferPointer(rebasing: parameter[..<equals])), "charset")
      else { continue }
      var charset = trimmingSpaces(UnsafeBufferPointer(rebasing: parameter[(equals + 1)...]))[...]
      if charset.count >= 2, charset.first == UInt8(ascii: "\""), charset.last == UInt8(ascii: "\"") {
        charset = charset.dropFirst().dropLast()
      }
      return FramingError.snippet(charset)
    }
    return nil
  }

  /// `bytes` without leading and trailing spaces and tabs.
  private static func trimmingSpaces(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    var end = bytes.count
    while start < end && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
    while end > start && (bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09) { end -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// Whether `byte` may appear in an HTTP header name (RFC 9110 `tchar`).
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }
}
