/// The top three levels of a sorted vocabulary's trie as tables: where the words beginning with each byte, each
/// pair of bytes and each run of three bytes begin.
///
/// A typo walk (``TypoSearch``) ends most of its trie nodes at these depths. Found by reading each node's first word,
/// they cost it a cache miss or two apiece (the words are far apart in a large vocabulary), most of the walk's time;
/// from these tables they cost a few reads of adjacent entries.
struct WordDirectory: Sendable {
  /// The number of words.
  let wordCount: Int
  /// `byteStarts[b]`: the first word not below the one-byte word `[b]` (257 entries, the last the word count).
  private let byteStarts: [UInt32]
  /// `pairStarts[b1 << 8 | b2]`: the first word not below `[b1, b2]` (65,537 entries).
  private let pairStarts: [UInt32]
  /// `pairTriples[b1 << 8 | b2]`: the first three-byte node (in ``tripleBytes``) whose first two bytes are not below
  /// `[b1, b2]` (65,537 entries).
  private let pairTriples: [UInt32]
  /// The third byte of each three-byte node, in vocabulary order.
  private let tripleBytes: [UInt8]
  /// The first word of each three-byte node.
  private let tripleStarts: [UInt32]

  /// The directory of `index`'s words.
  ///
  /// - Complexity: O(*n*), reading at most three bytes of each word.
  init(_ index: WordIndex) {
    let count = index.wordCount
    var byteStarts = [UInt32](repeating: UInt32(count), count: 257)
    var pairStarts = [UInt32](repeating: UInt32(count), count: 65_537)
    var pairTriples = [UInt32](repeating: 0, count: 65_537)
    var tripleBytes: [UInt8] = []
    var tripleStarts: [UInt32] = []
    var nextByte = 0
    var nextPair = 0
    var nextTriplePair = 0
    var lastTriple = -1
    index.words.bytes.withUnsafeBufferPointer { vocab in
      for word in 0..<count {
        let range = index.words.range(word)
        guard !range.isEmpty else { continue }
        let first = Int(vocab[range.lowerBound])
        while nextByte <= first {
          byteStarts[nextByte] = UInt32(word)
          nextByte += 1
        }
        // A one-byte word sorts before every longer word with its byte: it starts no pair.
        let lastPair = range.count >= 2 ? first << 8 | Int(vocab[range.lowerBound + 1]) : (first << 8) - 1
        while nextPair <= lastPair {
          pairStarts[nextPair] = UInt32(word)
          nextPair += 1
        }
        guard range.count >= 3 else { continue }
        let triple = lastPair << 8 | Int(vocab[range.lowerBound + 2])
        guard triple != lastTriple else { continue }
        lastTriple = triple
        while nextTriplePair <= lastPair {
          pairTriples[nextTriplePair] = UInt32(tripleBytes.count)
          nextTriplePair += 1
        }
        tripleBytes.append(UInt8(truncatingIfNeeded: triple))
        tripleStarts.append(UInt32(word))
      }
    }
    while nextTriplePair < pairTriples.count {
      pairTriples[nextTriplePair] = UInt32(tripleBytes.count)
      nextTriplePair += 1
    }
    wordCount = count
    self.byteStarts = byteStarts
    self.pairStarts = pairStarts
    self.pairTriples = pairTriples
    self.tripleBytes = tripleBytes
    self.tripleStarts = tripleStarts
  }

  /// The words beginning with `byte`.
  @inline(__always) func words(first byte: UInt8) -> Range<Int> {
    Int(byteStarts[Int(byte)])..<Int(byteStarts[Int(byte) + 1])
  }

  /// The one-byte word `[byte]`, if there is one (it is the first of ``words(first:)``).
  @inline(__always) func hasWord(_ byte: UInt8) -> Bool {
    byteStarts[Int(byte)] < pairStarts[Int(byte) << 8]
  }

  /// The words beginning with the pair of bytes of code `pair` (`first << 8 | second`).
  @inline(__always) func words(pair: Int) -> Range<Int> {
    let end = pair & 0xFF == 0xFF ? byteStarts[(pair >> 8) + 1] : pairStarts[pair + 1]
    return Int(pairStarts[pair])..<Int(end)
  }

  /// Whether the two-byte word of code `pair` exists (it is the first of ``words(pair:)``).
  @inline(__always) func hasWord(pair: Int) -> Bool {
    let words = words(pair: pair)
    let nodes = triples(pair: pair)
    let longer = nodes.isEmpty ? words.upperBound : Int(tripleStarts[nodes.lowerBound])
    return words.lowerBound < longer
  }

  /// The three-byte nodes below the pair of code `pair`, as indices for ``tripleByte(_:)`` and
  /// ``words(triple:pair:)``.
  @inline(__always) func triples(pair: Int) -> Range<Int> {
    Int(pairTriples[pair])..<Int(pairTriples[pair + 1])
  }

  /// The third byte of three-byte node `node`.
  @inline(__always) func tripleByte(_ node: Int) -> UInt8 { tripleBytes[node] }

  /// The words of three-byte node `node`, one of ``triples(pair:)``.
  @inline(__always) func words(triple node: Int, pair: Int) -> Range<Int> {
    let end = node + 1 < Int(pairTriples[pair + 1]) ? Int(tripleStarts[node + 1]) : words(pair: pair).upperBound
    return Int(tripleStarts[node])..<end
  }
}
