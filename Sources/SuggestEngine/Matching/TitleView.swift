/// One folded title as matching sees it: its bytes and its word starts, borrowed from segment storage.
struct TitleView {
  /// The folded bytes.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The segment's word-start bitset words.
  let starts: UnsafeBufferPointer<UInt64>
  /// The bit index of `bytes[0]` in `starts`.
  let base: Int

  /// The number of folded bytes.
  var count: Int { bytes.count }

  /// Whether a word starts at `position` (never at a separator or continuation byte).
  @inline(__always) func isStart(_ position: Int) -> Bool {
    let bit = base + position
    return starts[bit >> 6] >> UInt64(bit & 63) & 1 != 0
  }

  /// Whether `word` occurs at `position`.
  @inline(__always) func matches(_ word: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
    guard position + word.count <= bytes.count else { return false }
    var offset = 0
    while offset < word.count {
      if bytes[position + offset] != word[offset] { return false }
      offset += 1
    }
    return true
  }

  /// Whether a word ends at `position`: the end, a separator, or the start of the next word.
  @inline(__always) func isWordEnd(_ position: Int) -> Bool {
    position >= bytes.count || bytes[position] == TextFolder.separator || isStart(position)
  }

  /// The first word start, if any.
  var firstStart: Int? {
    for position in 0..<bytes.count where isStart(position) { return position }
    return nil
  }
}
