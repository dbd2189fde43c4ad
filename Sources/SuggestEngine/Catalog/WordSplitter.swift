/// How folded text is cut into the words that the word indexes hold and that word-prefix matching sees.
enum WordSplitter {
  /// Whether a folded byte ends a word in subtitles and keywords: separators, ASCII punctuation and controls.
  @inline(__always) static func isBreak(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x61...0x7A, 0x41...0x5A, 0x80...: return false
    default: return true
    }
  }

  /// Calls `body` with each word of folded subtitle or keyword text: maximal runs without a break byte.
  static func forEachTextWord(_ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var start = -1
    for position in 0..<text.count {
      if isBreak(text[position]) {
        if start >= 0 { body(UnsafeBufferPointer(rebasing: text[start..<position])) }
        start = -1
      } else if start < 0 {
        start = position
      }
    }
    if start >= 0 { body(UnsafeBufferPointer(rebasing: text[start..<text.count])) }
  }

  /// Calls `body` with each index word of a folded title: the rest of the separator-delimited word from every
  /// word start ("psycopg2", "2", "binary" for "psycopg2-binary").
  ///
  /// - Parameters:
  ///   - title: The folded title bytes.
  ///   - isWordStart: Whether a position is a word start.
  ///   - body: Receives each word.
  static func forEachTitleWord(
    _ title: UnsafeBufferPointer<UInt8>,
    isWordStart: (Int) -> Bool,
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var wordEnd = 0
    for position in 0..<title.count where title[position] != TextFolder.separator && isWordStart(position) {
      if wordEnd <= position {
        wordEnd = position
        while wordEnd < title.count && title[wordEnd] != TextFolder.separator { wordEnd += 1 }
      }
      body(UnsafeBufferPointer(rebasing: title[position..<wordEnd]))
    }
  }
}
