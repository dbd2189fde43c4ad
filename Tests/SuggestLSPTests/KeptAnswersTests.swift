import Foundation
import SuggestEngine
import Testing

@testable import suggest_lsp

/// A catalog read from its snapshot is served with the answers to the first keystrokes that an earlier start kept
/// beside it (contract §9): its first keystroke after a start is answered from them, not scanned.
@Suite struct KeptAnswersTests {
  @Test("a catalog read from its snapshot is served with its kept answers already taken")
  func servedWithKeptAnswers() async throws {
    let directory = try TemporaryDirectory()
    let file = try SnapshotEndToEndTests.catalog(in: directory)
    let cache = CatalogCache(directory: directory.file("cache"))
    let first = try await cache.load(path: file)
    let prepared = try await first.catalog.prepareShortQueries()
    #expect(prepared.prepared > 0 && prepared.problem == nil)
    let second = try await cache.load(path: file)
    #expect(second.fromSnapshot)

    let server = SuggestServer(options: CommandLineOptions(), catalogs: CatalogRegistry(), catalogCache: cache)
    // The background preparation waits long enough for this test to end first.
    server.serve(second, named: "pkgs", preparingAfter: .seconds(600))
    // Gone from the disk: only answers taken before the catalog was served can be found now.
    let answers = try FileManager.default.contentsOfDirectory(atPath: directory.file("cache"))
      .filter { $0.hasSuffix(".answers") }
    #expect(answers.count == 1)
    for name in answers { try FileManager.default.removeItem(atPath: directory.file("cache") + "/" + name) }
    let served = try #require(server.catalogs.catalog(named: "pkgs"))
    let report = try await served.prepareShortQueries()
    #expect(report.fromFile == prepared.prepared && report.prepared == 0 && report.problem == nil)
  }
}
