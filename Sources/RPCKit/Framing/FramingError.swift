/// Why a frame could not be delivered.
///
/// Every case is recoverable: the decoder reports it as a ``FrameEvent/error(_:)`` and continues with the next
/// frame. ``description`` reads as the message of a JSON-RPC parse error.
public enum FramingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// An LSP header block ended (empty line) without a `Content-Length` header.
  case missingContentLength
  /// A `Content-Length` value that is not a decimal byte count fitting in an `Int` (the text seen, shortened).
  case invalidContentLength(String)
  /// Two `Content-Length` headers in one header block with different values.
  case conflictingContentLength(first: Int, second: Int)
  /// An LSP header block longer than `limit` bytes.
  case headerTooLarge(limit: Int)
  /// A header line that is not `Name: value` with a valid header name (the line seen, shortened).
  case malformedHeaderLine(String)
  /// A `Content-Type` charset other than UTF-8 (the charset seen, shortened). The body is read and handed over with
  /// the error (``FrameEvent/refused(_:_:)``), so that a request in it can be answered with its id.
  case unsupportedCharset(String)
  /// A `Content-Length` larger than the message size limit. The body is skipped without being buffered.
  case bodyTooLarge(length: Int, limit: Int)
  /// An NDJSON line longer than the message size limit. The rest of the line is discarded without being buffered.
  case lineTooLong(limit: Int)
  /// The input ended inside an LSP header block.
  case truncatedHeader
  /// The input ended inside an LSP body, after `received` of `expected` bytes.
  case truncatedBody(expected: Int, received: Int)

  /// A one-line message fit for a JSON-RPC error response.
  public var description: String {
    switch self {
    case .missingContentLength:
      return "Missing Content-Length header"
    case .invalidContentLength(let text):
      return "Invalid Content-Length \"\(text)\": expected a decimal byte count"
    case .conflictingContentLength(let first, let second):
      return "Conflicting Content-Length headers: \(first) and \(second)"
    case .headerTooLarge(let limit):
      return "Message header exceeds the limit of \(limit) bytes"
    case .malformedHeaderLine(let line):
      return "Malformed header line \"\(line)\": expected \"Name: value\""
    case .unsupportedCharset(let charset):
      return "Unsupported charset \"\(charset)\": only utf-8 is accepted"
    case .bodyTooLarge(let length, let limit):
      return "Content-Length \(length) exceeds the limit of \(limit) bytes"
    case .lineTooLong(let limit):
      return "Line exceeds the limit of \(limit) bytes"
    case .truncatedHeader:
      return "Input ended inside a message header"
    case .truncatedBody(let expected, let received):
      return "Input ended after \(received) of \(expected) body bytes"
    }
  }
}

extension FramingError {
  /// The most bytes of input an error message quotes.
  static let snippetLimit = 40

  /// Input bytes as text for an error message: at most ``snippetLimit`` bytes (cut at a UTF-8 character
  /// boundary, then `…`), invalid UTF-8 replaced by U+FFFD.
  static func snippet(_ bytes: some Collection<UInt8>) -> String {
    guard bytes.count > snippetLimit else { return String(decoding: bytes, as: UTF8.self) }
    let head = Array(bytes.prefix(snippetLimit + 1))
    // Cut before the character that the limit would split (a UTF-8 character is at most 4 bytes).
    var cut = snippetLimit
    while cut > snippetLimit - 3 && head[cut] & 0xC0 == 0x80 { cut -= 1 }
    return String(decoding: head[..<cut], as: UTF8.self) + "…"
  }
}
