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

  /// A one-line message fit for a JSON-RPC error.
  public var description: String {
    "invalid JSON at byte \(offset): \(kind)"
  }
}
