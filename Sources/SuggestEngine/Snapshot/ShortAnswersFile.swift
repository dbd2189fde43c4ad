/// The prepared short answers of a catalog (``ShortQueryAnswers``), kept in the snapshot directory beside its
/// snapshot, so that a later start answers the first keystrokes at once instead of preparing them again.
///
/// There is one file per catalog file, beside its snapshot, replaced whenever the answers are prepared again. It
/// carries the catalog's source identity (``SnapshotKey/identity``: the source's content, how it is read, the
/// snapshot format and the engine's folding tables) and is used only for a catalog of that identity, which gives
/// the same answers. It is written like a snapshot (a temporary file, synced and renamed; ``SnapshotLayout``), with
/// each section checked when read; a damaged, inconsistent or stale file is not used, and the answers are prepared
/// again and written over it.
enum ShortAnswersFile {
  /// The answers file beside the snapshot file `snapshot` (`catalog-<hash>.answers`).
  static func path(ofSnapshot snapshot: String) -> String {
    let suffix = ".snapshot"
    let stem = snapshot.hasSuffix(suffix) ? String(snapshot.dropLast(suffix.count)) : snapshot
    return stem + ".answers"
  }

  /// Writes `answers` for the catalog of source identity `identity`.
  ///
  /// - Parameters:
  ///   - answers: The answers.
  ///   - identity: The catalog's source identity.
  ///   - budgets: The preparation's budgets, when `answers` hold every query they name (a later start that asks
  ///     for the same budgets then has nothing to work out); empty when unknown.
  ///   - rankingVersion: The rules the answers were ranked by.
  ///   - path: The file.
  /// - Throws: ``SnapshotError/unwritable(reason:)``.
  static func write(
    _ answers: StoredAnswers,
    identity: UInt64,
    budgets: [UInt64] = [],
    rankingVersion: UInt64 = RankingRules.version,
    toFile path: String
  ) throws(SnapshotError) {
    var writer = SnapshotWriter()
    writer.add("answers.identity", [identity])
    writer.add("answers.ranking", [rankingVersion])
    writer.add("answers.budgets", budgets)
    writer.add("answers.keyBytes", answers.keyBytes)
    writer.add("answers.keyEnds", answers.keyEnds)
    writer.add("answers.totals", answers.totals)
    writer.add("answers.hitEnds", answers.hitEnds)
    writer.add(Self.indicesSection, answers.indices)
    writer.add("answers.scores32", answers.scores)
    writer.add("answers.tiers", answers.tiers)
    writer.add("answers.fields", answers.fields)
    writer.add("answers.rangeEnds", answers.rangeEnds)
    writer.add("answers.bounds32", answers.bounds)
    try writer.write(toFile: path)
  }

  /// Reads the answers of the file at `path`, which must be of source identity `identity`, ranked by rules of
  /// `rankingVersion` (``RankingRules/version``), and refer only to item indices below `indexBound`.
  ///
  /// The answers stay in the file, each read from it and decoded when served: reading takes a few milliseconds, so
  /// the first keystrokes after a start are served from the file at once.
  ///
  /// - Returns: The answers, and the budgets of the preparation that made them all (empty when the file does not
  ///   say: one written before budgets were recorded).
  /// - Throws: ``SnapshotError``: missing, damaged (a section's checksum, or contents that do not fit together), or
  ///   stale (another identity).
  static func read(
    fromFile path: String,
    identity: UInt64,
    rankingVersion: UInt64 = RankingRules.version,
    indexBound: Int
  ) throws(SnapshotError) -> (answers: StoredAnswers, budgets: [UInt64]) {
    let reader = try SnapshotReader(path: path, mapping: true)
    guard try reader.array("answers.identity", of: UInt64.self) == [identity] else {
      throw .stale("it holds the answers of another catalog")
    }
    guard reader.contains("answers.ranking"), try reader.array("answers.ranking", of: UInt64.self) == [rankingVersion]
    else { throw .stale("its answers were ranked by other rules (an older or newer engine)") }
    guard reader.contains(Self.indicesSection) else { throw .stale("it was written by an older engine") }
    let budgets: [UInt64] = reader.contains("answers.budgets") ? try reader.array("answers.budgets") : []
    let answers = try StoredAnswers(
      keyBytes: try reader.array("answers.keyBytes"),
      keyEnds: try reader.array("answers.keyEnds"),
      totals: try reader.array("answers.totals"),
      hitEnds: try reader.array("answers.hitEnds"),
      indices: try reader.stored(Self.indicesSection, .mapped),
      scores: try reader.stored("answers.scores32", .mapped),
      tiers: try reader.stored("answers.tiers", .mapped),
      fields: try reader.stored("answers.fields", .mapped),
      rangeEnds: try reader.stored("answers.rangeEnds", .mapped),
      bounds: try reader.stored("answers.bounds32", .mapped),
      indexBound: indexBound
    )
    // Checking every hit read the mapping; serving answers reads the file, not the mapping.
    reader.releaseResidentPages()
    return (answers, budgets)
  }

  /// The section of the hits' item indices, named for its 32-bit layout: a file of the earlier 64-bit one lacks it
  /// and is stale.
  static let indicesSection = "answers.indices32"

  /// The fields in the order of their stored codes.
  static let fields: [MatchField] = [.title, .subtitle, .keyword]

  /// The stored code of `field`.
  static func fieldCode(_ field: MatchField) -> UInt8 {
    UInt8(fields.firstIndex(of: field) ?? 0)
  }

}
