import RPCKit
import Testing

@Suite struct FramingErrorTests {
  @Test(
    "descriptions read as JSON-RPC error messages",
    arguments: [
      (FramingError.missingContentLength, "Missing Content-Length header"),
      (.invalidContentLength("-5"), "Invalid Content-Length \"-5\": expected a decimal byte count"),
      (.conflictingContentLength(first: 2, second: 3), "Conflicting Content-Length headers: 2 and 3"),
      (.headerTooLarge(limit: 8192), "Message header exceeds the limit of 8192 bytes"),
      (.malformedHeaderLine("garbage"), "Malformed header line \"garbage\": expected \"Name: value\""),
      (.unsupportedCharset("latin1"), "Unsupported charset \"latin1\": only utf-8 is accepted"),
      (
        .bodyTooLarge(length: 99_999_999_999, limit: 16_777_216),
        "Content-Length 99999999999 exceeds the limit of 16777216 bytes"
      ),
      (.lineTooLong(limit: 16_777_216), "Line exceeds the limit of 16777216 bytes"),
      (.truncatedHeader, "Input ended inside a message header"),
      (.truncatedBody(expected: 10, received: 4), "Input ended after 4 of 10 body bytes"),
    ]
  )
  func descriptions(_ error: FramingError, _ description: String) {
    #expect(error.description == description)
    #expect("\(error)" == description)
  }

  @Test("framing modes are spelled as the --framing option")
  func modeSpellings() {
    #expect(FramingMode.allCases.map(\.rawValue) == ["auto", "lsp", "ndjson"])
    #expect(FramingMode(rawValue: "ndjson") == .ndjson)
    #expect(FramingMode(rawValue: "LSP") == nil)
  }
}
