import JSONKit

/// Words for a ``JSONParseError``'s kind, for messages that give the position separately as line and column.
enum JSONSyntaxMessage {
  /// A short reason, e.g. `unexpected character ']'`, `unexpected end of input`.
  static func reason(_ kind: JSONParseError.Kind) -> String {
    switch kind {
    case .unexpectedEnd: "unexpected end of input"
    case .unexpectedByte(let byte): "unexpected \(describe(byte))"
    case .invalidUTF8: "invalid UTF-8 in a string"
    case .invalidEscape: "invalid escape sequence in a string"
    case .controlCharacterInString: "unescaped control character in a string"
    case .invalidNumber: "invalid number"
    case .tooDeep(let limit): "arrays and objects nested deeper than \(limit) levels"
    case .trailingContent: "unexpected content after the JSON value"
    }
  }

  /// `character 'x'` for printable ASCII, `byte 0x80` otherwise.
  private static func describe(_ byte: UInt8) -> String {
    if byte >= 0x21, byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
    let hex = String(byte, radix: 16, uppercase: true)
    return "byte 0x\(hex.count == 1 ? "0" : "")\(hex)"
  }
}
