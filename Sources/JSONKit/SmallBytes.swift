/// Word-at-a-time helpers for the short byte strings of protocol messages (keys, ids, short values), where a
/// `memcpy` call or a byte loop costs more than the work.
enum SmallBytes {
  /// Whether `test` holds for some word of `bytes`, read as little-endian `UInt64`s that cover every byte.
  ///
  /// Words may overlap (the last one is read ending at the last byte), and a string shorter than eight bytes is
  /// padded with `A`s; so `test` must be an "any byte" test that `A` does not satisfy.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - test: The per-word test.
  /// - Returns: `true` when some word passes.
  @inline(__always)
  static func anyWord(of bytes: UnsafeBufferPointer<UInt8>, _ test: (UInt64) -> Bool) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    let padding: UInt64 = 0x4141_4141_4141_4141
    switch count {
    case 8...:
      var offset = 0
      while offset + 8 < count {
        if test(load64(raw, offset)) { return true }
        offset += 8
      }
      return test(load64(raw, count - 8))
    case 4..<8:
      return test(UInt64(load32(raw, 0)) | UInt64(load32(raw, count - 4)) << 32)
    case 1..<4:
      let word = UInt64(base[0]) | UInt64(base[count / 2]) << 8 | UInt64(base[count - 1]) << 16
      return test(word | padding << 24)
    default:
      return false
    }
  }

  /// Copies `bytes` to `destination` (which must not overlap it).
  ///
  /// - Parameters:
  ///   - bytes: The source.
  ///   - destination: Where to write `bytes.count` bytes.
  @inline(__always)
  static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    let source = UnsafeRawPointer(base)
    let target = UnsafeMutableRawPointer(destination)
    let count = bytes.count
    switch count {
    case 33...:
      destination.initialize(from: base, count: count)
    case 8...:
      // Whole words, then one word ending at the last byte (possibly rewriting a few bytes).
      var offset = 0
      while offset + 8 < count {
        target.storeBytes(
          of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
          toByteOffset: offset,
          as: UInt64.self
        )
        offset += 8
      }
      target.storeBytes(
        of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self),
        toByteOffset: count - 8,
        as: UInt64.self
      )
    case 4..<8:
      let head = source.loadUnaligned(as: UInt32.self)
      let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
      target.storeBytes(of: head, as: UInt32.self)
      target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    case 1..<4:
      let first = base[0]
      let middle = base[count / 2]
      let last = base[count - 1]
      destination[0] = first
      destination[count / 2] = middle
      destination[count - 1] = last
    default:
      break
    }
  }

  @inline(__always)
  private static func load64(_ raw: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
  }

  @inline(__always)
  private static func load32(_ raw: UnsafeRawPointer, _ offset: Int) -> UInt32 {
    UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
  }
}
