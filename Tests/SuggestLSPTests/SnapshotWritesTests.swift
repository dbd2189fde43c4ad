import Foundation
import Locking
import SuggestEngine
import Testing

@testable import suggest_lsp

/// A catalog built at start or by `catalog/load` is served before its snapshot is written (contract §9): once
/// written, the snapshot serves it, unless an edit or another load came first; a write that fails leaves the built
/// catalog served.
@Suite struct SnapshotWritesTests {
  /// Loads `SnapshotEndToEndTests`'s catalog through a cache in `directory`, its snapshot left to write.
  static func load(in directory: TemporaryDirectory) async throws -> (CachedCatalog, PendingSnapshot) {
    let file = try SnapshotEndToEndTests.catalog(in: directory)
    let loaded = try await CatalogCache(directory: directory.file("cache")).load(path: file, writing: .later)
    return (loaded, try #require(loaded.pendingSnapshot))
  }

  /// A registry serving `catalog` as "pkgs".
  static func registry(serving catalog: Catalog) -> CatalogRegistry {
    let registry = CatalogRegistry()
    registry.set(catalog, named: "pkgs")
    return registry
  }

  /// Writes `pending`, the snapshot of `built`, for catalog "pkgs" of `registry`, and waits for the write: how many
  /// times the callback ran.
  static func writeAndWait(_ pending: PendingSnapshot, of built: Catalog, in registry: CatalogRegistry) async -> Int {
    let writes = SnapshotWrites()
    let calls = Locked(0)
    writes.write(pending, of: built, named: "pkgs", in: registry) { calls.withLock { $0 += 1 } }
    await writes.finish()
    return calls.withLock { $0 }
  }

  /// The titles of the first ten results of `text`.
  static func titles(_ catalog: Catalog, _ text: String) async throws -> [String] {
    try await catalog.search(SearchQuery(text: text, limit: 10)).hits.map { catalog.item(at: $0.index)?.title ?? "" }
  }

  @Test("once written, the snapshot serves the catalog, and the callback runs once")
  func servedFromSnapshot() async throws {
    let directory = try TemporaryDirectory()
    let (loaded, pending) = try await Self.load(in: directory)
    let registry = Self.registry(serving: loaded.catalog)
    #expect(await Self.writeAndWait(pending, of: loaded.catalog, in: registry) == 1)
    #expect(FileManager.default.fileExists(atPath: pending.file))
    let served = try #require(registry.catalog(named: "pkgs"))
    #expect(!served.isSameSnapshot(as: loaded.catalog))
    for text in ["reqeusts", "py", "tools", "cli"] {
      #expect(try await Self.titles(served, text) == Self.titles(loaded.catalog, text), "\(text)")
    }
  }

  @Test("an edit made before the write ends is kept; the snapshot is still written for the next start")
  func editWins() async throws {
    let directory = try TemporaryDirectory()
    let (loaded, pending) = try await Self.load(in: directory)
    let registry = Self.registry(serving: loaded.catalog)
    let edited = registry.update(named: "pkgs") { $0.adding([CatalogItem(id: "zzz", title: "zzz-new")]) }
    #expect(await Self.writeAndWait(pending, of: loaded.catalog, in: registry) == 0)
    #expect(registry.catalog(named: "pkgs")?.isSameSnapshot(as: edited) == true)
    #expect(try await Self.titles(try #require(registry.catalog(named: "pkgs")), "zzz") == ["zzz-new"])
    #expect(FileManager.default.fileExists(atPath: pending.file))
  }

  @Test("a snapshot that cannot be written leaves the built catalog served, and the callback still runs")
  func writeFails() async throws {
    let directory = try TemporaryDirectory()
    let (loaded, pending) = try await Self.load(in: directory)
    // The cache directory, not made yet, has its place taken by a file.
    try directory.write("cache", "not a directory")
    let registry = Self.registry(serving: loaded.catalog)
    #expect(await Self.writeAndWait(pending, of: loaded.catalog, in: registry) == 1)
    #expect(registry.catalog(named: "pkgs")?.isSameSnapshot(as: loaded.catalog) == true)
  }

  @Test("finish waits for every write begun, across catalogs")
  func finishWaitsForAll() async throws {
    let directories = try (0..<3).map { _ in try TemporaryDirectory() }
    let registry = CatalogRegistry()
    let writes = SnapshotWrites()
    var files: [String] = []
    for (number, directory) in directories.enumerated() {
      let (loaded, pending) = try await Self.load(in: directory)
      registry.set(loaded.catalog, named: "c\(number)")
      writes.write(pending, of: loaded.catalog, named: "c\(number)", in: registry) {}
      files.append(pending.file)
    }
    await writes.finish()
    for file in files { #expect(FileManager.default.fileExists(atPath: file), "\(file)") }
  }
}
