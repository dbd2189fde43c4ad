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

  /// Writes `answers` (folded query text and result) for the catalog of source identity `identity`.
  ///
  /// - Throws: ``SnapshotError/unwritable(reason:)``.
  static func write(
    _ answers: [(joined: [UInt8], result: SearchResult)],
    identity: UInt64,
    rankingVersion: UInt64 = RankingRules.version,
    toFile path: String
  ) throws(SnapshotError) {
    var keyBytes: [UInt8] = []
    var keyEnds: [UInt32] = []
    var totals: [Int64] = []
    var hitEnds: [UInt32] = []
    var indices: [Int64] = []
    var scores: [Int64] = []
    var tiers: [UInt8] = []
    var fields: [UInt8] = []
    var rangeEnds: [UInt32] = []
    var bounds: [Int64] = []
    for (joined, result) in answers {
      keyBytes.append(contentsOf: joined)
      keyEnds.append(UInt32(keyBytes.count))
      totals.append(Int64(result.total))
      for hit in result.hits {
        indices.append(Int64(hit.index))
        scores.append(Int64(hit.score))
        tiers.append(UInt8(hit.tier.rawValue))
        fields.append(fieldCode(hit.field))
        for range in hit.titleHighlights {
          bounds.append(Int64(range.lowerBound))
          bounds.append(Int64(range.upperBound))
        }
        rangeEnds.append(UInt32(bounds.count / 2))
      }
      hitEnds.append(UInt32(indices.count))
    }
    var writer = SnapshotWriter()
    writer.add("answers.identity", [identity])
    writer.add("answers.ranking", [rankingVersion])
    writer.add("answers.keyBytes", keyBytes)
    writer.add("answers.keyEnds", keyEnds)
    writer.add("answers.totals", totals)
    writer.add("answers.hitEnds", hitEnds)
    writer.add("answers.indices", indices)
    writer.add("answers.scores", scores)
    writer.add("answers.tiers", tiers)
    writer.add("answers.fields", fields)
    writer.add("answers.rangeEnds", rangeEnds)
    writer.add("answers.bounds", bounds)
    try writer.write(toFile: path)
  }

  /// Reads the answers of the file at `path`, which must be of source identity `identity`, ranked by rules of
  /// `rankingVersion` (``RankingRules/version``), and refer only to item indices below `indexBound`.
  ///
  /// The answers stay as stored, each decoded when first served: reading takes a few milliseconds, so the first
  /// keystrokes after a start are served from the file at once.
  ///
  /// - Throws: ``SnapshotError``: missing, damaged (a section's checksum, or contents that do not fit together), or
  ///   stale (another identity).
  static func read(
    fromFile path: String,
    identity: UInt64,
    rankingVersion: UInt64 = RankingRules.version,
    indexBound: Int
  ) throws(SnapshotError) -> StoredAnswers {
    let reader = try SnapshotReader(path: path)
    guard try reader.array("answers.identity", of: UInt64.self) == [identity] else {
      throw .stale("it holds the answers of another catalog")
    }
    guard reader.contains("answers.ranking"), try reader.array("answers.ranking", of: UInt64.self) == [rankingVersion]
    else { throw .stale("its answers were ranked by other rules (an older or newer engine)") }
    return try StoredAnswers(
      keyBytes: try reader.array("answers.keyBytes"),
      keyEnds: try reader.array("answers.keyEnds"),
      totals: try reader.array("answers.totals"),
      hitEnds: try reader.array("answers.hitEnds"),
      indices: try reader.array("answers.indices"),
      scores: try reader.array("answers.scores"),
      tiers: try reader.array("answers.tiers"),
      fields: try reader.array("answers.fields"),
      rangeEnds: try reader.array("answers.rangeEnds"),
      bounds: try reader.array("answers.bounds"),
      indexBound: indexBound
    )
  }

  /// The fields in the order of their stored codes.
  static let fields: [MatchField] = [.title, .subtitle, .keyword]

  private static func fieldCode(_ field: MatchField) -> UInt8 {
    UInt8(fields.firstIndex(of: field) ?? 0)
  }

}
