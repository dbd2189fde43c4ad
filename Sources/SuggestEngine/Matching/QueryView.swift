/// A ``PreparedQuery`` borrowed for one scan: its words as ``WordView``s and its whole-query bytes as pointers, so
/// that matching an item reads them without reference counting. Valid only inside ``PreparedQuery/withView(_:)``.
struct QueryView {
  /// The words, in query order.
  let words: UnsafeBufferPointer<WordView>
  /// The words joined by one separator each (``PreparedQuery/joined``).
  let joined: UnsafeBufferPointer<UInt8>
  /// The words without separators (``PreparedQuery/compact``).
  let compact: UnsafeBufferPointer<UInt8>
  /// The first byte of `compact` (0 for an empty query).
  let compactLead: UInt8
  /// The letter mask of the whole query (``PreparedQuery/mask``).
  let mask: UInt32
  /// The best score an acronym match can reach (``PreparedQuery/acronymCeiling``).
  let acronymCeiling: Int
  /// Whether a separator follows the last word (``PreparedQuery/endsWithSeparator``).
  let endsWithSeparator: Bool
  /// Whether a word begins another (``PreparedQuery/hasNestedWords``).
  let hasNestedWords: Bool
  /// Whether a word begins with an initial of another (``PreparedQuery/sharesInitials``).
  let sharesInitials: Bool
}

extension PreparedQuery {
  /// Calls `body` with a view of the query whose pointers stay valid for the call.
  ///
  /// - Complexity: O(|query|): the words' bytes and ends are copied into one buffer each.
  func withView<Result>(_ body: (QueryView) throws -> Result) rethrows -> Result {
    let bytes = words.flatMap(\.bytes)
    let ends = words.flatMap(\.characterEnds)
    return try bytes.withUnsafeBufferPointer { bytes in
      try ends.withUnsafeBufferPointer { ends in
        var views: [WordView] = []
        views.reserveCapacity(words.count)
        var byteStart = 0
        var endStart = 0
        for word in words {
          let byteRange = byteStart..<(byteStart + word.bytes.count)
          let endRange = endStart..<(endStart + word.characterEnds.count)
          views.append(
            WordView(
              bytes: UnsafeBufferPointer(rebasing: bytes[byteRange]),
              ends: UnsafeBufferPointer(rebasing: ends[endRange]),
              mask: word.mask,
              repeats: word.repeats,
              typoBudget: word.typoBudget
            )
          )
          byteStart = byteRange.upperBound
          endStart = endRange.upperBound
        }
        return try views.withUnsafeBufferPointer { views in
          try joined.withUnsafeBufferPointer { joined in
            try compact.withUnsafeBufferPointer { compact in
              try body(
                QueryView(
                  words: views,
                  joined: joined,
                  compact: compact,
                  compactLead: compactLead,
                  mask: mask,
                  acronymCeiling: acronymCeiling,
                  endsWithSeparator: endsWithSeparator,
                  hasNestedWords: hasNestedWords,
                  sharesInitials: sharesInitials
                )
              )
            }
          }
        }
      }
    }
  }
}
