import JSONKit
import RPCTestSupport
import TestSupport
import Testing

/// Large inline catalogs: their params are parsed off the reader (``ConnectionOptions/paramsOffReaderBytes``), yet
/// every request is answered once and sees the writes sent before it, in a daemon process of its own.
@Suite(.scaledTimeLimit(minutes: 2)) struct LargeMessageTests {
  /// A `catalog/load` of `count` items into catalog `big` (about 60 bytes an item).
  private static func load(_ id: Int, count: Int) -> String {
    let items: [JSONValue] = (0..<count).map { index in
      ["id": .string("i\(index)"), "title": .string("item-\(index) of the big catalog"), "weight": 1]
    }
    return TestDaemon.line(id, "catalog/load", ["catalog": "big", "items": .array(items)])
  }

  @Test("writes and reads around large inline catalog/loads apply in arrival order, each answered once")
  func orderAroundLargeLoads() async throws {
    let daemon = try DaemonProcess()
    let padding = JSONValue.string(String(repeating: "p", count: 512 << 10))
    let requests = [
      Self.load(1, count: 20_000),
      TestDaemon.line(2, "catalog/stats", ["catalog": "big"]),
      TestDaemon.line(3, "search/filter", ["catalog": "big", "query": "item-19999"]),
      TestDaemon.line(4, "catalog/load", ["catalog": "big", "items": [["title": "only"]]]),
      TestDaemon.line(5, "catalog/stats", ["catalog": "big"]),
      // Large, with params that do not decode: answered -32602, and the requests after it still go.
      TestDaemon.line(6, "catalog/load", ["catalog": "big", "items": "not an array", "pad": padding]),
      TestDaemon.line(7, "catalog/stats", ["catalog": "big"]),
      // Large, and not JSON past its envelope: answered -32700 with its id.
      #"{"jsonrpc":"2.0","id":8,"method":"catalog/load","params":{"catalog":"big","items":["#
        + String(repeating: #"{"title":"x"},"#, count: 40_000) + "]]}\n",
      Self.load(9, count: 30_000),
      TestDaemon.line(10, "recents/add", ["catalog": "big", "text": "item-29999", "id": "i29999"]),
      TestDaemon.line(11, "recents/list", ["catalog": "big"]),
      TestDaemon.line(12, "catalog/stats", ["catalog": "big"]),
    ].joined()
    daemon.sendInBackground(Array(requests.utf8), thenClose: true)
    let (status, replies) = await daemon.waitForExit()
    #expect(status == 0, "\(daemon.standardError)")
    #expect(replies.count == 12)
    var byID: [Int: JSONValue] = [:]
    for reply in replies {
      guard let id = reply["id"]?.numberValue?.intValue else { continue }
      #expect(byID[id] == nil, "request \(id) answered twice")
      byID[id] = reply
    }
    #expect(byID[1]?["result"]?["items"] == 20_000)
    #expect(byID[2]?["result"]?["items"] == 20_000)
    #expect(byID[3]?["result"]?["items"]?[0]?["id"] == "i19999")
    #expect(byID[5]?["result"]?["items"] == 1)
    #expect(byID[6]?.errorCode == -32602)
    #expect(byID[7]?["result"]?["items"] == 1)
    #expect(byID[8]?.errorCode == -32700)
    #expect(byID[9]?["result"]?["items"] == 30_000)
    #expect(byID[11]?["result"]?["recents"]?[0]?["id"] == "i29999")
    #expect(byID[12]?["result"]?["items"] == 30_000)
  }
}
