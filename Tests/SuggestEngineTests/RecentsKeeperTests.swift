import SuggestEngine
import Synchronization
import TestSupport
import Testing

/// A wall clock that moves only when told to, in milliseconds.
private final class TestTime: Sendable {
  private let milliseconds: Atomic<Int64>

  init(_ start: Int64) {
    milliseconds = Atomic(start)
  }

  func advance(by delta: Int64) {
    milliseconds.add(delta, ordering: .sequentiallyConsistent)
  }

  @Sendable func now() -> Int64 {
    milliseconds.load(ordering: .sequentiallyConsistent)
  }
}

@Suite struct RecentsKeeperTests {
  @Test("without a state directory recents live in memory", .scaledTimeLimit(minutes: 1))
  func inMemory() async throws {
    let time = TestTime(1_000)
    let keeper = RecentsKeeper(stateDirectory: nil, maxCount: 3, now: time.now)
    #expect(keeper.loadDiagnostic == nil)
    #expect(keeper.stateFile == nil)
    _ = try await keeper.add(text: "iPhone", id: "iphone", catalog: "default")
    time.advance(by: 10)
    let entries = try await keeper.add(text: "iPad", catalog: "default")
    #expect(
      entries == [
        RecentEntry(text: "iPad", lastUsed: 1_010), RecentEntry(text: "iPhone", id: "iphone", lastUsed: 1_000),
      ]
    )
    let removal = try await keeper.remove(id: "iphone", catalog: "default")
    #expect(removal.removed)
    #expect(removal.entries.map(\.text) == ["iPad"])
    try await keeper.clear(catalog: "default")
    #expect(keeper.entries(catalog: "default").isEmpty)
  }

  @Test("each change is on disk when it returns, with no temporary file left", .scaledTimeLimit(minutes: 1))
  func durableChanges() async throws {
    let directory = try RecentsScratchDirectory()
    let time = TestTime(newYear2026Milliseconds)
    let keeper = RecentsKeeper(stateDirectory: directory.path, maxCount: 5, now: time.now)
    let file = RecentsFile(directory: directory.path)
    func onDisk() -> RecentsBook { file.load(maxCount: 5, now: 0).book }

    _ = try await keeper.add(text: "MacBook Air", id: "mba", catalog: "default")
    #expect(onDisk() == keeper.book)
    #expect(
      onDisk()[catalog: "default"].entries == [
        RecentEntry(text: "MacBook Air", id: "mba", lastUsed: newYear2026Milliseconds)
      ]
    )
    #expect(directory.names() == ["recents.json"])

    time.advance(by: 5)
    _ = try await keeper.add(text: "macbook air", catalog: "default")
    #expect(onDisk()[catalog: "default"].entries.first?.count == 2)
    _ = try await keeper.add(text: "Jazz", catalog: "music")
    #expect(onDisk() == keeper.book)

    let removal = try await keeper.remove(text: "JAZZ", catalog: "music")
    #expect(removal.removed)
    #expect(onDisk()[catalog: "music"].isEmpty)

    try await keeper.setMaxCount(0)
    #expect(onDisk().isEmpty)
    try await keeper.setMaxCount(5)
    _ = try await keeper.add(text: "Vision Pro", catalog: "default")
    try await keeper.clear(catalog: "default")
    #expect(onDisk().isEmpty)
    #expect(directory.names() == ["recents.json"])
  }

  @Test("a restarted keeper finds the recents its predecessor saved", .scaledTimeLimit(minutes: 1))
  func survivesRestart() async throws {
    let directory = try RecentsScratchDirectory()
    let time = TestTime(100)
    do {
      let keeper = RecentsKeeper(stateDirectory: directory.path, now: time.now)
      _ = try await keeper.add(text: "AirPods", catalog: "default")
      _ = try await keeper.add(text: "HomePod", id: "homepod", catalog: "audio")
    }
    let restarted = RecentsKeeper(stateDirectory: directory.path, now: time.now)
    #expect(restarted.loadDiagnostic == nil)
    #expect(restarted.entries(catalog: "default").map(\.text) == ["AirPods"])
    #expect(restarted.entries(catalog: "audio") == [RecentEntry(text: "HomePod", id: "homepod", lastUsed: 100)])
  }

  @Test(
    "a corrupt state file is reported at start; the keeper starts empty and saves over it",
    .scaledTimeLimit(minutes: 1)
  )
  func corruptAtStart() async throws {
    let directory = try RecentsScratchDirectory()
    try directory.write(Array("{ definitely not recents".utf8), to: "recents.json")
    let keeper = RecentsKeeper(stateDirectory: directory.path, now: { newYear2026Milliseconds })
    let diagnostic = try #require(keeper.loadDiagnostic)
    #expect(problemKind(diagnostic.problem) == "invalidJSON")
    #expect(keeper.book.isEmpty)
    _ = try await keeper.add(text: "iMac", catalog: "default")
    #expect(directory.names() == ["recents.json", "recents.json.corrupt-20260101T000000Z"])
    #expect(RecentsFile(directory: directory.path).load(maxCount: 5, now: 0).book == keeper.book)
  }

  @Test("a change that cannot be saved throws and is not made", .scaledTimeLimit(minutes: 1))
  func failedSaveRollsBack() async throws {
    let directory = try RecentsScratchDirectory()
    try directory.write([0x78], to: "not-a-directory")
    let keeper = RecentsKeeper(stateDirectory: directory.appending("not-a-directory"), now: { 1 })
    await #expect(throws: RecentsSaveError.self) { _ = try await keeper.add(text: "iPhone", catalog: "default") }
    #expect(keeper.book.isEmpty)
    do {
      _ = try await keeper.add(text: "iPhone", catalog: "default")
      Issue.record("the save should have failed")
    } catch {
      #expect(error.stage == .createDirectory)
      #expect(error.description.contains("Not a directory"))
    }
    // A removal that removes nothing has nothing to save, so it cannot fail.
    let removal = try await keeper.remove(text: "iPhone", catalog: "default")
    #expect(!removal.removed)
  }

  @Test(
    "concurrent changes are saved one at a time and the file ends with the latest state",
    .scaledTimeLimit(minutes: 1)
  )
  func concurrentChanges() async throws {
    let directory = try RecentsScratchDirectory()
    let keeper = RecentsKeeper(stateDirectory: directory.path, maxCount: 8, now: { 7 })
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask {
          let text = "query \(index)"
          let catalog = "catalog \(index % 4)"
          let entries = try await keeper.add(text: text, catalog: catalog)
          // The answer reflects this change: its own entry is the newest.
          #expect(entries.first?.text == text)
          if index % 10 == 0 { _ = try await keeper.remove(text: text, catalog: catalog) }
        }
      }
      try await group.waitForAll()
    }
    let book = keeper.book
    #expect(book.stores.count == 4)
    #expect(book.stores.values.allSatisfy { $0.entries.count <= 8 })
    #expect(RecentsFile(directory: directory.path).load(maxCount: 8, now: 0).book == book)
    #expect(directory.names() == ["recents.json"])
  }

  @Test("the frecency table comes from the catalog's recents at the keeper's time", .scaledTimeLimit(minutes: 1))
  func frecency() async throws {
    let time = TestTime(0)
    let keeper = RecentsKeeper(stateDirectory: nil, now: time.now)
    _ = try await keeper.add(text: "Apple Watch", id: "watch", catalog: "default")
    time.advance(by: Frecency.defaultHalfLife)
    let table = keeper.frecencyTable(catalog: "default")
    #expect(table.boost(forID: "watch") == 0.25)
    #expect(keeper.frecencyTable(catalog: "other").isEmpty)
  }
}
