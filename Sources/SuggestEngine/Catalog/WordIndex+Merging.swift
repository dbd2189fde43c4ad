#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension WordIndex {
  /// Merges the indexes of consecutive parts of a segment, each counting its slots from 0, into the index of the
  /// whole segment: the same index the whole segment would have had if built at once.
  ///
  /// - Parameters:
  ///   - parts: The parts' indexes, in slot order; emptied as they are merged (so their memory goes early).
  ///   - counts: The number of slots of each part.
  /// - Returns: The merged index.
  /// - Complexity: O(total size · log *p*) for *p* parts.
  static func merging(_ parts: inout [WordIndex], counts: [Int]) -> WordIndex {
    guard parts.count > 1 else {
      defer { parts = [] }
      return parts.first ?? WordIndex()
    }
    var level = parts
    parts = []
    var levelCounts = counts
    // Pairwise, level by level, so each byte is copied log p times rather than p times.
    while level.count > 1 {
      var next: [WordIndex] = []
      var nextCounts: [Int] = []
      var index = 0
      while index < level.count {
        if index + 1 == level.count {
          next.append(level[index])
          nextCounts.append(levelCounts[index])
        } else {
          next.append(merging(level[index], level[index + 1], secondOffset: levelCounts[index]))
          nextCounts.append(levelCounts[index] + levelCounts[index + 1])
          level[index + 1] = WordIndex()
        }
        level[index] = WordIndex()
        index += 2
      }
      level = next
      levelCounts = nextCounts
    }
    var merged = level.first ?? WordIndex()
    level = []
    merged.shrink()
    return merged
  }

  /// Merges two indexes where every slot of `second` comes after every slot of `first`.
  ///
  /// - Parameters:
  ///   - first: The index of the earlier slots.
  ///   - second: The index of the later slots, counted from `secondOffset`.
  ///   - secondOffset: What to add to the slots of `second`.
  /// - Returns: The index of both.
  /// - Complexity: O(size of both).
  static func merging(_ first: WordIndex, _ second: WordIndex, secondOffset: Int) -> WordIndex {
    let total = first.wordCount + second.wordCount
    var words = ByteColumn()
    words.reserve(bytes: first.words.bytes.count + second.words.bytes.count, strings: total)
    var offsets: [UInt32] = []
    offsets.reserveCapacity(total + 1)
    var postings: [UInt8] = []
    // Re-encoding the first slot of a list of `second` can lengthen it by up to two bytes (slots fit in 3 bytes).
    postings.reserveCapacity(first.postings.count + second.postings.count + 2 * second.wordCount)
    first.words.bytes.withUnsafeBufferPointer { firstWords in
      second.words.bytes.withUnsafeBufferPointer { secondWords in
        first.postings.withUnsafeBufferPointer { firstPostings in
          second.postings.withUnsafeBufferPointer { secondPostings in
            var i = 0
            var j = 0
            while i < first.wordCount || j < second.wordCount {
              let order: Int
              if j == second.wordCount {
                order = -1
              } else if i == first.wordCount {
                order = 1
              } else {
                order = compare(
                  UnsafeBufferPointer(rebasing: firstWords[first.words.range(i)]),
                  UnsafeBufferPointer(rebasing: secondWords[second.words.range(j)])
                )
              }
              offsets.append(UInt32(postings.count))
              var lastSlot = 0
              if order <= 0 {
                words.append(bytes: UnsafeBufferPointer(rebasing: firstWords[first.words.range(i)]))
                let list = UnsafeBufferPointer(
                  rebasing: firstPostings[Int(first.postingOffsets[i])..<Int(first.postingOffsets[i + 1])]
                )
                postings.append(contentsOf: list)
                if order == 0 { lastSlot = sum(list) }
                i += 1
              } else {
                words.append(bytes: UnsafeBufferPointer(rebasing: secondWords[second.words.range(j)]))
              }
              if order >= 0 {
                let list = UnsafeBufferPointer(
                  rebasing: secondPostings[Int(second.postingOffsets[j])..<Int(second.postingOffsets[j + 1])]
                )
                // Only the first delta changes: it was counted from 0 in `second`, now from the last slot before it.
                var position = 0
                let firstSlot = readVarint(list, &position)
                appendVarint(firstSlot + secondOffset - lastSlot, to: &postings)
                postings.append(contentsOf: UnsafeBufferPointer(rebasing: list[position...]))
                j += 1
              }
            }
          }
        }
      }
    }
    offsets.append(UInt32(postings.count))
    return WordIndex(words: words, postingOffsets: offsets, postings: postings)
  }

  /// The byte order of the vocabulary (the order ``WordIndexBuilder/finish()`` sorts into).
  private static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    let length = min(a.count, b.count)
    if length > 0, let left = a.baseAddress, let right = b.baseAddress {
      let order = memcmp(left, right, length)
      if order != 0 { return Int(order) }
    }
    return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
  }

  /// The last slot of a posting list (the sum of its deltas).
  private static func sum(_ list: UnsafeBufferPointer<UInt8>) -> Int {
    var position = 0
    var total = 0
    while position < list.count { total += readVarint(list, &position) }
    return total
  }

  private static func readVarint(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Int {
    var value = 0
    var shift = 0
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      value |= Int(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    return value
  }

  private static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(value & 0x7F) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }
}
