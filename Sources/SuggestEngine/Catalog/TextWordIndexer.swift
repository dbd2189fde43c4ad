/// Feeds the words of subtitle or keyword text to a ``WordIndexBuilder``.
///
/// ASCII text is split and lower-cased directly (for ASCII, folding is exactly lower-casing, and the word breaks
/// are the same); other text goes through ``TextFolder``.
///
/// Words of one byte are left out: only query words of two characters or more look for subtitle and keyword words
/// (``SecondaryMatch``), and none starts a word of one byte. On PyPI they are one summary word in twenty ("a").
struct TextWordFeeder {
  private var word: [UInt8] = []
  private var folded: [UInt8] = []
  private var flags: [UInt8] = []

  /// Creates a feeder.
  init() {}

  /// Adds the words of `text` (UTF-8) to `builder` under `slot`.
  mutating func add(_ text: UnsafeBufferPointer<UInt8>, slot: Int, to builder: inout WordIndexBuilder) {
    var isASCII = true
    for byte in text where byte >= 0x80 {
      isASCII = false
      break
    }
    if isASCII {
      // Lower-cased in one copy of the whole text, then each word is handed over as a slice of it (appending byte
      // by byte to a word buffer cost a uniqueness check per byte).
      word.removeAll(keepingCapacity: true)
      word.append(contentsOf: text)
      word.withUnsafeMutableBufferPointer { lowered in
        var start = -1
        for position in 0..<lowered.count {
          let byte = lowered[position]
          if WordSplitter.isBreak(byte) {
            if start >= 0 {
              Self.add(UnsafeBufferPointer(rebasing: lowered[start..<position]), slot: slot, to: &builder)
            }
            start = -1
          } else {
            if byte >= 0x41 && byte <= 0x5A { lowered[position] = byte | 0x20 }
            if start < 0 { start = position }
          }
        }
        if start >= 0 { Self.add(UnsafeBufferPointer(rebasing: lowered[start...]), slot: slot, to: &builder) }
      }
      return
    }
    folded.removeAll(keepingCapacity: true)
    flags.removeAll(keepingCapacity: true)
    TextFolder.append(folding: String(decoding: text, as: UTF8.self), to: &folded, flags: &flags)
    folded.withUnsafeBufferPointer { folded in
      WordSplitter.forEachTextWord(folded) { Self.add($0, slot: slot, to: &builder) }
    }
  }

  /// Adds one word of text to `builder`, unless it has a single byte.
  @inline(__always) private static func add(
    _ word: UnsafeBufferPointer<UInt8>,
    slot: Int,
    to builder: inout WordIndexBuilder
  ) {
    if word.count > 1 { builder.add(word, slot: slot) }
  }

  /// Adds the words of every string of a completed chunk.
  mutating func add(_ chunk: ChunkedTextColumn.Chunk, to builder: inout WordIndexBuilder) {
    chunk.bytes.withUnsafeBufferPointer { bytes in
      for (offset, start) in chunk.starts.enumerated() {
        let end = offset + 1 < chunk.starts.count ? Int(chunk.starts[offset + 1]) : bytes.count
        let range = Int(start)..<end
        guard !range.isEmpty else { continue }
        add(UnsafeBufferPointer(rebasing: bytes[range]), slot: chunk.first + offset, to: &builder)
      }
    }
  }
}
