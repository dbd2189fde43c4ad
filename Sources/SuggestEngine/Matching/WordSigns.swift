/// How one query word's match covers a title (see ``MatchScoring``): whether it touches the first and the last title
/// word, and its tier-specific quality.
struct WordSigns: Equatable {
  /// The match touches the title's first word.
  var first: Bool
  /// The match touches the title's last word.
  var last: Bool
  /// The tier-specific quality, 0…``MatchScoring/specific`` (``MatchScoring/twoInitials`` for a two-letter acronym).
  var specific: Int
  /// The Damerau edits of a typo match (0 for other tiers).
  var edits = 0
  /// Whether a typo match reads the word as a title word that begins with another byte, at its fewest edits
  /// (``MatchScoring/scoredEdits(_:changesFirstLetter:isFirstWord:)``).
  var changesFirstLetter = false
  /// How many of a typo match's edits are no slip of a finger, at its fewest edits
  /// (``TypoLocator/edits(_:_:whole:budget:rows:)``).
  var unlikelyEdits = 0
  /// How many of a typo match's edits hit a key beside the one meant (a letter typed for its neighbour, or in excess
  /// beside one), at its fewest edits and unlikely edits (``MatchScoring/neighbourKeyCost``).
  var neighbourKeyEdits = 0

  /// Signs with the given flags and the full tier-specific quality when `isSpecific`.
  init(first: Bool, last: Bool, isSpecific: Bool) {
    self.init(first: first, last: last, specific: isSpecific ? MatchScoring.specific : 0)
  }

  /// Signs with the given values.
  init(first: Bool, last: Bool, specific: Int) {
    self.first = first
    self.last = last
    self.specific = specific
  }

  /// `signs` joined with one more occurrence of the word at `range`: a sign holds when any occurrence has it, and the
  /// tier-specific quality is full once an occurrence ends at a word end.
  ///
  /// - Parameters:
  ///   - signs: The signs of the occurrences so far, `nil` for none.
  ///   - range: The new occurrence's byte range in the title.
  ///   - endsWord: Whether it ends at a word end.
  ///   - geometry: The title's word geometry.
  /// - Returns: The joined signs.
  static func joining(
    _ signs: WordSigns?,
    occurrence range: Range<Int>,
    endsWord: Bool,
    geometry: TitleGeometry
  ) -> WordSigns {
    guard var found = signs else {
      return WordSigns(first: geometry.touchesFirst(range), last: geometry.touchesLast(range), isSpecific: endsWord)
    }
    found.first = found.first || geometry.touchesFirst(range)
    found.last = found.last || geometry.touchesLast(range)
    if endsWord { found.specific = MatchScoring.specific }
    return found
  }
}
