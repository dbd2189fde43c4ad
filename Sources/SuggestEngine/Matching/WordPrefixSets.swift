/// The word-prefix sets of one segment computed last (the slots with a title, subtitle or keyword word starting
/// with a query word), kept for the next keystrokes of every search of the segment.
///
/// A query of several words recomputed the sets of its unchanged words at every keystroke: typing
/// "django-cors-h" collected the postings of every title and subtitle word starting with "django" and "cors" again
/// for each letter of "h…". A set depends only on the segment, the field and the prefix, so it is shared.
final class WordPrefixSets: Sendable {
  /// The word index a set comes from.
  enum Field: UInt8, Sendable {
    case title, subtitle, keyword
  }

  /// How many sets are kept (about 110 KB each for a million items): the title, subtitle and keyword sets of the
  /// earlier words of a query of nine words, which are what the next keystroke reuses (its last word changes). A
  /// keystroke asks for the sets of every word in turn, so a query with more earlier words than the capacity holds
  /// finds none kept: at 12 (five words), each keystroke of `odoo14-addon-account-cost-center` collected all again.
  static let capacity = 24

  private struct Key: Hashable, Sendable {
    let field: Field
    let prefix: [UInt8]
  }

  /// How many sets of a one-byte prefix are kept besides, in a memo of their own: a letter typed after a separator
  /// (`api-s`, `types-p`, `hot-c`). Such a set is the costliest to collect (every title with a word starting with
  /// the letter: on PyPI `s` gathers the postings of some 48,000 words, about 1 ms) and is asked for again at the next
  /// name's separator, by when the sets of the longer words typed since had pushed it out of the shared memo. Twelve
  /// (1.3 MB for a million items) hold the letters names commonly have after a separator.
  static let oneByteCapacity = 12

  private let sets = RecentlyUsed<Key, Bitset>(capacity: WordPrefixSets.capacity)
  private let oneByteSets = RecentlyUsed<Key, Bitset>(capacity: WordPrefixSets.oneByteCapacity)

  /// Creates an empty cache.
  init() {}

  /// How many sets are kept now.
  var count: Int { sets.count + oneByteSets.count }

  /// Forgets every set.
  func removeAll() {
    sets.removeAll()
    oneByteSets.removeAll()
  }

  /// The set of `field` words of `segment` starting with `prefix`, kept or collected now (and then kept when
  /// `keeping`).
  func set(_ field: Field, prefix: [UInt8], in segment: CatalogSegment, keeping: Bool = true) -> Bitset {
    let memo = prefix.count == 1 ? oneByteSets : sets
    return memo.value(for: Key(field: field, prefix: prefix), keeping: keeping) {
      let index =
        switch field {
        case .title: segment.titleWords
        case .subtitle: segment.subtitleWords
        case .keyword: segment.keywordWords
        }
      var set = Bitset(count: segment.count)
      prefix.withUnsafeBufferPointer { index.collect(inWords: index.range(withPrefix: $0), into: &set) }
      return set
    }
  }
}
