import JSONKit
import Testing

/// An id may be used again once its request is answered, also right after a cancellation: the cancelled query's
/// late bookkeeping must not answer, cancel or supersede the newer request (found by the pygls interop test).
@Suite struct RequestIDReuseTests {
  @Test("a cancelled id reused at once gets its own result", arguments: 0..<20)
  func reuseAfterCancel(round: Int) async throws {
    let daemon = try DaemonProcess()
    daemon.send(
      """
      {"jsonrpc":"2.0","id":"x","method":"search/filter","params":{"query":"ipad","debounceMs":10000,"field":"f"}}
      {"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"x"}}
      {"jsonrpc":"2.0","id":"x","method":"search/filter","params":{"query":"ipad","field":"f","limit":1}}

      """
    )
    let (status, replies) = await daemon.finish()
    #expect(status == 0)
    try #require(replies.count == 2)
    #expect(replies[0]["error"]?["code"] == .number(JSONNumber(-32800)))
    #expect(replies[1]["result"]?["items"]?[0]?["title"] == .string("iPad"), "round \(round): \(replies[1])")
  }
}
