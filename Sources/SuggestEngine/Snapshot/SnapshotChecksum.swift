/// A fast 64-bit checksum of bytes, fed in pieces: what a snapshot stores for each section and for the catalog file
/// it came from.
///
/// It catches damage (truncation, changed bytes, garbage), not forgery: four independent multiply-rotate lanes over
/// 8-byte words, so it runs at memory speed, then a final avalanche. Feeding the same bytes in any split gives the
/// same value.
struct SnapshotChecksum {
  private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

  private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
    0x6A09_E667_F3BC_C908, 0xBB67_AE85_84CA_A73B, 0x3C6E_F372_FE94_F82B, 0xA54F_F53A_5F1D_36F1
  )
  /// Bytes not yet folded into the lanes (fewer than a 32-byte stripe).
  private var pending: [UInt8] = []
  private var length: UInt64 = 0

  init() {}

  /// The checksum of `bytes` in one piece.
  static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var checksum = SnapshotChecksum()
    checksum.update(bytes)
    return checksum.value
  }

  /// Adds the next bytes.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var start = 0
    if !pending.isEmpty {
      let taken = min(32 - pending.count, bytes.count)
      pending.append(contentsOf: bytes[0..<taken])
      start = taken
      guard pending.count == 32 else { return }
      pending.withUnsafeBytes { mix(stripesOf: $0, upTo: 32) }
      pending.removeAll(keepingCapacity: true)
    }
    let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
    let whole = rest.count & ~31
    mix(stripesOf: rest, upTo: whole)
    if whole < rest.count { pending.append(contentsOf: rest[whole...]) }
  }

  /// The checksum of everything added.
  var value: UInt64 {
    let (a, b, c, d) = lanes
    var hash = Self.rotate(a, 1) &+ Self.rotate(b, 7) &+ Self.rotate(c, 12) &+ Self.rotate(d, 18)
    hash ^= length &* Self.prime3
    for byte in pending {
      hash = Self.rotate(hash ^ (UInt64(byte) &* Self.prime1), 11) &* Self.prime2
    }
    hash ^= hash >> 33
    hash = hash &* Self.prime2
    hash ^= hash >> 29
    hash = hash &* Self.prime3
    return hash ^ (hash >> 32)
  }

  /// Folds the whole 32-byte stripes of `bytes[0..<end]` into the lanes.
  private mutating func mix(stripesOf bytes: UnsafeRawBufferPointer, upTo end: Int) {
    var (a, b, c, d) = lanes
    var offset = 0
    while offset < end {
      a = Self.round(a, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      b = Self.round(b, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
      c = Self.round(c, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
      d = Self.round(d, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
      offset += 32
    }
    lanes = (a, b, c, d)
  }

  @inline(__always) private static func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
    rotate(lane &+ UInt64(littleEndian: word) &* prime2, 31) &* prime1
  }

  @inline(__always) private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
    value << count | value >> (64 - count)
  }
}
