/// How many short queries ``Catalog/prepareShortQueries(_:prepared:)`` answers ahead, by kind: every ASCII letter
/// and digit, then the commonest starts of titles of two to five of them, and the commonest starts with a separator
/// after a short first word.
///
/// A start is common when many live titles begin with it (folded): what a search field is sent first, since users
/// type names from their beginning. An answers file records the budgets it was prepared with, so that a later start
/// asking for the same ones takes it without working out the list again.
public struct ShortQueryBudgets: Sendable, Equatable {
  /// How many two-character queries: by default every pair of ASCII letters and digits, so that every pair that
  /// starts a title is answered from the store (on PyPI, 1,114 pairs do; the 600 most common begin 99 % of the
  /// names, but the rest were the slowest second keystrokes).
  public var pairs: Int
  /// How many three-character queries: the third keystroke of a name is a full scan otherwise (about 5 ms on PyPI,
  /// and up to 10 ms at limit 50 for a rare start such as `lrt`, whose page ends among weak matches). On PyPI the
  /// 2,000 most common begin 82 % of the names and the 10,000 most common 97.7 % (of 20,009 in all): with 2,000,
  /// rare starts were the largest group of the slowest keystrokes of a typing session.
  public var triples: Int
  /// How many four-character queries. The fourth keystroke is the first with a typo budget, so its scan is among
  /// the costliest (about 4 ms on PyPI, whose 2,000 most common four-character starts begin 55 % of the names).
  public var quads: Int
  /// How many five-character queries. The keystroke after the last one answered from the store scans the whole
  /// catalog, and the fewer letters it has, the more titles it reads: on PyPI a scan at the fifth letter took 2–30 %
  /// longer than at the sixth (medians: `pytho` 4.3 against `python` 4.2 ms, `strea` 5.1 against `stream` 3.9 ms).
  public var quints: Int
  /// How many starts with a separator after the first symbol ("py-", "ai-r", "mcp-s", "data-l"), of up to five
  /// letters or digits. A quarter of PyPI's names start so, and their separator and the next few keystrokes were
  /// among the slowest (6-8 ms) scans of a typing session; the 3,000 most common are 39 % of those starts.
  public var separated: Int

  /// Budgets of the given sizes (none of each by default: only the single letters and digits).
  public init(pairs: Int = 0, triples: Int = 0, quads: Int = 0, quints: Int = 0, separated: Int = 0) {
    self.pairs = pairs
    self.triples = triples
    self.quads = quads
    self.quints = quints
    self.separated = separated
  }

  /// What a daemon prepares: on PyPI 18,150 searches, about 55 s (85 s of CPU) once, a 23.3 MB answers file.
  public static let standard = ShortQueryBudgets(
    pairs: 36 * 36,
    triples: 10_000,
    quads: 2_000,
    quints: 2_000,
    separated: 3_000
  )

  /// The budgets as an answers file records them.
  var recorded: [UInt64] {
    [pairs, triples, quads, separated, quints].map { UInt64(clamping: $0) }
  }
}
