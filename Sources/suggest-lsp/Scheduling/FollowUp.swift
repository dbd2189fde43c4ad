import SuggestEngine

/// What the pause after a field's answer is used for (``RefinementFollowUps``).
struct FollowUp: Sendable {
  /// The query answered.
  let query: SearchQuery
  /// Its answer, from which the next keystrokes are guessed (``NextKeystrokes``) once the pause has begun: not
  /// before the answer is written.
  let result: SearchResult
  /// Whether to scan `query` first, for the matches the field's next keystroke refines: it was answered from a kept
  /// answer, which leaves the field's session as it was.
  let refines: Bool
  /// How many next keystrokes to search ahead.
  let guesses: Int
}
