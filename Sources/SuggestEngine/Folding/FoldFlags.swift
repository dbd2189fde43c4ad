/// Per-byte facts about folded text that matching needs and folding alone can see.
public struct FoldFlags: OptionSet, Sendable, Hashable {
  /// The raw flag bits.
  public let rawValue: UInt8

  /// Creates flags from raw bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// A word starts here: the first character, after a separator, an upper-case hump in the original
  /// ("Mac|Book", "HTTP|Server"), a letter/digit change ("mp|3|player"), a change between letters and symbols, and
  /// every ideograph, kana or Hangul character. Set on the first folded byte of the character; never on a
  /// separator. (See ``TextFolder`` for the full rules.)
  public static let wordStart = FoldFlags(rawValue: 1 << 0)
  /// The byte is a folded separator (`-`, `_`, `.`, whitespace in the original): always ``TextFolder/separator``.
  public static let separator = FoldFlags(rawValue: 1 << 1)
  /// The byte is a UTF-8 continuation byte: not the first byte of a folded scalar, so no match may start or end
  /// before it. (The second "s" of "ß" → "ss" is a scalar of its own and is not flagged; a match on it still
  /// highlights the whole "ß".)
  public static let continuation = FoldFlags(rawValue: 1 << 2)
}
