import Foundation
import TestSupport
import Testing

@testable import SuggestEngine

/// Prepared short answers kept between starts (``ShortAnswersFile``): a later start takes exactly the answers a
/// search gives, and a damaged, foreign or stale file, or one for an edited catalog, is never used.
@Suite struct ShortAnswersFileTests {
  typealias Scratch = CatalogSnapshotTests.Scratch

  /// How many two-character queries the tests prepare (with the 36 single characters).
  static let pairs = 24
  /// How many three-character queries the tests prepare.
  static let triples = 24
  /// How many four-character queries the tests prepare.
  static let quads = 12
  /// How many five-character queries the tests prepare.
  static let quints = 5
  /// How many starts with a separator the tests prepare.
  static let separated = 6
  /// How many queries the tests prepare in all.
  static let preparedCount = 36 + pairs + triples + quads + quints + separated

  /// The catalog file of `seed` (`count` items), loaded through the scratch cache.
  private static func load(_ scratch: Scratch, seed: UInt64 = 7, count: Int = 3_000) async throws -> CachedCatalog {
    // Written once: a rewritten file would make its snapshot stale (the answers would still fit its content).
    var file = scratch.path + "/catalog-\(seed).json"
    if !FileManager.default.fileExists(atPath: file) {
      file = try scratch.write("catalog-\(seed).json", CatalogSnapshotTests.jsonCatalog(seed: seed, count: count))
    }
    return try await CatalogCache(directory: scratch.cache).load(path: file)
  }

  /// The answers files in the scratch cache.
  private static func answersFiles(_ scratch: Scratch) throws -> [String] {
    try scratch.snapshots().filter { $0.hasSuffix(".answers") }
  }

  /// Checks that every prepared query is answered from the store with what a full search gives, on every page.
  private static func expectStoredAnswersMatchSearch(_ catalog: Catalog) async throws {
    let served = catalog.shortAnswers.servedCount
    let texts = catalog.shortQueriesToPrepare(budgets())
    for text in texts {
      for (offset, limit) in [(0, 5), (0, 50), (10, 10)] {
        let query = SearchQuery(text: text, limit: limit, offset: offset)
        var session = SearchSession()
        var scratch = SearchScratch()
        let stored = try await catalog.search(query)
        let searched = try await catalog.fullSearch(query, session: &session, scratch: &scratch)
        #expect(stored == searched, "\(text) offset \(offset) limit \(limit)")
      }
    }
    #expect(catalog.shortAnswers.servedCount - served == 3 * texts.count)
  }

  /// Where section `name` of a file in ``SnapshotLayout`` starts.
  private static func sectionOffset(_ bytes: [UInt8], _ name: String) -> Int? {
    func integer(_ offset: Int, _ width: Int) -> Int {
      (0..<width).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
    }
    let count = integer(12, 4)
    for entry in 0..<count {
      let base = SnapshotLayout.headerSize + SnapshotLayout.entrySize * entry
      let stored = bytes[base..<(base + SnapshotLayout.nameSize)].prefix { $0 != 0 }
      if Array(stored) == Array(name.utf8) { return integer(base + SnapshotLayout.nameSize, 8) }
    }
    return nil
  }

  @Test("answers prepared by one start are taken by the next, and are what a search gives")
  func keptBetweenStarts() async throws {
    let scratch = try Scratch()
    let first = try await Self.load(scratch)
    #expect(!first.fromSnapshot)
    var preparedCalls = 0
    let prepared = try await first.catalog.prepareShortQueries(Self.budgets()) {
      preparedCalls += 1
    }
    #expect(prepared.fromFile == 0 && prepared.prepared == Self.preparedCount && prepared.problem == nil)
    #expect(preparedCalls == prepared.prepared, "called once per query prepared")
    #expect(try Self.answersFiles(scratch).count == 1)

    let second = try await Self.load(scratch)
    #expect(second.fromSnapshot)
    var takenCalls = 0
    let taken = try await second.catalog.prepareShortQueries(Self.budgets()) {
      takenCalls += 1
    }
    #expect(taken.fromFile == Self.preparedCount && taken.prepared == 0 && taken.problem == nil)
    #expect(takenCalls == 0, "nothing prepared: answers read from the file")
    try await Self.expectStoredAnswersMatchSearch(second.catalog)
  }

