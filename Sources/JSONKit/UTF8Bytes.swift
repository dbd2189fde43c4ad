/// Byte-level helpers on the UTF-8 of Swift strings.
///
/// JSON compares strings code unit by code unit (RFC 8259 §8.3); Swift's `String ==` compares by canonical
/// equivalence, under which `"é"` (U+00E9) equals `"e\u{301}"`. Keys and values here compare as JSON does.
enum UTF8Bytes {
  /// Whether two strings have the same UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - a: A string.
  ///   - b: Another string.
  /// - Returns: `true` when the UTF-8 encodings are identical.
  @inline(__always)
  static func equal(_ a: String, _ b: String) -> Bool {
    let aUTF8 = a.utf8
    let bUTF8 = b.utf8
    guard aUTF8.count == bUTF8.count else { return false }
    // Contiguous fast path (native and small strings); bridged strings fall back to iteration.
    if let result = aUTF8.withContiguousStorageIfAvailable({ aBytes in
      bUTF8.withContiguousStorageIfAvailable { bBytes in
        aBytes.elementsEqual(bBytes)
      }
    }), let result {
      return result
    }
    return aUTF8.elementsEqual(bUTF8)
  }
}

extension UTF8Bytes {
  /// Orders two strings by their UTF-8 bytes (which is also code point order).
  ///
  /// - Parameters:
  ///   - a: A string.
  ///   - b: Another string.
  /// - Returns: A negative number, zero or a positive number as `a` sorts before, equal to or after `b`.
  static func compare(_ a: String, _ b: String) -> Int {
    var aIterator = a.utf8.makeIterator()
    var bIterator = b.utf8.makeIterator()
    while true {
      switch (aIterator.next(), bIterator.next()) {
      case (nil, nil): return 0
      case (nil, _): return -1
      case (_, nil): return 1
      case (let x?, let y?) where x != y: return x < y ? -1 : 1
      default: continue
      }
    }
  }
}
