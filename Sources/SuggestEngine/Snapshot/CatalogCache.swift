#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads catalog files through a directory of index snapshots (contract §9): the first load of a file builds the
/// catalog and stores its snapshot (before it returns, or, when asked, leaves that to the caller:
/// ``PendingSnapshot``); a later load of the same, unchanged file reads the snapshot instead, in bulk, without
/// decoding the file or rebuilding the indexes.
///
/// A snapshot that is missing, damaged, of another format or stale (the file changed) is not used: the catalog is
/// built from the file and the snapshot replaced, and ``CachedCatalog/warnings`` says why. A snapshot is replaced by
/// renaming a complete file over it, so any number of processes can load through the same directory at once.
public struct CatalogCache: Sendable {
  /// Reads a snapshot file (`file`) made from the catalog file `source` read in `format`, as
  /// ``CatalogSnapshot/read(fromFile:path:format:)`` does.
  typealias SnapshotRead =
    @Sendable (_ file: String, _ source: String, _ format: CatalogFormat) throws(SnapshotError) -> (
      catalog: Catalog, report: CatalogLoadReport, identity: UInt64
    )

  /// Serves a catalog just built from the snapshot just written (`file`, under `key`), as
  /// ``CatalogSnapshot/mappingColumns(of:key:fromFile:)`` does.
  typealias SnapshotMapping =
    @Sendable (_ built: Catalog, _ key: SnapshotKey, _ file: String) throws(SnapshotError) -> Catalog

  /// The snapshot directory, or `nil` to build every time.
  public let directory: String?
  /// How snapshot files are read: ``CatalogSnapshot/read(fromFile:path:format:)``, unless a test stands in for
  /// what the files go through between the steps of a load (another process rewriting a snapshot, an edited
  /// catalog file) before the real read.
  private let readSnapshot: SnapshotRead
  /// How a first load serves from the snapshot it wrote: ``CatalogSnapshot/mappingColumns(of:key:fromFile:)``, unless a
  /// test stands in for what befalls the file meanwhile.
  private let mapWritten: SnapshotMapping

  /// Creates a cache.
  ///
  /// - Parameter directory: Where snapshots are kept (created when first needed), or `nil` for no cache.
  public init(directory: String?) {
    self.init(directory: directory, readSnapshot: CatalogSnapshot.read(fromFile:path:format:))
  }

  /// Creates a cache that reads its snapshot files through `readSnapshot` and serves a first load through
  /// `mapWritten`.
  init(
    directory: String?,
    readSnapshot: @escaping SnapshotRead,
    mapWritten: @escaping SnapshotMapping = CatalogSnapshot.mappingColumns(of:key:fromFile:)
  ) {
    self.directory = directory
    self.readSnapshot = readSnapshot
    self.mapWritten = mapWritten
  }

  /// The default snapshot directory: `$XDG_CACHE_HOME/suggest-lsp`, else `$HOME/.cache/suggest-lsp`, else `nil`.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The directory, or `nil` when neither variable is set.
  public static func defaultDirectory(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return "\(cache)/suggest-lsp" }
    if let home = environment["HOME"], !home.isEmpty { return "\(home)/.cache/suggest-lsp" }
    return nil
  }

  /// Loads the catalog file at `path`, from its snapshot when there is a good one.
  ///
  /// - Parameters:
  ///   - path: The catalog file.
  ///   - format: Its format; `nil` means the one its extension names.
  ///   - writing: When a catalog that had to be built is stored: before this returns (the default), or by the
  ///     caller through ``CachedCatalog/pendingSnapshot``.
  /// - Returns: The catalog, the report of the load that built it, and what happened to the snapshot.
  /// - Throws: ``CatalogLoadError`` as ``CatalogLoader/load(path:format:columns:)`` does.
  public func load(
    path: String,
    format: CatalogFormat? = nil,
    writing: SnapshotWriting = .beforeReturning
  ) async throws(CatalogLoadError) -> CachedCatalog {
    let resolved: CatalogFormat
    if let format { resolved = format } else { resolved = try CatalogFormat(path: path) }
    let source = Self.canonicalPath(path)
    var warnings: [String] = []
    var snapshot: String?
    if let directory {
      let file = snapshotPath(forSource: source, format: resolved, in: directory)
      snapshot = file
      do {
        var (catalog, report, identity) = try readSnapshot(file, source, resolved)
        catalog.answersFile = (ShortAnswersFile.path(ofSnapshot: file), identity)
        return CachedCatalog(catalog: catalog, report: report, snapshotPath: file, fromSnapshot: true, warnings: [])
      } catch .missing {
        // The first load of this file: nothing to report.
      } catch {
        warnings.append("snapshot \(file) not used (\(error)); rebuilding it")
      }
    }
    let (bytes, stamp) = try CatalogFileReader.contentsAndStamp(ofFile: path, limit: CatalogLoader.maximumFileSize)
    // The key hashes the whole file: only worth it when a snapshot is written.
    let key = snapshot.map { _ in SnapshotKey(path: source, format: resolved, stamp: stamp, bytes: bytes) }
    let built = try await CatalogLoader.build(bytes: consume bytes, format: resolved)
    var loaded = CachedCatalog(
      catalog: built.catalog,
      report: built.report,
      snapshotPath: snapshot,
      fromSnapshot: false,
      warnings: warnings
    )
    if let directory, let file = snapshot, let key {
      let pending = PendingSnapshot(
        file: file,
        directory: directory,
        key: key,
        report: built.report,
        mapWritten: mapWritten
      )
      switch writing {
      case .later:
        loaded.pendingSnapshot = pending
      case .beforeReturning:
        do {
          // Served as a later start would serve it, its display columns mapped from the snapshot just written
          // rather than held in memory.
          loaded.catalog = try pending.write(loaded.catalog)
        } catch {
          loaded.warnings.append("snapshot \(file): \(error)")
        }
      }
    }
    return loaded
  }

  /// The snapshot file of a catalog file: named by a checksum of its canonical path and format.
  func snapshotPath(forSource source: String, format: CatalogFormat, in directory: String) -> String {
    let name = Array("\(format.rawValue)\0\(source)".utf8).withUnsafeBytes(SnapshotChecksum.of)
    let hex = String(name, radix: 16)
    return "\(directory)/catalog-\(String(repeating: "0", count: 16 - hex.count))\(hex).snapshot"
  }

  /// The absolute path without symbolic links, or `path` itself when it cannot be resolved.
  static func canonicalPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Creates `directory` and its missing parents.
  static func makeDirectory(_ directory: String) throws(SnapshotError) {
    var prefix = ""
    for component in directory.split(separator: "/", omittingEmptySubsequences: false) {
      prefix +=
        prefix.isEmpty && component.isEmpty ? "/" : (prefix.hasSuffix("/") || prefix.isEmpty ? "" : "/") + component
      guard !component.isEmpty else { continue }
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        throw .unwritable(reason: "cannot create \(prefix): \(SystemError.message(errno))")
      }
    }
  }
}
