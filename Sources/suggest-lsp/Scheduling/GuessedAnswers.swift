import Locking
import SuggestEngine
import Synchronization

/// The answers worked out in a field's pause for the keystrokes it is likely to type next (``NextKeystrokes``),
/// each with the session its search left: when the guess is right, the keystroke is answered as it arrives and its
/// field refines from there, as if it had searched.
///
/// A guess is exact, not close: it was searched with the very query the field now sends (the same text, limit,
/// tokens, scope, boosts and recents: ``SearchQuery`` is compared whole) in the very catalog snapshot it now reads
/// (``Catalog/isSameSnapshot(as:)``). A recent added or a catalog edited since makes a different query or snapshot,
/// and the guess is not used.
///
/// Only the latest field's guesses are kept, a few match sets at most: a person types in one field at a time.
final class GuessedAnswers: Sendable {
  /// One answer worked out ahead.
  struct Guess: Sendable {
    /// The query guessed.
    let query: SearchQuery
    /// Its result.
    let result: SearchResult
    /// The session its search left in the field.
    let session: SearchSession
  }

  private struct Field {
    let key: QueryKey
    let catalog: Catalog
    var guesses: [Guess]
  }

  private let field = Locked<Field?>(nil)
  private let taken = Atomic<Int>(0)

  /// Creates an empty store.
  init() {}

  /// Keeps `guess` for field `key` of `catalog`, dropping another field's guesses.
  func keep(_ guess: Guess, key: QueryKey, catalog: Catalog) {
    field.withLock { field in
      if let kept = field, kept.key == key, kept.catalog.isSameSnapshot(as: catalog) {
        field?.guesses.append(guess)
      } else {
        field = Field(key: key, catalog: catalog, guesses: [guess])
      }
    }
  }

  /// The guess of field `key` for `query` in `catalog`, if one was worked out; the field's other guesses are
  /// dropped either way (the field has moved on).
  func take(_ query: SearchQuery, key: QueryKey, catalog: Catalog) -> Guess? {
    let guess: Guess? = field.withLock { field in
      guard let kept = field, kept.key == key else { return nil }
      field = nil
      guard kept.catalog.isSameSnapshot(as: catalog) else { return nil }
      return kept.guesses.first { $0.query == query }
    }
    if guess != nil { taken.add(1, ordering: .relaxed) }
    return guess
  }

  /// Drops every guess (a catalog changed, or its memory is wanted back).
  func reset() { field.withLock { $0 = nil } }

  /// The number of guesses kept.
  var count: Int { field.withLock { $0?.guesses.count ?? 0 } }

  /// The number of keystrokes answered from a guess (for tests and benchmarks).
  var takenCount: Int { taken.load(ordering: .relaxed) }
}
