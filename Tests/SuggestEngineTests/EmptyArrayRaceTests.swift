import Testing

@testable import SuggestEngine

/// `Array(unsafeUninitializedCapacity: 0)` stores its count into the standard library's shared empty-array singleton,
/// so two threads doing it at once race (on the singleton every empty array reads). These tests make many threads
/// take the engine's empty paths at once: they check the results, and under ThreadSanitizer
/// (`Scripts/sanitize.sh thread`) they fail if such a write comes back.
@Suite struct EmptyArrayRaceTests {
  /// Runs `body` on `tasks` concurrent tasks and returns how many times it returned `false`.
  private static func failures(tasks: Int = 8, _ body: @escaping @Sendable () async -> Bool) async -> Int {
    await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<tasks { group.addTask { await body() } }
      return await group.reduce(0) { $0 + ($1 ? 0 : 1) }
    }
  }

  @Test("trimming empty arrays with spare capacity on many threads")
  func trimmedEmpty() async {
    let failures = await Self.failures {
      var ok = true
      for _ in 0..<200 {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        let trimmed = bytes.trimmed()
        ok = ok && trimmed.isEmpty && [UInt32]().trimmed().isEmpty
      }
      return ok
    }
    #expect(failures == 0)
  }

  @Test("building catalogs whose subtitles, keywords and ids are all empty, on many threads")
  func emptyColumns() async {
    let failures = await Self.failures {
      let catalog = Catalog(items: [CatalogItem(id: "a", title: "a"), CatalogItem(id: "b", title: "b")])
      return catalog.count == 2 && catalog.item(at: 1)?.subtitle == nil
    }
    #expect(failures == 0)
  }

  @Test("reading empty files and decoding empty parts on many threads")
  func emptyFiles() async throws {
    let directory = try RecentsScratchDirectory()
    for format in ["txt", "jsonl"] { try directory.write([], to: "empty.\(format)") }
    let path = directory.path
    let failures = await Self.failures {
      var ok = true
      for format in ["txt", "jsonl"] {
        let loaded = try? await CatalogLoader.load(path: path + "/empty.\(format)")
        ok = ok && loaded?.items.isEmpty == true
      }
      return ok
    }
    #expect(failures == 0)
  }
}