  /// Prepares the scratch catalog with the tests' budgets, `extraTriples` more triples.
  @discardableResult
  private static func prepare(_ catalog: Catalog, extraTriples: Int = 0) async throws -> PreparedShortQueries {
    try await catalog.prepareShortQueries(budgets(extraTriples: extraTriples))
  }

  /// Takes the answers file of `catalog` before serving it, if it was prepared with the tests' budgets (with
  /// `extraTriples` more triples): how many answers it took.
  private static func take(_ catalog: Catalog, extraTriples: Int = 0) -> Int {
    catalog.takeKeptShortQueries(budgets(extraTriples: extraTriples))
  }

  /// Prepares `catalog` with the tests' budgets and expects every answer to come from its file, none prepared, and
  /// each to be what a search gives.
  private static func expectPreparedFromFile(
    _ catalog: Catalog,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let report = try await prepare(catalog)
    #expect(
      report.fromFile == preparedCount && report.prepared == 0 && report.problem == nil,
      sourceLocation: sourceLocation
    )
    try await expectStoredAnswersMatchSearch(catalog)
  }

  /// Loads the scratch catalog, prepares it with the tests' budgets and returns its answers file.
  private static func preparedFile(_ scratch: Scratch) async throws -> (path: String, identity: UInt64) {
    let first = try await load(scratch)
    try await prepare(first.catalog)
    return try #require(first.catalog.answersFile)
  }

  /// The tests' budgets, with `extraTriples` more triples.
  private static func budgets(extraTriples: Int = 0) -> ShortQueryBudgets {
    ShortQueryBudgets(
      pairs: pairs,
      triples: triples + extraTriples,
      quads: quads,
      quints: quints,
      separated: separated
    )
  }

  @Test("the file records its budgets; a start with larger ones prepares only what the file lacks")
  func budgetsRecorded() async throws {
    let scratch = try Scratch()
    let file = try await Self.preparedFile(scratch)
    let written = try ShortAnswersFile.read(fromFile: file.path, identity: file.identity, indexBound: 3_000)
    #expect(written.budgets == Self.budgets().recorded && written.answers.count == Self.preparedCount)

    let larger = try await Self.prepare(try await Self.load(scratch).catalog, extraTriples: 6)
    #expect(larger.fromFile == Self.preparedCount && larger.prepared == 6 && larger.problem == nil)
    let rewritten = try ShortAnswersFile.read(fromFile: file.path, identity: file.identity, indexBound: 3_000)
    #expect(
      rewritten.budgets == Self.budgets(extraTriples: 6).recorded && rewritten.answers.count == Self.preparedCount + 6
    )
    let again = try await Self.load(scratch)
    #expect(try await Self.prepare(again.catalog, extraTriples: 6).prepared == 0)
    try await Self.expectStoredAnswersMatchSearch(again.catalog)
  }

  @Test("a file that records the budgets asked for is taken as it is: the queries are not worked out again")
  func budgetsTrusted() async throws {
    let scratch = try Scratch()
    let file = try await Self.preparedFile(scratch)
    // Rewritten with only the single characters, but the same budgets: a start believes the budgets.
    let all = try ShortAnswersFile.read(fromFile: file.path, identity: file.identity, indexBound: 3_000).answers
    let singles = try StoredAnswers(
      all.keys.filter { $0.count == 1 }.compactMap { key in all.result(for: key).map { (key, $0) } },
      indexBound: 3_000
    )
    try ShortAnswersFile.write(singles, identity: file.identity, budgets: Self.budgets().recorded, toFile: file.path)
    let trusting = try await Self.prepare(try await Self.load(scratch).catalog)
    #expect(trusting.fromFile == singles.count && trusting.prepared == 0)
    #expect(singles.count > 0 && singles.count < Self.preparedCount)

    // Without budgets (a file from before they were recorded), the missing queries are prepared.
    try ShortAnswersFile.write(singles, identity: file.identity, toFile: file.path)
    let filling = try await Self.prepare(try await Self.load(scratch).catalog)
    #expect(filling.fromFile == singles.count && filling.prepared == Self.preparedCount - singles.count)
    #expect(
      try ShortAnswersFile.read(fromFile: file.path, identity: file.identity, indexBound: 3_000).budgets
        == Self.budgets().recorded
    )
  }

  @Test("a start takes a file that names its budgets before serving; the preparation then has nothing left to do")
  func takenBeforeServing() async throws {
    let scratch = try Scratch()
    let file = try await Self.preparedFile(scratch)
    let catalog = try await Self.load(scratch).catalog
    #expect(Self.take(catalog) == Self.preparedCount)
    // Gone from the disk: the preparation can only find the answers taken before.
    try FileManager.default.removeItem(atPath: file.path)
    try await Self.expectPreparedFromFile(catalog)
  }

  @Test("a catalog read from its snapshot holds the answers file read beside it: taken without reading it again")
  func readBesideTheSnapshot() async throws {
    let scratch = try Scratch()
    let file = try await Self.preparedFile(scratch)
    let loaded = try await Self.load(scratch)
    #expect(loaded.fromSnapshot)
    // Gone from the disk once the snapshot was read: only the answers read beside it can be taken.
    try FileManager.default.removeItem(atPath: file.path)
    let query = SearchQuery(text: "a", limit: 5)
    #expect(loaded.catalog.keptAnswer(query) == nil, "held, not served, until taken")
    #expect(Self.take(loaded.catalog) == Self.preparedCount)
    #expect(loaded.catalog.keptAnswer(query) != nil)
    try await Self.expectPreparedFromFile(loaded.catalog)
    // Taken once: a second take reads the file, which is gone.
    #expect(Self.take(loaded.catalog) == 0)

    // Not taken before serving: the preparation takes them instead.
    _ = try await Self.preparedFile(scratch)
    let later = try await Self.load(scratch)
    try FileManager.default.removeItem(atPath: file.path)
    try await Self.expectPreparedFromFile(later.catalog)
  }

  @Test("a file prepared with other budgets, or that names none, is not taken before serving; the preparation is")
  func notTakenBeforeServing() async throws {
    let scratch = try Scratch()
    let file = try await Self.preparedFile(scratch)
    let larger = try await Self.load(scratch).catalog
    #expect(Self.take(larger, extraTriples: 6) == 0)
    let all = try ShortAnswersFile.read(fromFile: file.path, identity: file.identity, indexBound: 3_000).answers
    try ShortAnswersFile.write(all, identity: file.identity, toFile: file.path)
    let unmarked = try await Self.load(scratch).catalog
    #expect(Self.take(unmarked) == 0)
    try await Self.expectPreparedFromFile(unmarked)
  }

  @Test("a complete file from before budgets were recorded is marked with them, so the next start skips the list")
  func budgetsAdded() async throws {
    let scratch = try Scratch()
    let file = try await Self.preparedFile(scratch)
    let all = try ShortAnswersFile.read(fromFile: file.path, identity: file.identity, indexBound: 3_000).answers
    try ShortAnswersFile.write(all, identity: file.identity, toFile: file.path)
    let taken = try await Self.prepare(try await Self.load(scratch).catalog)
    #expect(taken.fromFile == Self.preparedCount && taken.prepared == 0 && taken.problem == nil)
    let marked = try ShortAnswersFile.read(fromFile: file.path, identity: file.identity, indexBound: 3_000)
    #expect(marked.budgets == Self.budgets().recorded && marked.answers.count == Self.preparedCount)
  }

  @Test("a damaged, truncated or foreign answers file is reported, not used, and written again", arguments: 0..<3)
  func damagedFile(kind: Int) async throws {
    let scratch = try Scratch()
    let first = try await Self.load(scratch)
    try await first.catalog.prepareShortQueries(Self.budgets())
    let file = try #require(try Self.answersFiles(scratch).first)
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
    switch kind {
    case 0:  // a changed byte inside a section
      bytes[try #require(Self.sectionOffset(bytes, ShortAnswersFile.indicesSection))] ^= 0x5A
    case 1: bytes.removeLast(bytes.count / 3)  // truncated
    default:  // a valid file of another catalog under this name
      let other = try Scratch()
      let foreign = try await Self.load(other, seed: 99)
      try await foreign.catalog.prepareShortQueries(Self.budgets())
      bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try #require(try Self.answersFiles(other).first))))
    }
    try Data(bytes).write(to: URL(fileURLWithPath: file))

    let second = try await Self.load(scratch)
    let report = try await second.catalog.prepareShortQueries(Self.budgets())
    #expect(report.fromFile == 0 && report.prepared == Self.preparedCount)
    #expect(report.problem?.contains("not used") == true)
    try await Self.expectStoredAnswersMatchSearch(second.catalog)

    // Written again: the next start takes them.
    let third = try await Self.load(scratch)
    let taken = try await third.catalog.prepareShortQueries(Self.budgets())
    #expect(taken.fromFile == Self.preparedCount && taken.prepared == 0 && taken.problem == nil)
  }

  @Test("stored answers decode to what was written; a file with one bad hit, or answers repeating a query, are refused")
  func storedAnswers() throws {
    let scratch = try Scratch()
    let path = scratch.path + "/stored.answers"
    func hit(_ index: Int, _ highlights: [Range<Int>]) -> SearchHit {
      SearchHit(index: index, tier: .prefix, score: 100 - index, field: .subtitle, titleHighlights: highlights)
    }
    var answers = [
      (joined: Array("abc".utf8), result: SearchResult(total: 7, hits: [hit(3, [0..<1, 2..<3]), hit(4, [1..<4])])),
      (joined: Array("a".utf8), result: SearchResult(total: 2, hits: [hit(1, [])])),
      (joined: Array("ab".utf8), result: SearchResult(total: 1, hits: [])),
    ]
    try ShortAnswersFile.write(StoredAnswers(answers, indexBound: 10), identity: 42, toFile: path)
    let (stored, budgets) = try ShortAnswersFile.read(fromFile: path, identity: 42, indexBound: 10)
    #expect(budgets.isEmpty)
    #expect(stored.count == 3 && stored.contains(Array("ab".utf8)) && !stored.contains(Array("b".utf8)))
    // Hits and highlights are used in the file's mapping, not copied.
    #expect(stored.indices.isMapped && stored.scores.isMapped && stored.bounds.isMapped)
    for answer in answers { #expect(stored.result(for: answer.joined) == answer.result) }
    // A page of an answer: its total, and the hits there are.
    #expect(stored.result(for: Array("abc".utf8), positions: 1..<5) == SearchResult(total: 7, hits: [hit(4, [1..<4])]))
    #expect(stored.result(for: Array("abc".utf8), positions: 3..<5) == SearchResult(total: 7, hits: []))
    #expect(stored.result(for: Array("abcd".utf8)) == nil)
    #expect(Set(stored.keys) == Set(answers.map(\.joined)))

    // Served answers are read from the file again: bytes changed in place after the read (which a daemon never
    // does) make them unusable, never a crash.
    let rewritten = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    let size = Int(try rewritten.seekToEnd())
    try rewritten.seek(toOffset: UInt64(SnapshotLayout.headerSize))
    try rewritten.write(contentsOf: Data(repeating: 0xFF, count: size - SnapshotLayout.headerSize))
    try rewritten.close()
    #expect(stored.result(for: Array("abc".utf8)) == nil && stored.result(for: Array("a".utf8)) == nil)
    #expect(stored.result(for: Array("ab".utf8)) == SearchResult(total: 1, hits: []), "no hits to read")
    #expect(stored.keys.filter { stored.result(for: $0) != nil } == [Array("ab".utf8)])
    try ShortAnswersFile.write(StoredAnswers(answers, indexBound: 10), identity: 42, toFile: path)

    // Item 4 is past a catalog of 4 items.
    #expect {
      try ShortAnswersFile.read(fromFile: path, identity: 42, indexBound: 4)
    } throws: { error in
      guard case SnapshotError.damaged(let reason) = error else { return false }
      return reason.contains("hit 1 ")
    }
    // Hits are stored in 32 bits: a number past them is refused, not cut.
    let wide = [(joined: Array("x".utf8), result: SearchResult(total: 1, hits: [hit(1 << 33, [])]))]
    #expect {
      try StoredAnswers(wide, indexBound: Int.max)
    } throws: { error in
      guard case SnapshotError.damaged(let reason) = error else { return false }
      return reason.contains("32 bits")
    }
    // Two answers to one query (what a file read checks with the same rule).
    answers.append(answers[1])
    #expect {
      try StoredAnswers(answers, indexBound: 10)
    } throws: { error in
      guard case SnapshotError.damaged(let reason) = error else { return false }
      return reason.contains("repeats a query")
    }
  }

  @Test("answers ranked by other rules (another RankingRules.version, or none) or in an older layout are stale")
  func otherRankingRules() throws {
    let scratch = try Scratch()
    let path = scratch.path + "/ranked.answers"
    let answers = [(joined: Array("ab".utf8), result: SearchResult(total: 1, hits: []))]
    try ShortAnswersFile.write(
      StoredAnswers(answers, indexBound: 10),
      identity: 42,
      rankingVersion: RankingRules.version,
      toFile: path
    )
    let read = try ShortAnswersFile.read(fromFile: path, identity: 42, indexBound: 10).answers
    #expect(read.keys.map { $0 } == [Array("ab".utf8)])
    #expect {
      try ShortAnswersFile.read(
        fromFile: path,
        identity: 42,
        rankingVersion: RankingRules.version + 1,
        indexBound: 10
      )
    } throws: { error in
      guard case SnapshotError.stale(let reason) = error else { return false }
      return reason.contains("ranked by other rules")
    }
    // A file written before the rules had a version has no section for it: stale as well.
    var writer = SnapshotWriter()
    writer.add("answers.identity", [UInt64(42)])
    try writer.write(toFile: path)
    #expect {
      try ShortAnswersFile.read(fromFile: path, identity: 42, indexBound: 10)
    } throws: { error in
      guard case SnapshotError.stale = error else { return false }
      return true
    }
    // A file of these rules in the earlier layout (64-bit hits, "answers.indices"): stale, not damaged.
    var older = SnapshotWriter()
    older.add("answers.identity", [UInt64(42)])
    older.add("answers.ranking", [RankingRules.version])
    older.add("answers.indices", [Int64(1)])
    try older.write(toFile: path)
    #expect {
      try ShortAnswersFile.read(fromFile: path, identity: 42, indexBound: 10)
    } throws: { error in
      guard case SnapshotError.stale(let reason) = error else { return false }
      return reason.contains("older engine")
    }
  }

  @Test("an edited catalog neither takes nor writes answers; a changed catalog file's answers replace the old ones")
  func editedAndChangedCatalogs() async throws {
    let scratch = try Scratch()
    let first = try await Self.load(scratch)
    try await first.catalog.prepareShortQueries(Self.budgets())
    let files = try Self.answersFiles(scratch)
    #expect(files.count == 1)
    let written = try Data(contentsOf: URL(fileURLWithPath: files[0]))

    let edited = first.catalog.adding([CatalogItem(id: "new", title: "aardvark zebra")])
    #expect(edited.answersFile == nil)
    let report = try await edited.prepareShortQueries(Self.budgets())
    #expect(report.fromFile == 0 && report.prepared == Self.preparedCount)
    #expect(try Data(contentsOf: URL(fileURLWithPath: files[0])) == written)
    #expect(
      try await edited.search(SearchQuery(text: "aa", limit: 50)).hits.contains { edited.id(at: $0.index) == "new" }
    )

    // The same file with other content: its old answers are stale, reported, and replaced in the same file.
    let path = scratch.path + "/catalog-7.json"
    try Data(CatalogSnapshotTests.jsonCatalog(seed: 8, count: 3_000)).write(to: URL(fileURLWithPath: path))
    let changed = try await CatalogCache(directory: scratch.cache).load(path: path)
    #expect(changed.catalog.answersFile?.path == first.catalog.answersFile?.path)
    #expect(changed.catalog.answersFile?.identity != first.catalog.answersFile?.identity)
    let fresh = try await changed.catalog.prepareShortQueries(Self.budgets())
    #expect(fresh.fromFile == 0 && fresh.prepared == Self.preparedCount)
    #expect(fresh.problem?.contains("stale") == true)
    #expect(try Self.answersFiles(scratch) == files)
    try await Self.expectStoredAnswersMatchSearch(changed.catalog)
  }
}
