import Foundation
import JSONKit
import Locking
import TestSupport
import Testing

@testable import SuggestEngine

/// Index snapshots (contract §9): a catalog read from its snapshot is the catalog built from its file, column for
/// column and answer for answer; a damaged, truncated, foreign, older or stale snapshot is reported and rebuilt.
@Suite struct CatalogSnapshotTests {
  /// A scratch directory holding a catalog file and a cache directory, removed at the end of the test.
  final class Scratch {
    let path: String
    var cache: String { path + "/cache" }

    init() throws {
      path = NSTemporaryDirectory() + "suggest-snapshot-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file and returns its path.
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
      let file = path + "/" + name
      try Data(bytes).write(to: URL(fileURLWithPath: file))
      return file
    }

    /// The snapshot files in the cache directory (temporary files included).
    func snapshots() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: cache).sorted().map { cache + "/" + $0 }
    }
  }

  // MARK: - Catalog files

  /// A `.json` catalog: declared tokens (labels, icons, keywords), items with every optional field, weights that
  /// are not exact floats, duplicate ids (merged with warnings), undeclared tokens and a bad item (skipped).
  static func jsonCatalog(seed: UInt64, count: Int, subtitleLength: Int = 0) -> [UInt8] {
    var generator = RandomCatalog(seed: seed)
    var random = SplitMix64(seed: seed &+ 1)
    let items = generator.items(count: count)
    var writer = JSONWriter()
    writer.beginObject()
    writer.beginArray(key: "tokens")
    for (index, id) in ["t1", "t2"].enumerated() {
      writer.write(
        [
          "id": .string(id), "label": .string("Token \(index)"), "icon": "star",
          "keywords": [.string("kw\(index)"), "tag"],
        ]
          as JSONValue
      )
    }
    writer.endArray()
    writer.beginArray(key: "items")
    for (index, item) in items.enumerated() {
      var object = JSONObject()
      object.append(key: "id", value: .string(item.id))
      object.append(key: "title", value: .string(item.title))
      if index % 7 == 0 { object.append(key: "completion", value: .string(item.title + " more")) }
      var subtitle = item.subtitle ?? ""
      // Long subtitles of one long word each: several text chunks without much word indexing.
      if subtitleLength > 0 { subtitle += " \(generator.word())" + String(repeating: "ab", count: subtitleLength / 2) }
      if !subtitle.isEmpty { object.append(key: "subtitle", value: .string(subtitle)) }
      if !item.keywords.isEmpty { object.append(key: "keywords", value: .array(item.keywords.map { .string($0) })) }
      if !item.tokens.isEmpty { object.append(key: "tokens", value: .array(item.tokens.map { .string($0) })) }
      if index % 5 == 0 { object.append(key: "icon", value: "doc") }
      let weight = index % 3 == 0 ? Double.random(in: 0..<1_000, using: &random) : item.weight
      object.append(key: "weight", value: JSONValue(weight))
      writer.write(JSONValue.object(object))
    }
    writer.write(["title": 42] as JSONValue)
    writer.endArray()
    writer.endObject()
    return writer.bytes
  }

  /// A `.tsv` catalog in the PyPI shape.
  static func tsvCatalog(seed: UInt64, count: Int) -> [UInt8] {
    var generator = RandomCatalog(seed: seed)
    var text = "name\tversion\tmonth\trank\tsummary\n"
    for (index, item) in generator.items(count: count).enumerated() {
      text += "\(item.title)\t1.\(index)\t2026-01\t\(index + 1)\t\(item.subtitle ?? "")\n"
    }
    return Array(text.utf8)
  }

  // MARK: - Comparing catalogs

  /// Checks that two catalogs are the same value: every column and index of the base segment, the tokens, every
  /// item, and the answers to seeded queries.
  static func expectSame(_ snapshot: Catalog, _ built: Catalog, seed: UInt64) async throws {
    let a = snapshot.base
    let b = built.base
    #expect(a.count == b.count)
    #expect(a.titles == b.titles)
    #expect(a.folded == b.folded)
    #expect(a.wordStarts == b.wordStarts)
    #expect(a.compoundStarts == b.compoundStarts)
    #expect(a.masks == b.masks)
    #expect(a.asciiTitles == b.asciiTitles)
    #expect(a.idIsTitle == b.idIsTitle)
    #expect(a.ids == b.ids)
    #expect(a.subtitles == b.subtitles)
    #expect(a.completions == b.completions)
    #expect(a.icons == b.icons)
    #expect(a.keywordOffsets == b.keywordOffsets)
    #expect(a.keywords == b.keywords)
    #expect(a.weights == b.weights)
    #expect(a.preciseWeights == b.preciseWeights)
    #expect(a.priors == b.priors)
    #expect(a.prior.descending == b.prior.descending)
    #expect(a.popular == b.popular)
    #expect(a.tokenPostings == b.tokenPostings)
    #expect(a.idIndex == b.idIndex)
    #expect(a.titleWords == b.titleWords)
    #expect(a.subtitleWords == b.subtitleWords)
    #expect(a.keywordWords == b.keywordWords)
    #expect(a.shadowed == b.shadowed)
    #expect(snapshot.baseDead == built.baseDead)
    #expect(snapshot.tokenTable.ids == built.tokenTable.ids)
    #expect(snapshot.tokens == built.tokens)
    #expect(snapshot.count == built.count && snapshot.indexBound == built.indexBound)
    #expect(snapshot.indices == built.indices)
    for index in built.indices {
      #expect(snapshot.item(at: index) == built.item(at: index))
      if let id = built.id(at: index) { #expect(snapshot.index(ofID: id) == index) }
    }
    var generator = RandomCatalog(seed: seed)
    let items = built.indices.prefix(200).compactMap { built.item(at: $0) }
    for round in 0..<24 {
      let text = generator.query(from: items)
      let query = SearchQuery(
        text: text,
        mode: [.smart, .fuzzy, .prefix, .contains][round % 4],
        tokens: round % 5 == 0 ? ["t1"] : [],
        limit: round % 2 == 0 ? 10 : 50
      )
      #expect(try await snapshot.search(query) == built.search(query), "query \(text)")
    }
  }

  // MARK: - Round trips

  @Test("a catalog read from its snapshot equals the one built from the file (JSON and TSV, two seeds)")
  func roundTrip() async throws {
    for seed: UInt64 in [1, 2] {
      let scratch = try Scratch()
      let cache = CatalogCache(directory: scratch.cache)
      let files = [
        try scratch.write("catalog.json", Self.jsonCatalog(seed: seed, count: 250)),
        try scratch.write("catalog.tsv", Self.tsvCatalog(seed: seed, count: 250)),
      ]
      for file in files {
        let first = try await cache.load(path: file)
        #expect(!first.fromSnapshot && first.warnings.isEmpty)
        let second = try await cache.load(path: file)
        #expect(second.fromSnapshot && second.warnings.isEmpty)
        #expect(second.report == first.report)
        let fresh = try await CatalogLoader.build(path: file)
        let built = fresh.catalog
        #expect(first.report == fresh.report)
        try await Self.expectSame(second.catalog, built, seed: seed)
      }
      #expect(try scratch.snapshots().count == 2)
    }
  }

  @Test("the report is kept: skipped rows, duplicate-id and undeclared-token warnings come back from the snapshot")
  func reportKept() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.json", Self.jsonCatalog(seed: 9, count: 300))
    let cache = CatalogCache(directory: scratch.cache)
    let built = try await cache.load(path: file)
    #expect(built.report.skippedCount == 1 && built.report.warningCount > 0)
    let read = try await cache.load(path: file)
    #expect(read.fromSnapshot)
    #expect(read.report == built.report)
  }

  @Test(
    "a file whose items name an empty token id is built once: its snapshot reads back",
    arguments: ["json", "jsonl"]
  )
  func emptyTokenIDSnapshot(ext: String) async throws {
    let scratch = try Scratch()
    let lines = [#"{"id": "a", "title": "Alpha", "tokens": ["", "x"]}"#, #"{"title": "Beta", "tokens": [""]}"#]
    let text = ext == "json" ? "[" + lines.joined(separator: ",\n") + "]" : lines.joined(separator: "\n")
    let file = try scratch.write("catalog.\(ext)", Array(text.utf8))
    let cache = CatalogCache(directory: scratch.cache)
    let first = try await cache.load(path: file)
    #expect(!first.fromSnapshot && first.warnings.isEmpty, "\(first.warnings)")
    #expect(first.report.warningCount == 3)
    let second = try await cache.load(path: file)
    #expect(second.fromSnapshot && second.warnings.isEmpty, "\(second.warnings)")
    #expect(second.report == first.report)
    #expect(second.catalog.tokens == [CatalogToken(id: "x", label: "x")])
  }

  @Test("subtitles over several 4 MiB chunks survive the snapshot")
  func largeSubtitles() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("big.json", Self.jsonCatalog(seed: 4, count: 1_500, subtitleLength: 4_000))
    let cache = CatalogCache(directory: scratch.cache)
    let built = try await cache.load(path: file)
    #expect(built.catalog.base.subtitles.chunkCount > 1)
    let read = try await cache.load(path: file)
    #expect(read.fromSnapshot)
    try await Self.expectSame(read.catalog, built.catalog, seed: 4)
  }

  @Test("columns that only show results are used in place from the mapped file; a newer snapshot does not disturb them")
  func mappedColumns() async throws {
    let scratch = try Scratch()
    let original = Self.tsvCatalog(seed: 16, count: 300)
    let file = try scratch.write("catalog.tsv", original)
    let cache = CatalogCache(directory: scratch.cache)
    let fresh = try await CatalogLoader.build(path: file)
    let built = fresh.catalog
    // The first load builds and writes the snapshot, then serves it as the next load will.
    let first = try await cache.load(path: file)
    #expect(!first.fromSnapshot && first.warnings.isEmpty && first.catalog.base.titles.bytes.isMapped)
    let read = try await cache.load(path: file)
    #expect(read.fromSnapshot)
    let base = read.catalog.base
    // Shown or looked up by id: mapped, and holding no memory of their own.
    #expect(base.titles.bytes.isMapped && base.titles.offsets.isMapped && base.titles.residentBytes == 0)
    #expect(base.weights.isMapped && base.idIndex.table.isMapped && base.subtitles.storageBytes == 0)
    #expect(base.subtitleWords.storageBytes == 0)
    // Scanned by every search: copied.
    #expect(!base.folded.bytes.isMapped && !base.folded.offsets.isMapped && base.titleWords.storageBytes > 0)
    #expect(base.titleWords.postings.isMapped == false)
    // The catalog file changes: the next load renames a new snapshot over the one `read` maps.
    let changed = try scratch.write("catalog.tsv", original + Array("mapped-extra\t1\t2026-01\t7\tlater\n".utf8))
    let rebuilt = try await cache.load(path: changed)
    #expect(!rebuilt.fromSnapshot && rebuilt.snapshotPath == read.snapshotPath)
    #expect(rebuilt.catalog.count == built.count + 1)
    for index in built.indices { #expect(read.catalog.item(at: index) == built.item(at: index)) }
    for text in ["a", "mapped", "xq"] {
      let query = SearchQuery(text: text, limit: 20)
      #expect(try await read.catalog.search(query) == built.search(query), "query \(text)")
    }
  }

  #if os(Linux)
  /// The resident kilobytes of the mapping that starts at `base` (`/proc/self/smaps`), or `nil` when not found.
  static func residentKilobytes(ofMappingAt base: UnsafeRawPointer) throws -> Int? {
    let start = String(UInt(bitPattern: base), radix: 16)
    // Read to the end: a procfs file reports no size, and a single read returns only its first page.
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
    defer { try? handle.close() }
    let lines = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self).split(separator: "\n")
    guard let header = lines.firstIndex(where: { $0.hasPrefix(start + "-") }) else { return nil }
    let rss = lines[(header + 1)...].first { $0.hasPrefix("Rss:") }
    return rss.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
  }

  /// A catalog of 1,500 items with long subtitles, built through a scratch cache, and the same read back from its
  /// snapshot (the scratch directory lives as long as the caller keeps it).
  private static func builtAndRead(seed: UInt64) async throws -> (Scratch, Catalog, CachedCatalog) {
    let scratch = try Scratch()
    let file = try scratch.write("big.json", jsonCatalog(seed: seed, count: 1_500, subtitleLength: 2_000))
    let cache = CatalogCache(directory: scratch.cache)
    let built = try await cache.load(path: file).catalog
    let read = try await cache.load(path: file)
    #expect(read.fromSnapshot)
    return (scratch, built, read)
  }

  @Test("the pages read in place from the mapped columns are given back, and read again from the file when needed")
  func mappedPagesReleased() async throws {
    let (scratch, built, read) = try await Self.builtAndRead(seed: 18)
    defer { withExtendedLifetime(scratch) {} }
    let base = read.catalog.base
    let mapping = try #require(base.mapping)
    let items = (0..<base.count).map { base.item($0, tokenIDs: read.catalog.tokenTable.ids) }
    #expect(try #require(try Self.residentKilobytes(ofMappingAt: mapping.base)) > 1_000)
    read.catalog.releaseMappedPages()
    #expect(try Self.residentKilobytes(ofMappingAt: mapping.base) == 0)
    #expect((0..<base.count).map { base.item($0, tokenIDs: read.catalog.tokenTable.ids) } == items)
    for index in built.indices { #expect(read.catalog.item(at: index) == built.item(at: index)) }
  }

  @Test(
    "the items results show are read from the snapshot file, not through the mapping, and kept for the next results"
  )
  func shownItemsMapNothing() async throws {
    let (scratch, built, read) = try await Self.builtAndRead(seed: 19)
    defer { withExtendedLifetime(scratch) {} }
    let mapping = try #require(read.catalog.base.mapping)
    let shown = try #require(read.catalog.base.displayText)
    read.catalog.releaseMappedPages()
    // Every item shown: nothing of the mapping becomes resident.
    for index in built.indices {
      #expect(read.catalog.item(at: index) == built.item(at: index))
      #expect(read.catalog.title(at: index) == built.title(at: index))
    }
    #expect(try Self.residentKilobytes(ofMappingAt: mapping.base) == 0)
    #expect(shown.count == built.count)
    read.catalog.forgetRecentSearches()
    #expect(shown.count == 0)
    for index in built.indices.prefix(50) { #expect(read.catalog.item(at: index) == built.item(at: index)) }
    // Highlights come from the same titles.
    for text in ["a", "ab", "zq"] {
      let query = SearchQuery(text: text, limit: 50)
      #expect(try await read.catalog.search(query) == built.search(query), "query \(text)")
    }
  }
  #endif

  @Test("edits live on top of a catalog read from a snapshot, as on a built one")
  func editsOnTop() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.tsv", Self.tsvCatalog(seed: 5, count: 400))
    let cache = CatalogCache(directory: scratch.cache)
    let built = try await cache.load(path: file).catalog
    let read = try await cache.load(path: file)
    #expect(read.fromSnapshot)
    let added = [CatalogItem(id: "new", title: "Quantum Widget", tokens: ["t9"], weight: 3)]
    let removed = Array(built.indices.prefix(5).compactMap { built.id(at: $0) })
    let fromSnapshot = read.catalog.adding(added).removing(ids: removed)
    let fromBuild = built.adding(added).removing(ids: removed)
    #expect(fromSnapshot.indices == fromBuild.indices)
    for index in fromBuild.indices { #expect(fromSnapshot.item(at: index) == fromBuild.item(at: index)) }
    for text in ["quant", "widg", "a", "re"] {
      #expect(try await fromSnapshot.search(SearchQuery(text: text)) == fromBuild.search(SearchQuery(text: text)))
    }
  }

  @Test("a load asked to write later serves the built catalog; writing it then serves the snapshot a later load reads")
  func writtenLater() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.tsv", Self.tsvCatalog(seed: 21, count: 300))
    let cache = CatalogCache(directory: scratch.cache)
    let first = try await cache.load(path: file, writing: .later)
    let pending = try #require(first.pendingSnapshot)
    #expect(!first.fromSnapshot && first.warnings.isEmpty && pending.file == first.snapshotPath)
    // Nothing written yet, and the catalog is served as built.
    #expect(!FileManager.default.fileExists(atPath: pending.file))
    #expect(!first.catalog.base.titles.bytes.isMapped && first.catalog.answersFile == nil)
    let served = try pending.write(first.catalog)
    #expect(try scratch.snapshots() == [pending.file])
    #expect(
      served.base.titles.bytes.isMapped && served.answersFile?.path == ShortAnswersFile.path(ofSnapshot: pending.file)
    )
    #expect(!served.isSameSnapshot(as: first.catalog) && first.catalog.isSameSnapshot(as: first.catalog))
    try await Self.expectSame(served, first.catalog, seed: 21)
    let next = try await cache.load(path: file, writing: .later)
    #expect(next.fromSnapshot && next.pendingSnapshot == nil && next.warnings.isEmpty)
    #expect(next.catalog.answersFile?.identity == served.answersFile?.identity)
    try await Self.expectSame(next.catalog, first.catalog, seed: 21)
    // Without a directory there is nothing to write.
    #expect(try await CatalogCache(directory: nil).load(path: file, writing: .later).pendingSnapshot == nil)
  }

  @Test("a snapshot left to write that cannot be written says why; the built catalog is still whole")
  func writtenLaterFails() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.tsv", Self.tsvCatalog(seed: 22, count: 80))
    // The cache directory's place is taken by a file.
    _ = try scratch.write("cache", [1, 2, 3])
    let loaded = try await CatalogCache(directory: scratch.cache).load(path: file, writing: .later)
    let pending = try #require(loaded.pendingSnapshot)
    #expect(throws: SnapshotError.self) { try pending.write(loaded.catalog) }
    let built = try await CatalogLoader.build(path: file).catalog
    try await Self.expectSame(loaded.catalog, built, seed: 22)
  }

  @Test("without a cache directory nothing is written and every load builds")
  func noCache() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.tsv", Self.tsvCatalog(seed: 6, count: 50))
    let cache = CatalogCache(directory: nil)
    let first = try await cache.load(path: file)
    let second = try await cache.load(path: file)
    #expect(!first.fromSnapshot && !second.fromSnapshot && first.snapshotPath == nil)
    #expect(!FileManager.default.fileExists(atPath: scratch.cache))
  }

  @Test("the default directory: $XDG_CACHE_HOME/suggest-lsp, else ~/.cache/suggest-lsp, else none")
  func defaultDirectory() {
    #expect(CatalogCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]) == "/x/suggest-lsp")
    #expect(
      CatalogCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]) == "/h/.cache/suggest-lsp"
    )
    #expect(CatalogCache.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.cache/suggest-lsp")
    #expect(CatalogCache.defaultDirectory(environment: [:]) == nil)
  }

  // MARK: - Damage

  /// Damages the snapshot of `file` with `damage`, then checks that the next load reports it, builds the right
  /// catalog, and leaves a good snapshot behind for the load after.
  static func expectRebuilt(
    _ scratch: Scratch,
    file: String,
    expecting fragment: String,
    damage: (String) throws -> Void
  ) async throws {
    let cache = CatalogCache(directory: scratch.cache)
    let built = try await cache.load(path: file)
    guard let snapshot = built.snapshotPath else {
      Issue.record("no snapshot path")
      return
    }
    try damage(snapshot)
    let damaged = try await cache.load(path: file)
    #expect(!damaged.fromSnapshot, "\(fragment)")
    #expect(damaged.warnings.count == 1 && damaged.warnings[0].contains(fragment), "\(damaged.warnings)")
    let fresh = try await CatalogLoader.build(path: file)
    let expected = fresh.catalog
    #expect(damaged.catalog.indices == expected.indices)
    #expect(damaged.report == fresh.report)
    for index in expected.indices { #expect(damaged.catalog.item(at: index) == expected.item(at: index)) }
    let again = try await cache.load(path: file)
    #expect(again.fromSnapshot && again.warnings.isEmpty, "\(fragment): \(again.warnings)")
  }

  static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

  static func replace(_ path: String, with bytes: [UInt8]) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  @Test("a first load removes the temporary files a killed writer left, and only those not written to for long")
  func abandonedTemporaryFiles() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.json", Self.jsonCatalog(seed: 12, count: 50))
    try FileManager.default.createDirectory(atPath: scratch.cache, withIntermediateDirectories: true)
    let old = Date(timeIntervalSinceNow: -Double(SnapshotWriter.abandonedAfter) - 60)
    func place(_ name: String, modified: Date) throws {
      let path = scratch.cache + "/" + name
      try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
    }
    let abandoned = ["catalog-00000000000000aa.snapshot.tmp-41-7", "catalog-00000000000000aa.answers.tmp-41-8"]
    let kept = [
      "catalog-00000000000000bb.snapshot.tmp-42-9",  // being written right now by another process
      "catalog-00000000000000cc.snapshot",  // old, but a snapshot
      "notes.tmp-43-1",  // not ours
    ]
    for name in abandoned { try place(name, modified: old) }
    try place(kept[0], modified: Date())
    try place(kept[1], modified: old)
    try place(kept[2], modified: old)

    let loaded = try await CatalogCache(directory: scratch.cache).load(path: file)
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.cache)
    #expect(abandoned.allSatisfy { !left.contains($0) })
    #expect(kept.allSatisfy { left.contains($0) })
    #expect(loaded.snapshotPath.map { left.contains(($0 as NSString).lastPathComponent) } == true)
  }

  @Test("a truncated snapshot (in the header, the table, a section, the last byte) is reported and rebuilt")
  func truncated() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.json", Self.jsonCatalog(seed: 10, count: 200))
    for cut in [10, 64, 100, 1_000, -1] {
      try await Self.expectRebuilt(scratch, file: file, expecting: "truncated") { path in
        let bytes = try Self.bytes(path)
        try Self.replace(path, with: Array(bytes.prefix(cut < 0 ? bytes.count - 1 : cut)))
      }
    }
  }

  @Test("a changed byte anywhere (header, table, every section) is reported as damage and rebuilt")
  func changedBytes() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.json", Self.jsonCatalog(seed: 11, count: 200))
    let cache = CatalogCache(directory: scratch.cache)
    let length = try Self.bytes(try #require(try await cache.load(path: file).snapshotPath)).count
    // Offsets spread over the whole file, so every section of a small snapshot is hit, plus the header fields.
    var offsets = [9, 13, 17, 25, 33, 64, 70, 100, 104, 112, 120]
    offsets += stride(from: 128, to: length, by: max(1, length / 37)).map { $0 }
    var rebuilt = 0
    for offset in offsets {
      let cache = CatalogCache(directory: scratch.cache)
      let snapshot = try #require(try await cache.load(path: file).snapshotPath)
      var bytes = try Self.bytes(snapshot)
      bytes[offset] ^= 0x5A
      try Self.replace(snapshot, with: bytes)
      let loaded = try await cache.load(path: file)
      // A flipped byte in padding between sections changes nothing that is read: the snapshot stays usable.
      if !loaded.fromSnapshot {
        rebuilt += 1
        #expect(loaded.warnings.count == 1 && loaded.warnings[0].contains("not used"), "\(loaded.warnings)")
      }
      #expect(loaded.report.itemCount == loaded.catalog.count)
    }
    #expect(rebuilt >= offsets.count * 3 / 4)
  }

  @Test("garbage, an empty file and an older format are reported and rebuilt")
  func garbageEmptyOlder() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.tsv", Self.tsvCatalog(seed: 12, count: 100))
    try await Self.expectRebuilt(scratch, file: file, expecting: "wrong magic bytes") { path in
      var random = SplitMix64(seed: 7)
      let size = try Self.bytes(path).count
      try Self.replace(path, with: (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) })
    }
    try await Self.expectRebuilt(scratch, file: file, expecting: "empty") { path in
      try Self.replace(path, with: [])
    }
    try await Self.expectRebuilt(scratch, file: file, expecting: "format version 0") { path in
      var bytes = try Self.bytes(path)
      bytes[8] = 0
      try Self.replace(path, with: bytes)
    }
    // A newer format than this reader's.
    let newer = SnapshotLayout.formatVersion + 1
    try await Self.expectRebuilt(scratch, file: file, expecting: "format version \(newer)") { path in
      var bytes = try Self.bytes(path)
      bytes[8] = UInt8(newer)
      try Self.replace(path, with: bytes)
    }
  }

  @Test("a stale snapshot (the file changed size, time or only content) is reported and rebuilt")
  func stale() async throws {
    let scratch = try Scratch()
    let original = Self.tsvCatalog(seed: 13, count: 100)
    let file = try scratch.write("catalog.tsv", original)
    try await Self.expectRebuilt(scratch, file: file, expecting: "changed size") { _ in
      _ = try scratch.write("catalog.tsv", original + Array("extra\t1\t2026-01\t7\tmore\n".utf8))
    }
    try await Self.expectRebuilt(scratch, file: file, expecting: "modified") { _ in
      let later = Date(timeIntervalSinceNow: 3_600)
      try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: file)
    }
    try await Self.expectRebuilt(scratch, file: file, expecting: "other content") { _ in
      // Same size and modification time, one byte different: only the content checksum tells.
      let stamp = try #require(SourceStamp.of(path: file))
      var bytes = try Self.bytes(file)
      let at = try #require(bytes.lastIndex(of: UInt8(ascii: "\t")))
      bytes[at + 1] = bytes[at + 1] == UInt8(ascii: "q") ? UInt8(ascii: "z") : UInt8(ascii: "q")
      try Self.replace(file, with: bytes)
      var times = [
        timespec(tv_sec: stamp.modifiedSeconds, tv_nsec: stamp.modifiedNanoseconds),
        timespec(tv_sec: stamp.modifiedSeconds, tv_nsec: stamp.modifiedNanoseconds),
      ]
      #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
    }
  }

  /// What befalls the files between a first load's write of its snapshot and its use of it.
  enum Interference: CaseIterable, Sendable {
    /// Another process empties the snapshot.
    case snapshotEmptied
    /// The catalog file gains a row.
    case catalogEdited
    /// Another process renames the snapshot of another catalog file over it.
    case snapshotReplaced
    /// A byte of its first section (`meta`) changes.
    case snapshotCorrupted
  }

  @Test(
    "a first load serves what it built: mapped from its snapshot, or as built (reported) when the snapshot is gone",
    arguments: Interference.allCases
  )
  func servedFromWrittenSnapshot(interference: Interference) async throws {
    let scratch = try Scratch()
    let original = Self.tsvCatalog(seed: 19, count: 300)
    let file = try scratch.write("catalog.tsv", original)
    let extraRow = Array("read-back-extra\t1\t2026-01\t9\tadded meanwhile\n".utf8)
    let interferences = Locked(0)
    let other = try scratch.write("other.tsv", Self.tsvCatalog(seed: 20, count: 120))
    let otherCache = scratch.path + "/other-cache"
    let foreign = try #require(try await CatalogCache(directory: otherCache).load(path: other).snapshotPath)
    // The real mapping, run after the interference.
    let cache = CatalogCache(
      directory: scratch.cache,
      readSnapshot: CatalogSnapshot.read(fromFile:path:format:)
    ) { (built, key, snapshot) throws(SnapshotError) in
      interferences.withLock { $0 += 1 }
      switch interference {
      case .snapshotEmptied: try? Self.replace(snapshot, with: [])
      case .catalogEdited: try? Self.replace(file, with: original + extraRow)
      case .snapshotReplaced: _ = rename(foreign, snapshot)
      case .snapshotCorrupted:
        if var bytes = try? Self.bytes(snapshot) {
          let sectionCount = Int(bytes[12]) | Int(bytes[13]) << 8
          bytes[SnapshotLayout.dataStart(sectionCount: sectionCount) + 20] ^= 0x01
          try? Self.replace(snapshot, with: bytes)
        }
      }
      return try CatalogSnapshot.mappingColumns(of: built, key: key, fromFile: snapshot)
    }
    let built = try await CatalogLoader.build(bytes: original, format: .tsv)
    let loaded = try await cache.load(path: file)
    #expect(interferences.withLock { $0 } == 1)
    #expect(!loaded.fromSnapshot)
    let snapshot = try #require(loaded.snapshotPath)
    // Served: the catalog of the file as it was read, whatever happened to the files since.
    #expect(loaded.report == built.report)
    #expect(loaded.catalog.index(ofID: "read-back-extra") == nil)
    try await Self.expectSame(loaded.catalog, built.catalog, seed: 19)
    switch interference {
    case .snapshotEmptied:
      #expect(loaded.warnings == ["snapshot \(snapshot): it is empty"])
      #expect(!loaded.catalog.base.titles.bytes.isMapped)
    case .catalogEdited:
      #expect(loaded.warnings.isEmpty)
      #expect(loaded.catalog.base.titles.bytes.isMapped)
    case .snapshotReplaced:
      #expect(loaded.warnings == ["snapshot \(snapshot): it is stale: it was replaced by another snapshot"])
      #expect(!loaded.catalog.base.titles.bytes.isMapped)
    case .snapshotCorrupted:
      #expect(loaded.warnings.count == 1 && loaded.warnings[0].contains("meta checksum"), "\(loaded.warnings)")
      #expect(!loaded.catalog.base.titles.bytes.isMapped)
    }
    // The next load does not use the snapshot (empty, another file's, damaged, or made from the file before its
    // edit) and replaces it; the one after reads it.
    let fresh = try await CatalogLoader.build(path: file)
    let next = try await CatalogCache(directory: scratch.cache).load(path: file)
    #expect(!next.fromSnapshot && next.warnings.count == 1 && next.warnings[0].contains("not used"), "\(next.warnings)")
    #expect((next.catalog.index(ofID: "read-back-extra") != nil) == (interference == .catalogEdited))
    let after = try await CatalogCache(directory: scratch.cache).load(path: file)
    #expect(after.fromSnapshot && after.warnings.isEmpty)
    try await Self.expectSame(after.catalog, fresh.catalog, seed: 19)
  }

  @Test("a snapshot of another file or format is not used for this one")
  func otherSource() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.tsv", Self.tsvCatalog(seed: 14, count: 60))
    let cache = CatalogCache(directory: scratch.cache)
    let asTSV = try await cache.load(path: file)
    let asText = try await cache.load(path: file, format: .txt)
    #expect(!asText.fromSnapshot && asText.snapshotPath != asTSV.snapshotPath)
    #expect(asText.catalog.count == 61)  // the header line is a title too
    #expect(try await cache.load(path: file).fromSnapshot)
    #expect(try await cache.load(path: file, format: .txt).fromSnapshot)
  }

  @Test("loads racing on one cache directory all succeed and leave one good snapshot")
  func concurrentLoads() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("catalog.json", Self.jsonCatalog(seed: 15, count: 400))
    let cache = CatalogCache(directory: scratch.cache)
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<4 { group.addTask { try await cache.load(path: file).catalog.count } }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(Set(counts).count == 1)
    #expect(try scratch.snapshots().count == 1)
    #expect(try await cache.load(path: file).fromSnapshot)
  }

  @Test("the checksum does not depend on how the bytes are split")
  func checksumSplits() {
    var random = SplitMix64(seed: 3)
    let bytes = (0..<1_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    let whole = bytes.withUnsafeBytes(SnapshotChecksum.of)
    for split in [0, 1, 31, 32, 33, 500, 999, 1_000] {
      var checksum = SnapshotChecksum()
      bytes.withUnsafeBytes { raw in
        checksum.update(UnsafeRawBufferPointer(rebasing: raw[0..<split]))
        checksum.update(UnsafeRawBufferPointer(rebasing: raw[split...]))
      }
      #expect(checksum.value == whole)
    }
    var changed = bytes
    changed[500] ^= 1
    #expect(changed.withUnsafeBytes(SnapshotChecksum.of) != whole)
  }
}
