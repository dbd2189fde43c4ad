import SuggestEngine

/// An open document, as the client's `textDocument/did*` notifications describe it.
///
/// Kept as lines, in chunks (``DocumentLines``), so that an incremental change costs time in proportion to the lines
/// it touches, not to the document's size; positions are mapped on the touched lines only.
struct TextDocument: Sendable {
  /// The document's URI, as the client names it.
  let uri: String
  /// The client's language id (`pip-requirements`, `markdown`, …).
  let languageId: String
  /// The version of the last change applied.
  private(set) var version: Int
  /// The lines; never empty (an empty document has one empty line).
  private(set) var lines: DocumentLines

  /// Opens a document.
  init(uri: String, languageId: String, version: Int, text: String) {
    self.uri = uri
    self.languageId = languageId
    self.version = version
    self.lines = DocumentLines(DocumentLine.split(text.utf8))
  }

  /// The whole text (for tests and diagnostics).
  var text: String {
    var bytes: [UInt8] = []
    for line in lines { bytes += line.bytes + line.ending.bytes }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Applies one `didChange` notification: its changes in order, all or none.
  ///
  /// - Parameters:
  ///   - changes: The content changes, each a whole new text (`range == nil`) or a replaced range.
  ///   - version: The document's version after the changes; it must be newer than the current one.
  ///   - encoding: The negotiated position encoding.
  /// - Throws: ``DocumentError`` naming the first bad change; the document is then unchanged.
  mutating func apply(_ changes: [DocumentChange], version: Int, encoding: PositionEncoding) throws(DocumentError) {
    guard version > self.version else { throw .versionNotNewer(version: version, current: self.version) }
    // One change is applied in place; several are applied to a copy so that a bad later one leaves no trace (the
    // copy shares the lines' chunks until it changes them: it costs the chunks touched and the list of chunks).
    if changes.count == 1, let change = changes.first {
      try apply(change, encoding: encoding)
    } else {
      var copy = self
      for change in changes { try copy.apply(change, encoding: encoding) }
      self = copy
    }
    self.version = version
  }

  private mutating func apply(_ change: DocumentChange, encoding: PositionEncoding) throws(DocumentError) {
    guard let range = change.range else {
      lines = DocumentLines(DocumentLine.split(change.text.utf8))
      return
    }
    let start = try location(of: range.start, encoding: encoding)
    let end = try location(of: range.end, encoding: encoding)
    guard start.line < end.line || (start.line == end.line && start.byte <= end.byte) else { throw .reversedRange }
    let endLine = lines[end.line]
    var combined = Array(lines[start.line].bytes[..<start.byte])
    combined += change.text.utf8
    combined += endLine.bytes[end.byte...]
    combined += endLine.ending.bytes
    var first = start.line
    // A "\r" ending the line before and a "\n" starting the new text are one break, as the client sees it.
    if first > 0, lines[first - 1].ending == .cr, combined.first == 0x0A {
      first -= 1
      combined = lines[first].bytes + [0x0D] + combined
    }
    var replacement = DocumentLine.split(combined)
    // The combined text ends with the end line's break, after which `split` gives an empty line that is not there.
    if endLine.ending != .none { replacement.removeLast() }
    lines.replaceSubrange(first..<(end.line + 1), with: replacement)
  }

  /// The line and byte offset of a position.
  ///
  /// The position just past the last line (`{line: lineCount, character: 0}`) is the end of the document, as
  /// clients send for "replace everything".
  func location(
    of position: DocumentPosition,
    encoding: PositionEncoding
  ) throws(DocumentError) -> (line: Int, byte: Int) {
    if position.line == lines.count && position.character == 0, let last = lines.last {
      return (lines.count - 1, last.bytes.count)
    }
    guard position.line >= 0, position.line < lines.count else {
      throw .lineOutOfRange(line: position.line, lineCount: lines.count)
    }
    let byte = try lines[position.line].byteOffset(of: position.character, encoding: encoding, line: position.line)
    return (position.line, byte)
  }

  /// The word that ends at `position`, and its range: what a completion at `position` replaces.
  ///
  /// - Parameters:
  ///   - position: The cursor.
  ///   - encoding: The negotiated position encoding.
  ///   - pattern: Which characters make up a word.
  /// - Returns: The word (empty when the cursor follows no word character) and its range on the cursor's line.
  /// - Throws: ``DocumentError`` when the position is not in the document.
  /// - Complexity: O(*w*) in the word's length on an ASCII line; otherwise the line up to the cursor.
  func word(
    before position: DocumentPosition,
    encoding: PositionEncoding,
    pattern: WordPattern
  ) throws(DocumentError)
    -> (text: String, range: DocumentRange)
  {
    let (lineIndex, end) = try location(of: position, encoding: encoding)
    let line = lines[lineIndex]
    let start = pattern.wordStart(in: line.bytes, before: end)
    let text = String(decoding: line.bytes[start..<end], as: UTF8.self)
    let startCharacter = line.units(upTo: start, encoding: encoding)
    let endCharacter = line.units(upTo: end, encoding: encoding)
    return (
      text,
      DocumentRange(
        start: DocumentPosition(line: lineIndex, character: startCharacter),
        end: DocumentPosition(line: lineIndex, character: endCharacter)
      )
    )
  }
}
