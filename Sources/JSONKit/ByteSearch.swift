#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches over contiguous memory, shared by the transport's framing and the catalog loaders.
///
/// Every function takes the whole buffer and offsets into it, so hot loops neither copy nor slice.
public enum ByteSearch {
  /// `\n`.
  public static let lineFeed = UInt8(ascii: "\n")
  /// `\r`.
  public static let carriageReturn = UInt8(ascii: "\r")
  /// `\t`.
  public static let tab = UInt8(ascii: "\t")

  /// Returns the offset of the first `byte` in `start..<end`, or `nil` when there is none.
  ///
  /// This is `memchr`, which libc vectorises.
  ///
  /// - Parameters:
  ///   - byte: The byte to find.
  ///   - bytes: The memory to search.
  ///   - start: Where to start; may equal `end`.
  ///   - end: Where to stop (exclusive); `nil` means `bytes.count`.
  /// - Returns: The offset in `bytes`, or `nil` when `byte` does not occur in `bytes[start..<end]`.
  @inline(__always)
  public static func firstIndex(
    of byte: UInt8,
    in bytes: UnsafeBufferPointer<UInt8>,
    from start: Int,
    to end: Int? = nil
  ) -> Int? {
    let end = end ?? bytes.count
    guard start < end, let base = bytes.baseAddress else { return nil }
    guard let hit = memchr(base + start, Int32(byte), end - start) else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
  }

  /// Returns the number of `\n` bytes in `range`, eight bytes at a time.
  ///
  /// - Parameters:
  ///   - bytes: The memory to search.
  ///   - range: The offsets to count in.
  /// - Returns: The number of line feeds.
  public static func lineFeedCount(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    guard !range.isEmpty, let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let lineFeeds: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    var count = 0
    var index = range.lowerBound
    while index + 8 <= range.upperBound {
      // Exact zero-byte test (no borrow between bytes): the high bit of each byte of `zeros` is set iff that byte
      // of `word` is a line feed.
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ lineFeeds
      let zeros = ~(((word & low7) &+ low7) | word | low7)
      count += zeros.nonzeroBitCount
      index += 8
    }
    while index < range.upperBound {
      if base[index] == lineFeed { count += 1 }
      index += 1
    }
    return count
  }

  /// Returns whether every byte in `range` is ASCII, eight bytes at a time.
  ///
  /// - Parameters:
  ///   - bytes: The memory to check.
  ///   - range: The offsets to check.
  /// - Returns: `true` when no byte has its high bit set (an empty range is ASCII).
  public static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = range.lowerBound
    var bits: UInt64 = 0
    while index + 8 <= range.upperBound {
      bits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < range.upperBound {
      bits |= UInt64(base[index])
      index += 1
    }
    return !SWAR.hasNonASCIIByte(bits)
  }
}
