/// How one query word's match covers a title (see ``MatchScoring``): whether it touches the first and the last title
/// word, and its tier-specific quality.
struct WordSigns: Equatable {
  /// The match touches the title's first word.
  var first: Bool
  /// The match touches the title's last word.
  var last: Bool
  /// The tier-specific quality, 0…``MatchScoring/specific`` (``MatchScoring/twoInitials`` for a two-letter acronym).
  var specific: Int

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
}
