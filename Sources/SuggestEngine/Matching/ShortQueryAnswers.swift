import Locking

/// The answers of one catalog snapshot to its shortest queries (one to three characters, and the four- and
/// five-character ones prepared ahead), as its own search gave them: the first keystrokes of every search, and the
/// costliest to scan, since they match most of the catalog (the fourth is the first with a typo budget).
///
/// An answer is the search's result for the query at ``depth`` hits from offset 0; any page inside it is cut from it.
/// It is exact, never an approximation: ranking is a total order (ties broken by item index), so the best *k* are
/// the first *k* of the best ``depth``, and the one positional rule (``ExactPlacement``) keeps that property. A
/// snapshot never changes, so its answers never go stale; an edited catalog is a new snapshot with no answers.
///
/// Answers are keyed by everything else that shapes the result: the folded query, the mode, the tokens, the scope and
/// the chosen items (recents).
/// The boosts (recents) are kept with the answer and must be equal for it to serve; a different set replaces it.
///
/// Not served (the caller scans): `contains` mode (catalog order over the raw title), pages that end past ``depth``,
/// and a query of four or five characters that was not prepared ahead (``keptOnDemand(_:capacity:)``).
final class ShortQueryAnswers: Sendable {
  /// What an answer depends on besides the boosts.
  struct Key: Hashable, Sendable {
    /// The folded query words joined by one separator, and a separator after them when one follows the last word.
    let joined: [UInt8]
    let mode: MatchMode
    let tokens: [String]
    let scope: String?
    /// The chosen items, which rank first among strong matches (``SearchQuery/recents``).
    let recents: [String]
  }

  /// One kept answer.
  struct Answer: Sendable {
    /// The positive boosts it was computed with.
    let boosts: [String: Int]
    /// The first ``depth`` hits and the total.
    let result: SearchResult
    /// Whether it was prepared ahead (kept when the store starts over).
    let isPrepared: Bool
  }

  private struct State {
    var answers: [Key: Answer] = [:]
    /// Prepared answers read from a file, decoded when served.
    var stored: StoredAnswers?
    /// The budgets the file of `stored` was prepared with, when it said so: `stored` holds every query they name.
    var storedBudgets: [UInt64]?
    /// An answers file read alongside the catalog's snapshot, not yet taken (``hold(_:)``).
    var held: (answers: StoredAnswers, budgets: [UInt64])?
    /// How many of `answers` were kept on demand (not prepared).
    var onDemand = 0
    var served = 0
  }

  /// The hits kept per answer: the largest page end served.
  static let depth = 50
  /// The longest query served, in characters: one of four or five only when prepared ahead.
  static let maximumCharacters = 5
  /// The longest query whose answer is kept when it is first searched. A longer one is kept only when prepared
  /// ahead: there are too many queries of four characters or more for each to be worth a search at ``depth`` hits.
  static let maximumCharactersKeptOnDemand = 3
  /// The longest query searched at ``depth`` hits, to be kept, when it is first searched for a smaller page. A
  /// three-character query that was not prepared ahead is a rare start ("lmn", "vso"): at ``depth`` its page often
  /// ends among weak matches, each scored in full, where the page asked for ends among the few strong ones and the
  /// rest are only counted (`lmn` at limit 10 on PyPI: 10 ms at depth). It is kept when first asked at depth.
  static let maximumCharactersWidenedOnDemand = 2
  /// The most answers kept on demand, besides the prepared ones (at most a few thousand, by the preparation's list);
  /// past it the store forgets all but the prepared ones. A cap on memory, about 5 KB per answer: a burst of scripted
  /// queries or a long session adds at most 2.5 MB.
  static let capacity = 512

  private let state = Locked(State())

  /// Creates an empty store.
  init() {}

  /// The key of `query`, when its answer can be kept.
  static func key(_ query: SearchQuery, prepared: PreparedQuery) -> Key? {
    guard query.mode != .contains, !prepared.isEmpty, prepared.characterCount <= maximumCharacters,
      query.offset >= 0, query.limit > 0, query.offset + query.limit <= depth
    else { return nil }
    return Key(
      // A separator after the last word changes the ranking ("ab-" is not "ab"): it is part of the key.
      joined: prepared.endsWithSeparator ? prepared.joined + [TextFolder.separator] : prepared.joined,
      mode: query.mode,
      tokens: query.tokens,
      scope: query.scope,
      recents: query.recents
    )
  }

  /// Whether the answer to `prepared` is kept when it is first searched for the page of `capacity` hits (else
  /// only when prepared ahead, or first asked at ``depth``).
  static func keptOnDemand(_ prepared: PreparedQuery, capacity: Int) -> Bool {
    prepared.characterCount <= (capacity >= depth ? maximumCharactersKeptOnDemand : maximumCharactersWidenedOnDemand)
  }

  /// The boosts that change a result: zero and negative ones count as none.
  static func effective(_ boosts: [String: Int]) -> [String: Int] {
    boosts.filter { $0.value > 0 }
  }

  /// The hits at `positions` (those that exist) and the total of the kept answer for `key` computed with `boosts`,
  /// if any. An answer read from a file is decoded for these hits only, and not kept decoded: a burst of short
  /// queries leaves no memory behind.
  func answer(_ key: Key, boosts: [String: Int], positions: Range<Int>) -> SearchResult? {
    state.withLock { state in
      if let answer = state.answers[key] {
        guard answer.boosts == boosts else { return nil }
        state.served += 1
        return answer.result.page(at: positions)
      }
      guard boosts.isEmpty, Self.isPlain(key), let result = state.stored?.result(for: key.joined, positions: positions)
      else { return nil }
      state.served += 1
      return result
    }
  }

