#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension WordIndex {
  /// The size of a level of merged indexes from which the memory of the level before is given back at once.
  static let trimmedLevelBytes = 8 << 20

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
      // The level's inputs are freed now; most were too small for mappings of their own, and each level's indexes
      // are larger than the last's, so the heap could not reuse them: give them back before the next level.
      if level.reduce(0, { $0 + $1.storageBytes }) >= Self.trimmedLevelBytes { Memory.releaseFreedPages() }
    }
    var merged = level.first ?? WordIndex()
    level = []
    merged.shrink()
    // The levels' indexes were made without their shared prefix lengths: they are found once, for the whole.
    return WordIndex(words: merged.words, postingOffsets: merged.postingOffsets, postings: merged.postings)
  }

  /// Merges two indexes where every slot of `second` comes after every slot of `first`.
  ///
  /// - Parameters:
  ///   - first: The index of the earlier slots.
  ///   - second: The index of the later slots, counted from `secondOffset`.
  ///   - secondOffset: What to add to the slots of `second`.
  /// - Returns: The index of both, without its ``sharedPrefixes`` (only ``merging(_:counts:)``'s last level needs
  ///   them: finding them at every level cost a pass over the vocabulary per level).
  /// - Complexity: O(size of both).
  private static func merging(_ first: WordIndex, _ second: WordIndex, secondOffset: Int) -> WordIndex {
    let total = first.wordCount + second.wordCount
    // Everything is written through pointers into room made up front: appending word by word to arrays cost more
    // than the merge itself. Re-encoding the first slot of a list of `second` can lengthen it by up to two bytes.
    var postingOffsets: [UInt32] = []
    var wordBytes = [UInt8](repeating: 0, count: first.words.bytes.count + second.words.bytes.count)
    var postings = [UInt8](repeating: 0, count: first.postings.count + second.postings.count + 2 * second.wordCount)
    var wordEnd = 0
    var postingEnd = 0
    var merged = 0
    // The offsets are written into uninitialised room: its end, left over when words are in both inputs, is never
    // touched, and in a large index its pages are never mapped.
    let wordOffsets = [UInt32](unsafeUninitializedCapacity: total + 1) { wordOffsetOut, wordOffsetCount in
      wordOffsetOut[0] = 0
      postingOffsets = [UInt32](unsafeUninitializedCapacity: total + 1) { postingOffsetOut, postingOffsetCount in
        wordBytes.withUnsafeMutableBufferPointer { wordOut in
          postings.withUnsafeMutableBufferPointer { postingOut in
            MergeInput.with(first) { first in
              MergeInput.with(second) { second in
                var i = 0
                var j = 0
                while i < first.count || j < second.count {
                  let order: Int =
                    if i < first.count && j < second.count {
                      compare(first.word(i), second.word(j))
                    } else {
                      i < first.count ? -1 : 1
                    }
                  postingOffsetOut[merged] = UInt32(postingEnd)
                  copy(order <= 0 ? first.word(i) : second.word(j), to: wordOut, at: &wordEnd)
                  merged += 1
                  wordOffsetOut[merged] = UInt32(wordEnd)
                  var lastSlot = 0
                  if order <= 0 {
                    let list = first.postings(i)
                    copy(list, to: postingOut, at: &postingEnd)
                    if order == 0 { lastSlot = sum(list) }
                    i += 1
                  }
                  if order >= 0 {
                    let list = second.postings(j)
                    // Only the first delta changes: it was counted from 0, now from the last slot before it.
                    var position = 0
                    let firstSlot = readVarint(list, &position)
                    writeVarint(firstSlot + secondOffset - lastSlot, to: postingOut, at: &postingEnd)
                    copy(UnsafeBufferPointer(rebasing: list[position...]), to: postingOut, at: &postingEnd)
                    j += 1
                  }
                }
                postingOffsetOut[merged] = UInt32(postingEnd)
              }
            }
          }
        }
        postingOffsetCount = merged + 1
      }
      wordOffsetCount = merged + 1
    }
    wordBytes.removeLast(wordBytes.count - wordEnd)
    postings.removeLast(postings.count - postingEnd)
    return WordIndex(
      words: ByteColumn(bytes: StoredArray(wordBytes), offsets: StoredArray(wordOffsets)),
      postingOffsets: StoredArray(postingOffsets),
      postings: StoredArray(postings),
      sharedPrefixes: StoredArray()
    )
  }

  /// One index being merged, read through pointers.
  private struct MergeInput {
    let words: UnsafeBufferPointer<UInt8>
    let wordOffsets: UnsafeBufferPointer<UInt32>
    let postingBytes: UnsafeBufferPointer<UInt8>
    let postingOffsets: UnsafeBufferPointer<UInt32>

    /// The number of words.
    var count: Int { wordOffsets.count - 1 }

    /// Calls `body` with `index` read through pointers.
    static func with<R>(_ index: WordIndex, _ body: (MergeInput) -> R) -> R {
      index.words.bytes.withUnsafeBufferPointer { words in
        index.words.offsets.withUnsafeBufferPointer { wordOffsets in
          index.postings.withUnsafeBufferPointer { postingBytes in
            index.postingOffsets.withUnsafeBufferPointer { postingOffsets in
              body(
                MergeInput(
                  words: words,
                  wordOffsets: wordOffsets,
                  postingBytes: postingBytes,
                  postingOffsets: postingOffsets
                )
              )
            }
          }
        }
      }
    }

    /// Word `index`.
    @inline(__always) func word(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: words[Int(wordOffsets[index])..<Int(wordOffsets[index + 1])])
    }

    /// The posting list of word `index`.
    @inline(__always) func postings(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: postingBytes[Int(postingOffsets[index])..<Int(postingOffsets[index + 1])])
    }
  }

  /// Copies `source` to `target` at `end`, moving `end` past it (`target` has room: it was sized for both inputs).
  @inline(__always) private static func copy(
    _ source: UnsafeBufferPointer<UInt8>,
    to target: UnsafeMutableBufferPointer<UInt8>,
    at end: inout Int
  ) {
    guard let from = source.baseAddress, let to = target.baseAddress, !source.isEmpty else { return }
    (to + end).update(from: from, count: source.count)
    end += source.count
  }

  @inline(__always) private static func writeVarint(
    _ value: Int,
    to target: UnsafeMutableBufferPointer<UInt8>,
    at end: inout Int
  ) {
    var value = value
    while value >= 0x80 {
      target[end] = UInt8(value & 0x7F) | 0x80
      value >>= 7
      end += 1
    }
    target[end] = UInt8(value)
    end += 1
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
}
