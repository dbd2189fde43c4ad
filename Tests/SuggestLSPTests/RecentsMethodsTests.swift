import Foundation
import JSONKit
import SuggestEngine
import TestSupport
import Testing

@testable import suggest_lsp

/// `recents/add`, `recents/list`, `recents/remove`, `recents/clear`: dedupe, cap, catalogs, persistence.
@Suite(.scaledTimeLimit(minutes: 1)) struct RecentsMethodsTests {
  private func texts(_ result: JSONValue) -> [String] {
    result["recents"]?.strings("text") ?? []
  }

  private func list(_ daemon: TestDaemon, catalog: String = "default") async throws -> JSONValue {
    try await daemon.result("recents/list", ["catalog": .string(catalog)])
  }

  @Test("add answers with the recents, newest first, each with its count and last use; list gives the same")
  func addAndList() async throws {
    let daemon = try await TestDaemon()
    #expect(try await list(daemon)["recents"] == [])
    let before = RecentsKeeper.wallClockMilliseconds()
    let first = try await daemon.result("recents/add", ["text": "iPod touch", "id": "ipod-touch"])
    #expect(texts(first) == ["iPod touch"])
    let entry = try #require(first["recents"]?[0])
    #expect(entry["id"] == "ipod-touch")
    #expect(entry["count"] == 1)
    let lastUsed = try #require(entry["lastUsed"]?.numberValue?.int64Value)
    #expect(lastUsed >= before && lastUsed <= RecentsKeeper.wallClockMilliseconds())

    _ = try await daemon.result("recents/add", ["text": "wireless headphones"])
    let third = try await daemon.result("recents/add", ["text": "MacBook Air", "id": "macbook-air"])
    #expect(texts(third) == ["MacBook Air", "wireless headphones", "iPod touch"])
    #expect(third["recents"]?[1]?["id"] == nil)
    let listed = try await list(daemon)
    #expect(listed == third)
    let times = (listed["recents"]?.arrayValue ?? []).compactMap { $0["lastUsed"]?.numberValue?.int64Value }
    #expect(times.count == 3)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 >= $1 })
    await daemon.finish()
  }

  @Test("no duplicates: the same id or the same folded text moves the entry to the front and counts the use")
  func dedupe() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("recents/add", ["text": "Pokémon", "id": "p"])
    _ = try await daemon.result("recents/add", ["text": "zelda"])
    _ = try await daemon.result("recents/add", ["text": "mario"])
    // Same folded text, other spelling: the newest spelling wins; the id is kept.
    let respelled = try await daemon.result("recents/add", ["text": "POKEMON"])
    #expect(texts(respelled) == ["POKEMON", "mario", "zelda"])
    #expect(respelled["recents"]?[0]?["id"] == "p")
    #expect(respelled["recents"]?[0]?["count"] == 2)
    // Same id, other text.
    let byID = try await daemon.result("recents/add", ["text": "Pokemon Red", "id": "p"])
    #expect(texts(byID) == ["Pokemon Red", "mario", "zelda"])
    #expect(byID["recents"]?[0]?["count"] == 3)
    // Folding covers case, diacritics and width.
    let wide = try await daemon.result("recents/add", ["text": "ＭＡＲＩＯ"])
    #expect(texts(wide) == ["ＭＡＲＩＯ", "Pokemon Red", "zelda"])
    #expect(wide["recents"]?[0]?["count"] == 2)
    await daemon.finish()
  }

  @Test("the cap: --max-recents keeps the newest; the default is 5")
  func cap() async throws {
    let byDefault = try await TestDaemon()
    for index in 1...8 { _ = try await byDefault.result("recents/add", ["text": .string("query \(index)")]) }
    #expect(texts(try await list(byDefault)) == (4...8).reversed().map { "query \($0)" })
    await byDefault.finish()

    let three = try await TestDaemon(["--max-recents", "3"])
    for index in 1...5 { _ = try await three.result("recents/add", ["text": .string("query \(index)")]) }
    #expect(texts(try await list(three)) == ["query 5", "query 4", "query 3"])
    // Re-using an old entry keeps it and drops the oldest other.
    _ = try await three.result("recents/add", ["text": "query 3"])
    #expect(texts(try await list(three)) == ["query 3", "query 5", "query 4"])
    await three.finish()

    let none = try await TestDaemon(["--max-recents", "0"])
    #expect(try await none.result("recents/add", ["text": "x"])["recents"] == [])
    await none.finish()
  }

  @Test("initializationOptions.maxRecents changes the cap and trims the recents already kept")
  func capFromInitialize() async throws {
    let daemon = try await TestDaemon()
    for index in 1...5 { _ = try await daemon.result("recents/add", ["text": .string("q\(index)")]) }
    let initialized = try await daemon.result("initialize", ["initializationOptions": ["maxRecents": 2]])
    #expect(initialized["capabilities"]?["suggest"]?["maxRecents"] == 2)
    #expect(texts(try await list(daemon)) == ["q5", "q4"])
    _ = try await daemon.result("recents/add", ["text": "q6"])
    #expect(texts(try await list(daemon)) == ["q6", "q5"])
    await daemon.finish()
  }

  @Test("remove by text (folded) or by id; clear; each catalog has its own recents")
  func removeClearCatalogs() async throws {
    let daemon = try await TestDaemon()
    _ = try await daemon.result("recents/add", ["text": "Crème brûlée", "id": "c"])
    _ = try await daemon.result("recents/add", ["text": "tiramisu"])
    _ = try await daemon.result("recents/add", ["text": "flan", "id": "f"])
    _ = try await daemon.result("recents/add", ["text": "jazz", "catalog": "music"])

    let byText = try await daemon.result("recents/remove", ["text": "CREME BRULEE"])
    #expect(byText["removed"] == true)
    #expect(texts(byText) == ["flan", "tiramisu"])
    let byID = try await daemon.result("recents/remove", ["id": "f"])
    #expect(byID["removed"] == true)
    #expect(texts(byID) == ["tiramisu"])
    let missing = try await daemon.result("recents/remove", ["text": "nothing like it"])
    #expect(missing["removed"] == false)
    #expect(texts(missing) == ["tiramisu"])
    // Another catalog's entry is not touched by this catalog's remove.
    #expect(try await daemon.result("recents/remove", ["text": "jazz"])["removed"] == false)
    #expect(texts(try await list(daemon, catalog: "music")) == ["jazz"])

    let cleared = try await daemon.result("recents/clear")
    #expect(cleared["recents"] == [])
    #expect(try await list(daemon)["recents"] == [])
    #expect(texts(try await list(daemon, catalog: "music")) == ["jazz"])
    _ = try await daemon.result("recents/clear", ["catalog": "music"])
    #expect(try await list(daemon, catalog: "music")["recents"] == [])
    // The empty query of search/complete shows the catalog's own recents.
    _ = try await daemon.result("recents/add", ["text": "bebop", "catalog": "music"])
    _ = try await daemon.result("catalog/load", ["catalog": "music", "items": [["title": "Bebop"]]])
    let popup = try await daemon.result("search/complete", ["query": "", "catalog": "music"])
    #expect(popup.section("recent")?.strings("label") == ["bebop"])
    #expect(try await daemon.result("search/complete", ["query": ""]).section("recent")?.isEmpty == true)
    await daemon.finish()
  }

  @Test("recents changes and reads take effect in the order written", arguments: 0..<5)
  func ordering(round: Int) async throws {
    let daemon = try await TestDaemon()
    // Reads written before the first add never see it.
    var text =
      TestDaemon.line(10, "recents/list") + TestDaemon.line(11, "search/complete", ["query": "", "field": "early"])
    for index in 1...4 { text += TestDaemon.line(index, "recents/add", ["text": .string("t\(index)")]) }
    text += TestDaemon.line(5, "recents/list")
    text += TestDaemon.line(6, "recents/remove", ["text": "t2"])
    text += TestDaemon.line(7, "search/complete", ["query": ""])
    text += TestDaemon.line(8, "recents/clear")
    text += TestDaemon.line(9, "recents/list")
    daemon.write(text)
    let replies = await daemon.waitForReplies(count: 11)
    func reply(_ id: Int) -> JSONValue? { replies.first { $0["id"] == .number(JSONNumber(id)) }?["result"] }
    #expect(reply(10)?["recents"] == [])
    #expect(reply(11)?.section("recent")?.isEmpty == true)
    #expect(reply(5).map(texts) == ["t4", "t3", "t2", "t1"])
    #expect(reply(7)?.section("recent")?.strings("label") == ["t4", "t3", "t1"])
    #expect(reply(9)?["recents"] == [])
    await daemon.finish()
  }

  @Test("invalid params are -32602 naming the field")
  func invalidParams() async throws {
    let daemon = try await TestDaemon()
    let cases: [(method: String, params: JSONValue, message: String)] = [
      ("recents/add", [:], "params.text: expected a string, got nothing"),
      ("recents/add", ["text": 5], "params.text: expected a string, got a number"),
      ("recents/add", ["text": ""], "params.text: expected a non-empty string"),
      ("recents/add", ["text": "  "], "params.text: expected a non-empty string"),
      ("recents/add", ["text": "a", "id": 5], "params.id: expected a string"),
      ("recents/add", ["text": "a", "catalog": ""], "params.catalog: expected a non-empty string"),
      ("recents/remove", [:], "params: expected \"text\" or \"id\""),
      ("recents/remove", ["text": true], "params.text: expected a string"),
      ("recents/list", ["catalog": 1], "params.catalog: expected a string"),
      ("recents/clear", ["catalog": []], "params.catalog: expected a string"),
    ]
    for (method, params, message) in cases {
      let error = try await daemon.error(method, params)
      #expect(error["code"] == -32602, "\(method) \(params.serializedString())")
      let text = error["message"]?.stringValue ?? ""
      #expect(text.hasPrefix(message), "\(method) \(params.serializedString()) → \(text)")
    }
    #expect(try await list(daemon)["recents"] == [])
    await daemon.finish()
  }

  @Test("with --state-dir, recents survive a restart, per catalog, with counts and times, capped at load")
  func persistence() async throws {
    let directory = try TemporaryDirectory()
    let first = try await TestDaemon(["--state-dir", directory.path])
    _ = try await first.result("recents/add", ["text": "one", "id": "1"])
    _ = try await first.result("recents/add", ["text": "two"])
    _ = try await first.result("recents/add", ["text": "one", "id": "1"])
    _ = try await first.result("recents/add", ["text": "üñíçødé ☃", "catalog": "other/../../x"])
    let saved = try await list(first)
    let savedOther = try await list(first, catalog: "other/../../x")
    #expect(FileManager.default.fileExists(atPath: directory.file(RecentsFile.fileName)))
    await first.finish()

    let second = try await TestDaemon(["--state-dir", directory.path])
    #expect(try await list(second) == saved)
    #expect(try await list(second, catalog: "other/../../x") == savedOther)
    #expect(saved["recents"]?[0]?["count"] == 2)
    // The catalog name never became a path: the directory holds only the state file.
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    #expect(names == [RecentsFile.fileName])
    _ = try await second.result("recents/remove", ["id": "1"])
    await second.finish()

    let third = try await TestDaemon(["--state-dir", directory.path, "--max-recents", "1"])
    #expect(texts(try await list(third)) == ["two"])
    await third.finish()
  }

  @Test("a corrupt state file is set aside and reported; the daemon starts with no recents and saves anew")
  func corruptStateFile() async throws {
    let directory = try TemporaryDirectory()
    try directory.write(RecentsFile.fileName, "{ this is not json")
    let daemon = try await TestDaemon(["--state-dir", directory.path])
    let diagnostic = try #require(daemon.server.recents.loadDiagnostic)
    #expect(diagnostic.description.contains(directory.file(RecentsFile.fileName)))
    let setAside = try #require(diagnostic.setAsidePath)
    #expect(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: setAside)), as: UTF8.self) == "{ this is not json"
    )
    #expect(try await list(daemon)["recents"] == [])
    _ = try await daemon.result("recents/add", ["text": "fresh"])
    await daemon.finish()
    let restarted = try await TestDaemon(["--state-dir", directory.path])
    #expect(restarted.server.recents.loadDiagnostic == nil)
    #expect(texts(try await list(restarted)) == ["fresh"])
    await restarted.finish()
  }

  @Test("without --state-dir nothing is written and nothing survives")
  func memoryOnly() async throws {
    let first = try await TestDaemon()
    _ = try await first.result("recents/add", ["text": "ephemeral"])
    #expect(first.server.recents.stateFile == nil)
    await first.finish()
    let second = try await TestDaemon()
    #expect(try await list(second)["recents"] == [])
    await second.finish()
  }

  @Test("a state directory that cannot be written: -32603, the recents unchanged, searches still served")
  func unwritableStateDirectory() async throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write("not-a-directory", "x")
    let daemon = try await TestDaemon(["--state-dir", file + "/state"])
    #expect(daemon.server.recents.loadDiagnostic != nil)
    let error = try await daemon.error("recents/add", ["text": "lost"])
    #expect(error["code"] == -32603)
    #expect(error["message"]?.stringValue?.contains("recents could not be saved") == true)
    #expect(try await list(daemon)["recents"] == [])
    #expect(try await daemon.result("search/complete", ["query": "ipad"]).section("suggestions")?.isEmpty == false)
    await daemon.finish()
  }
}
