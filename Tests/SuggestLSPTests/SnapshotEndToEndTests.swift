import Foundation
import JSONKit
import Testing

@testable import suggest_lsp

/// The daemon with a snapshot cache (contract §9), as a process: the first start builds and stores the snapshot,
/// the next start reads it and answers the same, a damaged snapshot is reported and rebuilt, and two daemons
/// starting together on one cache directory both serve.
@Suite struct SnapshotEndToEndTests {
  /// A TSV catalog with enough rows to rank.
  static func catalog(in directory: TemporaryDirectory) throws -> String {
    var text = "name\tversion\tmonth\trank\tsummary\n"
    let words = ["requests", "flask", "django", "numpy", "pandas", "pytest", "rich", "httpx", "attrs", "click"]
    for (index, word) in words.enumerated() {
      for suffix in ["", "-cli", "-utils", "-stubs", "_plugin"] {
        text += "\(word)\(suffix)\t1.0\t2026-01\t\(index * 5 + suffix.count + 1)\t\(word) tools \(suffix)\n"
      }
    }
    return try directory.write("packages.tsv", text)
  }

  static let requests = [
    TestDaemon.line(1, "search/filter", ["query": "reqeusts", "limit": 10]),
    TestDaemon.line(2, "search/complete", ["query": "py", "field": "b"]),
    TestDaemon.line(3, "catalog/stats"),
    TestDaemon.line(4, "search/filter", ["query": "tools", "field": "c"]),
  ].joined()

  /// Runs one daemon over the requests and returns its replies by id and its stderr.
  static func serve(_ arguments: [String]) async throws -> (replies: [JSONValue], stderr: String) {
    let daemon = try DaemonProcess(arguments: ["--log-level", "info"] + arguments)
    daemon.send(requests)
    let (status, replies) = await daemon.finish()
    #expect(status == 0, "\(daemon.standardError)")
    let sorted = replies.sorted {
      ($0["id"]?.numberValue?.description ?? "") < ($1["id"]?.numberValue?.description ?? "")
    }
    return (sorted, daemon.standardError)
  }

  @Test("first start builds and stores the snapshot; the next reads it and answers the same; damage is rebuilt")
  func startFromSnapshot() async throws {
    let directory = try TemporaryDirectory()
    let catalog = try Self.catalog(in: directory)
    let cache = directory.file("cache")
    let arguments = ["--cache-dir", cache, "--catalog", catalog]
    let cold = try await Self.serve(arguments)
    #expect(cold.stderr.contains("built; snapshot"), "\(cold.stderr)")
    // Written after the daemon is ready, and before it exits.
    #expect(cold.stderr.contains("(written once served)") && cold.stderr.contains(" written in "), "\(cold.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: cache)
    #expect(files.count == 1 && files[0].hasSuffix(".snapshot"), "\(files)")
    let warm = try await Self.serve(arguments)
    #expect(warm.stderr.contains("read from"), "\(warm.stderr)")
    #expect(warm.replies == cold.replies)
    #expect(cold.replies.count == 4)

    let snapshot = cache + "/" + files[0]
    var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: snapshot)))
    bytes[bytes.count / 2] ^= 0xFF
    try Data(bytes).write(to: URL(fileURLWithPath: snapshot))
    let damaged = try await Self.serve(arguments)
    #expect(damaged.stderr.contains("not used (it is damaged"), "\(damaged.stderr)")
    #expect(damaged.replies == cold.replies)
    let repaired = try await Self.serve(arguments)
    #expect(repaired.stderr.contains("read from"), "\(repaired.stderr)")
    #expect(repaired.replies == cold.replies)
  }

  @Test("two daemons starting together on one empty cache directory both serve the same answers")
  func twoDaemons() async throws {
    let directory = try TemporaryDirectory()
    let catalog = try Self.catalog(in: directory)
    let arguments = ["--log-level", "info", "--cache-dir", directory.file("cache"), "--catalog", catalog]
    let first = try DaemonProcess(arguments: arguments)
    let second = try DaemonProcess(arguments: arguments)
    first.send(Self.requests)
    second.send(Self.requests)
    let (firstStatus, firstReplies) = await first.finish()
    let (secondStatus, secondReplies) = await second.finish()
    #expect(firstStatus == 0 && secondStatus == 0)
    #expect(firstReplies.count == 4 && Set(firstReplies) == Set(secondReplies))
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.file("cache"))
    #expect(files.count == 1, "\(files)")
    let third = try await Self.serve(Array(arguments.dropFirst(2)))
    #expect(third.stderr.contains("read from"))
    #expect(Set(third.replies) == Set(firstReplies))
  }

  @Test("catalog/load {path} goes through the cache too, and catalog/add edits on top of a snapshot")
  func loadRequest() async throws {
    // A process of its own, like the other tests here: an in-process daemon shares the test runner's threads with
    // the CPU-heavy oracle suites, and its catalog build could wait on them past the reply timeout.
    let directory = try TemporaryDirectory()
    let catalog = try Self.catalog(in: directory)
    let cache = directory.file("cache")
    let requests = [
      TestDaemon.line(1, "catalog/load", ["path": .string(catalog), "catalog": "pkgs"]),
      TestDaemon.line(
        2,
        "catalog/add",
        ["catalog": "pkgs", "items": [["id": "requests", "title": "requests", "weight": 99], ["title": "zzz-new"]]]
      ),
      TestDaemon.line(3, "search/filter", ["catalog": "pkgs", "query": "zzz"]),
    ].joined()
    for round in 0..<2 {
      let daemon = try DaemonProcess(arguments: ["--log-level", "info", "--cache-dir", cache])
      daemon.send(requests)
      let (status, replies) = await daemon.finish()
      #expect(status == 0, "round \(round): \(daemon.standardError)")
      func result(_ id: Int) -> JSONValue? {
        replies.first { $0["id"]?.numberValue?.description == "\(id)" }?["result"]
      }
      #expect(result(1)?["items"] == 50, "round \(round): \(replies)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: cache).count == 1)
      #expect(result(2)?["items"] == 51, "round \(round): \(replies)")
      #expect(result(3)?["items"]?[0]?["title"] == "zzz-new", "round \(round): \(replies)")
      #expect(
        daemon.standardError.contains(round == 0 ? "built; snapshot" : "read from"),
        "round \(round): \(daemon.standardError)"
      )
    }
  }
}
