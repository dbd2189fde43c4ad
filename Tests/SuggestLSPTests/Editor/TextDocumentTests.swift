import SuggestEngine
import Testing

@testable import suggest_lsp

/// Document sync: positions in each encoding, incremental and full changes, line breaks, and the bad input that
/// leaves a document as it was.
@Suite struct TextDocumentTests {
  private func document(_ text: String) -> TextDocument {
    TextDocument(uri: "file:///t.txt", languageId: "text", version: 1, text: text)
  }

  private func change(_ line: Int, _ from: Int, _ toLine: Int, _ to: Int, _ text: String) -> DocumentChange {
    DocumentChange(
      range: DocumentRange(
        start: DocumentPosition(line: line, character: from),
        end: DocumentPosition(line: toLine, character: to)
      ),
      text: text
    )
  }

  @Test("an incremental change after an emoji counts it as two UTF-16 units, one UTF-32 unit, four UTF-8 bytes")
  func emojiColumns() throws {
    for (encoding, column) in [(PositionEncoding.utf16, 8), (.utf32, 7), (.utf8, 11)] {
      var doc = document("café 😀 x\n")
      try doc.apply([change(0, column, 0, column + 1, "requests")], version: 2, encoding: encoding)
      #expect(doc.text == "café 😀 requests\n", "\(encoding)")
    }
  }

  @Test("a combining mark is its own unit; the word before the cursor keeps it")
  func combiningMarks() throws {
    // "cafe" + U+0301: five UTF-16 units.
    let doc = document("x cafe\u{301}")
    let (word, range) = try doc.word(
      before: DocumentPosition(line: 0, character: 7),
      encoding: .utf16,
      pattern: WordPattern()
    )
    #expect(word == "cafe\u{301}")
    #expect(range.start.character == 2 && range.end.character == 7)
  }

  @Test("CRLF, CR and LF lines count as one break each; an edit across them keeps the others")
  func lineBreaks() throws {
    var doc = document("one\r\ntwo\rthree\nfour")
    #expect(doc.lines.count == 4)
    try doc.apply([change(1, 1, 2, 2, "W")], version: 2, encoding: .utf16)
    #expect(doc.text == "one\r\ntWree\nfour")
    // Deleting a line's text between a CR and the LF that follows joins them into one CRLF break.
    var joined = document("a\rX\nb")
    try joined.apply([change(1, 0, 1, 1, "")], version: 2, encoding: .utf16)
    #expect(joined.text == "a\r\nb")
    #expect(joined.lines.count == 2)
  }

  @Test("several changes apply in order; a full text replaces everything; the end of the document is addressable")
  func ordering() throws {
    var doc = document("ab")
    try doc.apply(
      [change(0, 2, 0, 2, "\ncd"), change(1, 0, 1, 1, "C"), DocumentChange(range: nil, text: "new\n")],
      version: 2,
      encoding: .utf16
    )
    #expect(doc.text == "new\n")
    try doc.apply([change(1, 0, 1, 0, "end")], version: 3, encoding: .utf16)
    #expect(doc.text == "new\nend")
    #expect(doc.version == 3)
  }

  @Test(
    "bad input is refused with what is wrong, and leaves the document as it was",
    arguments: [
      ([0, 20, 0, 21], DocumentError.characterPastEnd(line: 0, character: 20, length: 9)),
      ([5, 0, 5, 0], .lineOutOfRange(line: 5, lineCount: 2)),
      ([0, 6, 0, 6], .insideSurrogatePair(line: 0, character: 6)),
      ([0, 3, 0, 1], .reversedRange),
    ]
  )
  func badInput(range: [Int], expected: DocumentError) throws {
    var doc = document("café 😀 x\nsecond")
    let bad = change(range[0], range[1], range[2], range[3], "!")
    #expect(throws: expected) { try doc.apply([bad], version: 2, encoding: .utf16) }
    // A list of changes is applied all or none: the good first one leaves no trace either.
    #expect(throws: expected) { try doc.apply([change(1, 0, 1, 0, "ok "), bad], version: 2, encoding: .utf16) }
    #expect(doc.text == "café 😀 x\nsecond")
    #expect(doc.version == 1)
  }

  @Test("a version that does not go forward is refused")
  func versions() throws {
    var doc = document("a")
    #expect(throws: DocumentError.versionNotNewer(version: 1, current: 1)) {
      try doc.apply([DocumentChange(range: nil, text: "b")], version: 1, encoding: .utf16)
    }
    #expect(doc.text == "a")
  }

  @Test("UTF-8 positions inside a character are refused")
  func utf8InsideCharacter() {
    let doc = document("é")
    #expect(throws: DocumentError.insideCharacter(line: 0, character: 1)) {
      try doc.location(of: DocumentPosition(line: 0, character: 1), encoding: .utf8)
    }
  }

  @Test("the word before the cursor: letters, digits, _ - . of any script; # kept; other punctuation stops it")
  func words() throws {
    let doc = document("x = flask-login==2 #mus 😀über.x")
    func word(_ character: Int, _ pattern: WordPattern = WordPattern()) throws -> String {
      try doc.word(before: DocumentPosition(line: 0, character: character), encoding: .utf16, pattern: pattern).text
    }
    #expect(try word(15) == "flask-login")
    #expect(try word(23) == "#mus")
    #expect(try word(32) == "über.x")
    #expect(try word(32, WordPattern(extraCharacters: "")) == "x")
    #expect(try word(4) == "")
  }

  @Test("an edit in a huge document changes its line and keeps the others")
  func hugeDocument() throws {
    let line = String(repeating: "abcdefgh ", count: 8) + "\n"
    var doc = document(String(repeating: line, count: 20_000))
    let before = doc.lines.count
    for version in 2..<202 {
      try doc.apply([change(10_000, 0, 10_000, 0, "x")], version: version, encoding: .utf16)
    }
    #expect(doc.lines.count == before)
    #expect(doc.lines[10_000].bytes.count == 72 + 200)
    #expect(doc.lines[9_999].bytes.count == 72 && doc.lines[10_001].bytes.count == 72)
  }
}
