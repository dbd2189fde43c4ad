/// Where the words of a folded title start: after a separator, and at a camel hump or other start the folder flags
/// (``FoldFlags/wordStart``); and where a compound word has a word inside it (``CompoundWords``), a start only
/// acronyms use. Catalog titles and token labels both take their starts from here.
enum TitleStarts {
  /// Calls `body` with every word start and compound start of a folded title, increasing.
  ///
  /// - Parameters:
  ///   - title: The folded bytes.
  ///   - flags: The folder's flags, one per byte.
  ///   - body: Receives each start, and whether it is a compound start.
  static func forEach(
    _ title: UnsafeBufferPointer<UInt8>,
    flags: UnsafeBufferPointer<UInt8>,
    _ body: (_ position: Int, _ isCompound: Bool) -> Void
  ) {
    func isStart(_ position: Int) -> Bool {
      let byte = title[position]
      let flag = FoldFlags(rawValue: flags[position])
      return byte != TextFolder.separator && byte & 0xC0 != 0x80 && !flag.contains(.continuation)
        && (flag.contains(.wordStart) || position == 0 || title[position - 1] == TextFolder.separator)
    }
    var position = 0
    while position < title.count {
      guard isStart(position) else {
        position += 1
        continue
      }
      body(position, false)
      // The word runs to the next start or separator; a compound of letters has one start more inside.
      var end = position + 1
      while end < title.count && title[end] != TextFolder.separator && !isStart(end) { end += 1 }
      if let inner = CompoundWords.innerStart(UnsafeBufferPointer(rebasing: title[position..<end])) {
        body(position + inner, true)
      }
      position = end
    }
  }
}
