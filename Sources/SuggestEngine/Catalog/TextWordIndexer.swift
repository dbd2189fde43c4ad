import Dispatch

/// Feeds the words of subtitle or keyword text to a ``WordIndexBuilder``.
///
/// ASCII text is split and lower-cased directly (for ASCII, folding is exactly lower-casing, and the word breaks
/// are the same); other text goes through ``TextFolder``.
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
            if start >= 0 { builder.add(UnsafeBufferPointer(rebasing: lowered[start..<position]), slot: slot) }
            start = -1
          } else {
            if byte >= 0x41 && byte <= 0x5A { lowered[position] = byte | 0x20 }
            if start < 0 { start = position }
          }
        }
        if start >= 0 { builder.add(UnsafeBufferPointer(rebasing: lowered[start...]), slot: slot) }
      }
      return
    }
    folded.removeAll(keepingCapacity: true)
    flags.removeAll(keepingCapacity: true)
    TextFolder.append(folding: String(decoding: text, as: UTF8.self), to: &folded, flags: &flags)
    folded.withUnsafeBufferPointer { folded in
      WordSplitter.forEachTextWord(folded) { builder.add($0, slot: slot) }
    }
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

/// Indexes the words of completed subtitle chunks on a background queue while loading goes on, so building the
/// largest index overlaps with reading and folding.
final class BackgroundTextIndexer: @unchecked Sendable {
  /// The serial queue that owns `builder` and `feeder`.
  private let queue = DispatchQueue(label: "suggest-engine.text-indexer")
  /// Only accessed on `queue` (submitted blocks run one at a time, and `finish` waits with `sync`).
  private var builder = WordIndexBuilder()
  /// Only accessed on `queue`.
  private var feeder = TextWordFeeder()

  /// Creates an idle indexer.
  init() {}

  /// Queues a completed chunk.
  func submit(_ chunk: ChunkedTextColumn.Chunk) {
    queue.async { self.feeder.add(chunk, to: &self.builder) }
  }

  /// Only accessed on `queue`: the finished index.
  private var result: WordIndex?

  /// Queues the final sort and posting-list writing (call after the last ``submit(_:)``).
  func startFinishing() {
    queue.async {
      // Move the builder out first: `finish()` called on the stored property would work on a copy, so the arrays it
      // frees early would stay alive and the ones it changes would be copied.
      var builder = WordIndexBuilder()
      swap(&builder, &self.builder)
      self.result = builder.finish()
    }
  }

  /// Waits for the queued work and returns the index.
  func finish() -> WordIndex {
    startFinishing()
    return wait()
  }

  /// Waits for ``startFinishing()`` and returns the index.
  func wait() -> WordIndex {
    queue.sync { result ?? WordIndex() }
  }
}
