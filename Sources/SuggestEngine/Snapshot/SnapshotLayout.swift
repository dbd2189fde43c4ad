/// The byte layout of a snapshot file: a header, a table of sections, then the sections.
///
/// ```
/// header (64 bytes)   magic "SUGGEST\0", format version (u32), section count (u32), file length (u64),
///                     table checksum (u64), header checksum (u64, of the 32 bytes before it), zeros
/// table (64 bytes per section)   name (40 bytes, UTF-8, zero-padded), offset (u64), length (u64), checksum (u64)
/// sections            each at a multiple of 64 bytes, raw little-endian arrays
/// ```
///
/// A reader checks the header, the file length against the file's size and the table's checksum before reading
/// any section, and each section's checksum as it reads it. Adding a section does not move the others: a new one
/// is another row in the table (bump ``formatVersion`` when an older reader could not do without it).
enum SnapshotLayout {
  /// Bump whenever the sections or what they mean change, including how the engine folds, splits words or ranks
  /// priors at build time: an older snapshot is then rebuilt rather than trusted.
  static let formatVersion: UInt32 = 6
  /// A checksum of the engine's folding tables and compound-word vocabulary, stored in every snapshot: a snapshot
  /// built with other tables (a newer or older engine) is stale even when ``formatVersion`` was not bumped.
  static let engineFingerprint: UInt64 = {
    var data = FoldTable.generatedData + CompoundWords.generatedVocabulary
    return data.withUTF8 { SnapshotChecksum.of(UnsafeRawBufferPointer($0)) }
  }()
  /// The first 8 bytes of every snapshot.
  static let magic: [UInt8] = Array("SUGGEST\0".utf8)
  static let headerSize = 64
  static let entrySize = 64
  static let nameSize = 40
  /// Sections start at multiples of this (a cache line; arrays of any element type are aligned).
  static let alignment = 64
  /// More sections than this means a damaged table.
  static let maximumSectionCount = 1 << 16

  /// `offset` rounded up to ``alignment``.
  static func aligned(_ offset: Int) -> Int { (offset + alignment - 1) & ~(alignment - 1) }

  /// The offset of the first section for `count` sections.
  static func dataStart(sectionCount count: Int) -> Int { aligned(headerSize + entrySize * count) }
}
