/// Why a JSON text was rejected, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of failure.
  public enum Kind: Sendable, Hashable {
    /// The input ended inside a value.
    case unexpectedEnd
    /// A byte that cannot start or continue the value at this point.
    case unexpectedByte(UInt8)
    /// Bytes that are not valid UTF-8.
    case invalidUTF8
    /// A malformed escape sequence or a lone surrogate.
    case invalidEscape
    /// A control character inside a string.
    case controlCharacterInString
    /// A malformed number.
    case invalidNumber
    /// Arrays and objects nested deeper than the limit.
    case tooDeep(limit: Int)
    /// Content after the value.
    case trailingContent
  }

  /// What went wrong.
  public var kind: Kind
  /// The byte offset where it went wrong.
  public var offset: Int

  /// Creates an error.
  public init(kind: Kind, offset: Int) {
    self.kind = kind
    self.offset = offset
  }

  /// A one-line message fit for a JSON-RPC error, e.g. `invalid JSON at byte 1: unexpected character 'b'`.
  public var description: String {
    "invalid JSON at byte \(offset): \(kind)"
  }
}

extension JSONParseError.Kind: CustomStringConvertible {
  /// What went wrong, in words.
  public var description: String {
    switch self {
    case .unexpectedEnd:
      return "unexpected end of input"
    case .unexpectedByte(let byte):
      if byte >= 0x21 && byte < 0x7F { return "unexpected character '\(Character(Unicode.Scalar(byte)))'" }
      let hex = String(byte, radix: 16, uppercase: true)
      return "unexpected byte 0x\(hex.count == 1 ? "0" + hex : hex)"
    case .invalidUTF8:
      return "invalid UTF-8"
    case .invalidEscape:
      return "invalid escape sequence (or a lone surrogate)"
    case .controlCharacterInString:
      return "unescaped control character in a string"
    case .invalidNumber:
      return "invalid number"
    case .tooDeep(let limit):
      return "arrays and objects nested deeper than \(limit) levels"
    case .trailingContent:
      return "unexpected content after the JSON value"
    }
  }
}
