import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// Documents under many seeded random edits (multi-line pastes, deletions across many lines, CRLF and CR
/// breaks, surrogate pairs, several changes in one notification) stay equal to a plain reference model, and their
/// chunked lines stay consistent (``DocumentLines``).
@Suite(.serialized, .scaledTimeLimit(minutes: 2)) struct TextDocumentModelTests {
  @Test("200,000 lines under random incremental edits match a reference of plain strings")
  func hugeDocument() throws {
    var lines: [String] = []
    var breaks: [String] = []
    for index in 0..<200_000 {
      lines.append(index % 7 == 0 ? "line \(index) 😀 café" : "line \(index) text")
      breaks.append(["\n", "\n", "\n", "\r\n", "\r"][index % 5])
    }
    lines.append("")
    breaks.append("")
    try check(ReferenceDocument(lines: lines, breaks: breaks), seed: 1, edits: TestScale.count(300), fullChecks: 1)
  }

  @Test("3,000 lines under many random incremental edits match the reference after every few", arguments: [2, 3, 4])
  func smallDocument(seed: UInt64) throws {
    let text = (0..<3_000).map { "line \($0) 😀 x\(["\n", "\r\n", "\r"][$0 % 3])" }.joined()
    try check(ReferenceDocument(text), seed: seed, edits: TestScale.count(1_000), fullChecks: 20)
  }

  /// Applies `edits` seeded random notifications (one change, or three) to a document and to `reference`; checks
  /// the lines around each change after each, and the whole text `fullChecks` times and at the end.
  private func check(_ reference: ReferenceDocument, seed: UInt64, edits: Int, fullChecks: Int) throws {
    var random = SplitMix64(seed: seed)
    var reference = reference
    var doc = TextDocument(uri: "file:///big.txt", languageId: "text", version: 1, text: reference.text)
    #expect(doc.lines.count == reference.lines.count)
    for version in 2..<(2 + edits) {
      var changes: [DocumentChange] = []
      for _ in 0..<(random.below(4) == 0 ? 3 : 1) {
        let change = reference.randomChange(using: &random)
        reference.apply(change)
        changes.append(change)
      }
      try doc.apply(changes, version: version, encoding: .utf16)
      #expect(doc.lines.count == reference.lines.count, "edit \(version)")
      // The lines around each edit, where a mistake would show first.
      for change in changes {
        guard let range = change.range else { continue }
        let low = min(max(0, range.start.line - 2), reference.lines.count)
        let high = min(reference.lines.count, range.start.line + 3)
        for index in low..<high {
          #expect(doc.lines[index].bytes == Array(reference.lines[index].utf8), "edit \(version), line \(index)")
          #expect(doc.lines[index].ending.bytes == Array(reference.breaks[index].utf8), "edit \(version)")
        }
      }
      if version % Swift.max(1, edits / fullChecks) == 0 { #expect(doc.text == reference.text, "edit \(version)") }
    }
    #expect(doc.text == reference.text)
    for _ in 0..<2_000 {
      let index = random.below(reference.lines.count)
      #expect(doc.lines[index].bytes == Array(reference.lines[index].utf8))
    }
  }

  @Test("chunks split, merge and empty under pastes and deletions of thousands of lines")
  func chunkBoundaries() throws {
    let lines = (0..<5_000).map { "l\($0)\n" }
    var reference = ReferenceDocument(lines.joined())
    var doc = TextDocument(uri: "file:///c.txt", languageId: "text", version: 1, text: lines.joined())
    // Each edit's range is taken from the document as the edits before it left it.
    let edits: [(ReferenceDocument) -> DocumentChange] = [
      // Delete all but the first and last few lines, across every chunk boundary.
      { _ in DocumentChange(range: range(3, 0, 4_990, 0), text: "") },
      // Paste 3,000 lines in the middle of a line.
      { _ in DocumentChange(range: range(2, 1, 2, 1), text: (0..<3_000).map { "p\($0)\r\n" }.joined()) },
      // Delete exactly one chunk's worth, starting at a chunk boundary.
      { _ in DocumentChange(range: range(512, 0, 1_024, 0), text: "") },
      // Delete everything.
      { reference in
        let last = reference.lines.count - 1
        return DocumentChange(range: range(0, 0, last, reference.lines[last].utf16.count), text: "")
      },
      // Paste into the empty document.
      { _ in DocumentChange(range: range(0, 0, 0, 0), text: "a\nb\r\nc\rd") },
    ]
    for (version, edit) in edits.enumerated() {
      let change = edit(reference)
      reference.apply(change)
      try doc.apply([change], version: version + 2, encoding: .utf16)
      #expect(doc.lines.count == reference.lines.count)
      #expect(doc.text == reference.text)
    }
    #expect(doc.text == "a\nb\r\nc\rd")
  }

  private func range(_ line: Int, _ character: Int, _ endLine: Int, _ endCharacter: Int) -> DocumentRange {
    DocumentRange(
      start: DocumentPosition(line: line, character: character),
      end: DocumentPosition(line: endLine, character: endCharacter)
    )
  }
}

/// The reference model: a document as an array of line strings and their breaks, edited by splicing the text of
/// the lines around an edit (UTF-16 offsets) and splitting it again scalar by scalar.
private struct ReferenceDocument {
  var lines: [String] = []
  var breaks: [String] = []

  init(_ text: String) {
    (lines, breaks) = Self.split(text)
  }

  init(lines: [String], breaks: [String]) {
    self.lines = lines
    self.breaks = breaks
  }

  var text: String {
    zip(lines, breaks).map { $0 + $1 }.joined()
  }

  /// Splits at "\n", "\r\n" and "\r"; the last line has no break.
  static func split(_ text: String) -> (lines: [String], breaks: [String]) {
    var lines: [String] = []
    var breaks: [String] = []
    var current = String.UnicodeScalarView()
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\n":
        lines.append(String(current))
        breaks.append("\n")
        current = String.UnicodeScalarView()
      case "\r":
        if scalars.first == "\n" {
          scalars.removeFirst()
          breaks.append("\r\n")
        } else {
          breaks.append("\r")
        }
        lines.append(String(current))
        current = String.UnicodeScalarView()
      default:
        current.append(scalar)
      }
    }
    lines.append(String(current))
    breaks.append("")
    return (lines, breaks)
  }

  /// Applies a change by re-splitting the lines from the one before it to the one after it, so that a break joined
  /// or split by the edit (a CR meeting an LF) comes out as the text says.
  mutating func apply(_ change: DocumentChange) {
    guard let range = change.range else {
      (lines, breaks) = Self.split(change.text)
      return
    }
    let low = max(0, range.start.line - 1)
    let high = min(lines.count - 1, range.end.line + 1)
    var region: [UInt16] = []
    var start = 0
    var end = 0
    for index in low...high {
      if index == range.start.line { start = region.count + range.start.character }
      if index == range.end.line { end = region.count + range.end.character }
      region += Array((lines[index] + breaks[index]).utf16)
    }
    let edited = Array(region[..<start]) + Array(change.text.utf16) + Array(region[end...])
    var (newLines, newBreaks) = Self.split(String(decoding: edited, as: UTF16.self))
    if !breaks[high].isEmpty {
      // The region ended with a break, after which `split` gives an empty line that is the next line's start.
      newLines.removeLast()
      newBreaks.removeLast()
    }
    lines.replaceSubrange(low...high, with: newLines)
    breaks.replaceSubrange(low...high, with: newBreaks)
  }

  /// A random valid change: an insertion or a replacement of a range of up to a few lines (sometimes thousands),
  /// with text of words, emoji, combining marks and every kind of break.
  func randomChange(using random: inout SplitMix64) -> DocumentChange {
    let startLine = random.below(lines.count)
    var endLine = startLine
    switch random.below(10) {
    case 0..<5: break
    case 5..<9: endLine = min(lines.count - 1, startLine + random.below(4))
    default: endLine = min(lines.count - 1, startLine + random.below(1_500))
    }
    var start = DocumentPosition(line: startLine, character: randomBoundary(in: lines[startLine], using: &random))
    var end = DocumentPosition(line: endLine, character: randomBoundary(in: lines[endLine], using: &random))
    if random.below(3) == 0 { end = start }
    if endLine == startLine && end.character < start.character { swap(&start, &end) }
    let pieces = ["a", "word ", "é", "😀", "\u{301}", "\n", "\r\n", "\r", "x\ny\nz", "one\r\ntwo\r\n", "😀\n😀", ""]
    var text = ""
    switch random.below(10) {
    case 0:
      // A paste of many lines.
      let most = random.below(4) == 0 ? 2_000 : 50
      let count = 1 + random.below(most)
      text = (0..<count).map { "paste \($0)\(pieces[random.below(pieces.count)])\n" }.joined()
    case 1:
      text = ""
    default:
      for _ in 0..<(1 + random.below(3)) { text += pieces[random.below(pieces.count)] }
    }
    return DocumentChange(range: DocumentRange(start: start, end: end), text: text)
  }

  /// A random UTF-16 offset in `line` that falls between scalars (never inside a surrogate pair).
  private func randomBoundary(in line: String, using random: inout SplitMix64) -> Int {
    var boundaries = [0]
    for scalar in line.unicodeScalars { boundaries.append((boundaries.last ?? 0) + scalar.utf16.count) }
    return boundaries[random.below(boundaries.count)]
  }
}

extension SplitMix64 {
  /// A random number in `0..<bound`.
  fileprivate mutating func below(_ bound: Int) -> Int {
    Int(next(upperBound: UInt64(bound)))
  }
}