  /// Whether `key` is that of a `smart` query of no tokens, scope or recents: the queries prepared ahead.
  private static func isPlain(_ key: Key) -> Bool {
    key.mode == .smart && key.tokens.isEmpty && key.scope == nil && key.recents.isEmpty
  }

  /// Takes prepared answers read from a file (``ShortAnswersFile``): each is decoded when served, and a search's own
  /// answer for the same query, kept before or after, takes precedence.
  ///
  /// - Parameters:
  ///   - stored: The answers, as the file stores them.
  ///   - budgets: The preparation budgets the file says it holds every query of, if it says so.
  func takeStored(_ stored: StoredAnswers, budgets: [UInt64]? = nil) {
    state.withLock { state in
      state.stored = stored
      state.storedBudgets = budgets
    }
  }

  /// Holds the answers of the catalog's answers file, read while its snapshot was read (``CatalogSnapshot``), until
  /// the first of ``Catalog/takeKeptShortQueries(_:)`` and ``Catalog/prepareShortQueries(_:prepared:)`` takes them
  /// (``takeHeld()``) instead of reading the file again. They are not served while held.
  ///
  /// - Parameter read: The answers and the budgets the file records (``ShortAnswersFile/read(fromFile:identity:
  ///   rankingVersion:indexBound:)``).
  func hold(_ read: (answers: StoredAnswers, budgets: [UInt64])) {
    state.withLock { $0.held = read }
  }

  /// The answers ``hold(_:)`` holds, no longer held, or `nil`.
  func takeHeld() -> (answers: StoredAnswers, budgets: [UInt64])? {
    state.withLock { state in
      defer { state.held = nil }
      return state.held
    }
  }

  /// How many answers were taken from a file that holds every query `budgets` name, if they were.
  func storedCount(complete budgets: [UInt64]) -> Int? {
    state.withLock { state in state.storedBudgets == budgets ? state.stored?.count : nil }
  }

  /// Serves the prepared answers `stored` as stored from now on, decoded per page served, and forgets their
  /// decoded copies: what a preparation does once it has prepared them.
  func storePrepared(_ stored: StoredAnswers) {
    state.withLock { state in
      state.answers = state.answers.filter { key, answer in
        !(answer.isPrepared && Self.isPlain(key) && answer.boosts.isEmpty && stored.contains(key.joined))
      }
      state.stored = stored
      state.storedBudgets = nil
    }
  }

  /// Keeps an answer, replacing any for the same key.
  ///
  /// - Parameters:
  ///   - result: The search's result at ``depth`` hits from offset 0.
  ///   - key: The query's key.
  ///   - boosts: The positive boosts the search used.
  ///   - isPrepared: Whether it is prepared ahead: kept when the answers kept on demand fill the store, and not
  ///     counted among them.
  func keep(_ result: SearchResult, for key: Key, boosts: [String: Int], isPrepared: Bool = false) {
    state.withLock { state in
      if !isPrepared && state.onDemand >= Self.capacity && state.answers[key] == nil {
        state.answers = state.answers.filter { $0.value.isPrepared }
        state.onDemand = 0
      }
      let replaced = state.answers.updateValue(
        Answer(boosts: boosts, result: result, isPrepared: isPrepared),
        forKey: key
      )
      state.onDemand += (isPrepared ? 0 : 1) - (replaced.map { $0.isPrepared ? 0 : 1 } ?? 0)
    }
  }

  /// Appends the prepared answers kept (``Catalog/prepareShortQueries(_:prepared:)``: a `smart` query of no tokens,
  /// scope, recents or boosts, by its folded text) to `builder`: those kept decoded, then the stored ones they do not
  /// replace, decoded one at a time outside the lock.
  ///
  /// - Throws: ``SnapshotError/damaged(_:)`` when one does not fit the stored form (``StoredAnswers/Builder``).
  func appendPrepared(to builder: inout StoredAnswers.Builder) throws(SnapshotError) {
    let (kept, stored) = state.withLock { state in
      let kept = state.answers.compactMap { key, answer in
        answer.isPrepared && Self.isPlain(key) && answer.boosts.isEmpty ? (key.joined, answer.result) : nil
      }
      return (kept, state.stored)
    }
    for (joined, result) in kept { try builder.append(joined, result) }
    guard let stored else { return }
    let keptKeys = Set(kept.map(\.0))
    for joined in stored.keys where !keptKeys.contains(joined) {
      if let result = stored.result(for: joined) { try builder.append(joined, result) }
    }
  }

  /// Whether an answer is kept for `key` (whatever its boosts).
  func contains(_ key: Key) -> Bool {
    state.withLock { state in
      state.answers[key] != nil || (Self.isPlain(key) && state.stored?.contains(key.joined) == true)
    }
  }

  /// How many searches were answered from the store (for tests and benchmarks).
  var servedCount: Int {
    state.withLock { $0.served }
  }

  /// How many answers are kept decoded (the others are served as stored).
  var decodedCount: Int {
    state.withLock { $0.answers.count }
  }

  /// How many answers are kept.
  var count: Int {
    state.withLock { state in
      let storedOnly =
        state.stored?.keys.count {
          state.answers[Key(joined: $0, mode: .smart, tokens: [], scope: nil, recents: [])] == nil
        } ?? 0
      return state.answers.count + storedOnly
    }
  }
}
