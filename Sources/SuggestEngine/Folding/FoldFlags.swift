/// Per-byte facts about folded text that matching needs and folding alone can see.
public struct FoldFlags: OptionSet, Sendable, Hashable {
  /// The raw flag bits.
  public let rawValue: UInt8

  /// Creates flags from raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// A word starts here: the first byte, after a separator, an upper-case hump in the original
  /// ("Mac|Book"), a letter/digit change, and every ideographic or kana character.
  public static let wordStart = FoldFlags(rawValue: 1 << 0)
  /// The byte is a folded separator (`-`, `_`, `.`, whitespace in the original).
  public static let separator = FoldFlags(rawValue: 1 << 1)
  /// The byte is not the first byte of its folded character (a UTF-8 continuation byte).
  public static let continuation = FoldFlags(rawValue: 1 << 2)
}
