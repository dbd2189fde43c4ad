/// The snapshot of a catalog just built, not yet written: what ``CatalogCache/load(path:format:writing:)`` leaves
/// to its caller when asked to write ``SnapshotWriting/later``, so that the caller can serve the built catalog at
/// once and store it afterwards.
public struct PendingSnapshot: Sendable {
  /// The snapshot file to write.
  public let file: String
  /// The directory it lies in.
  let directory: String
  /// The catalog file and how it was read.
  let key: SnapshotKey
  /// The report of the load that built the catalog.
  let report: CatalogLoadReport
  /// How the written file's columns are mapped (``CatalogCache/SnapshotMapping``).
  let mapWritten: CatalogCache.SnapshotMapping

  /// Writes `built`, the catalog the load returned, to ``file`` (a temporary file, synced, then renamed over it),
  /// and returns the catalog to serve from then on: the same catalog, with the columns a later start maps used in
  /// place from the file just written rather than held in memory, and the place where its prepared short answers
  /// are kept.
  ///
  /// - Parameter built: The catalog the load returned, not edited since.
  /// - Returns: The catalog to serve instead of `built`.
  /// - Throws: ``SnapshotError`` when the file cannot be written or mapped back: `built` is still right to serve.
  public func write(_ built: Catalog) throws(SnapshotError) -> Catalog {
    try CatalogCache.makeDirectory(directory)
    SnapshotWriter.removeAbandonedTemporaryFiles(in: directory)
    try CatalogSnapshot.write(built, report: report, key: key, toFile: file)
    var served = try mapWritten(built, key, file)
    served.answersFile = (ShortAnswersFile.path(ofSnapshot: file), key.identity)
    return served
  }
}
