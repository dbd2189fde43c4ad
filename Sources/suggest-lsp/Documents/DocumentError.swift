/// Why a document change or a position was refused: the document stays as it was, and the client is told what is
/// wrong (-32602 for a request; stderr and `window/logMessage` for a notification).
enum DocumentError: Error, Equatable, CustomStringConvertible {
  /// No open document has this URI (never opened, or closed).
  case notOpen(uri: String)
  /// The line number is past the document's last line.
  case lineOutOfRange(line: Int, lineCount: Int)
  /// The character offset is past the end of its line.
  case characterPastEnd(line: Int, character: Int, length: Int)
  /// The character offset falls between the two UTF-16 units of a surrogate pair.
  case insideSurrogatePair(line: Int, character: Int)
  /// The offset falls inside a multi-byte UTF-8 sequence (positions in `utf-8`).
  case insideCharacter(line: Int, character: Int)
  /// The range's end comes before its start.
  case reversedRange
  /// A change's version is not newer than the document's.
  case versionNotNewer(version: Int, current: Int)

  var description: String {
    switch self {
    case .notOpen(let uri):
      "no open document \(uri) (open it with textDocument/didOpen first)"
    case .lineOutOfRange(let line, let lineCount):
      "line \(line) is outside the document (it has \(lineCount) lines, numbered from 0)"
    case .characterPastEnd(let line, let character, let length):
      "character \(character) is past the end of line \(line) (its length is \(length))"
    case .insideSurrogatePair(let line, let character):
      "character \(character) of line \(line) falls inside a surrogate pair"
    case .insideCharacter(let line, let character):
      "character \(character) of line \(line) falls inside a multi-byte UTF-8 character"
    case .reversedRange:
      "the range's end comes before its start"
    case .versionNotNewer(let version, let current):
      "version \(version) is not newer than the document's version \(current)"
    }
  }
}
