import RPCKit
import Testing

/// Bad input: each bad frame gives exactly the expected error, and the stream goes on.
@Suite struct FrameDecoderErrorTests {
  /// The valid message that follows every bad header in the table: it must always be delivered.
  static let valid = Wire.lsp(#"{"valid":true}"#)

  struct BadHeader: Sendable, CustomTestStringConvertible {
    var input: [UInt8]
    var events: [FrameEvent]
    var maxHeaderBytes = FrameDecoder.defaultMaxHeaderBytes
    var testDescription: String { String(reflecting: String(decoding: input.prefix(60), as: UTF8.self)) }

    init(_ input: String, _ events: [FrameEvent], maxHeaderBytes: Int = FrameDecoder.defaultMaxHeaderBytes) {
      self.init(bytes: Array(input.utf8), events, maxHeaderBytes: maxHeaderBytes)
    }

    init(bytes: [UInt8], _ events: [FrameEvent], maxHeaderBytes: Int = FrameDecoder.defaultMaxHeaderBytes) {
      self.input = bytes
      self.events = events
      self.maxHeaderBytes = maxHeaderBytes
    }
  }

  static let badHeaders: [BadHeader] = [
    // Content-Length values: digits only, no sign, must fit in an Int. Then resync on the next Content-Length:.
    BadHeader("Content-Length: -5\r\n\r\n{}", [.error(.invalidContentLength("-5"))]),
    BadHeader("Content-Length: +5\r\n\r\nhello", [.error(.invalidContentLength("+5"))]),
    BadHeader(
      "Content-Length: 99999999999999999999999\r\n\r\n{}",
      [.error(.invalidContentLength("99999999999999999999999"))]
    ),
    BadHeader(
      "Content-Length: 9223372036854775808\r\n\r\n{}",
      [.error(.invalidContentLength("9223372036854775808"))]
    ),
    BadHeader("Content-Length: abc\r\n\r\n{}", [.error(.invalidContentLength("abc"))]),
    BadHeader("Content-Length:\r\n\r\n{}", [.error(.invalidContentLength(""))]),
    BadHeader("Content-Length:   \t\r\n\r\n{}", [.error(.invalidContentLength(""))]),
    BadHeader("Content-Length: 12abc\r\n\r\n{}", [.error(.invalidContentLength("12abc"))]),
    BadHeader("Content-Length: 1 2\r\n\r\n{}", [.error(.invalidContentLength("1 2"))]),
    BadHeader("Content-Length: 0x10\r\n\r\n{}", [.error(.invalidContentLength("0x10"))]),
    BadHeader("Content-Length: 2.0\r\n\r\n{}", [.error(.invalidContentLength("2.0"))]),
    BadHeader("Content-Length: ２\r\n\r\n{}", [.error(.invalidContentLength("２"))]),
    BadHeader(
      "Content-Length: " + String(repeating: "7", count: 60) + "\r\n\r\n{}",
      [.error(.invalidContentLength(String(repeating: "7", count: 40) + "…"))]
    ),
    // Duplicates: the same value is accepted (as HTTP allows), different values are refused.
    BadHeader("Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", [Wire.message("{}")]),
    BadHeader(
      "Content-Length: 2\r\ncontent-length: 3\r\n\r\n{}",
      [.error(.conflictingContentLength(first: 2, second: 3))]
    ),
    // A header block without Content-Length; the body is skipped by resynchronising.
    BadHeader("Content-Type: application/json\r\n\r\n{}", [.error(.missingContentLength)]),
    BadHeader("X-Other: 1\n\n{}", [.error(.missingContentLength)]),
    // Lines that are not `Name: value` with a token name.
    BadHeader("Content-Length 2\r\n\r\n{}", [.error(.malformedHeaderLine("Content-Length 2"))]),
    BadHeader("Content Length: 2\r\n\r\n{}", [.error(.malformedHeaderLine("Content Length: 2"))]),
    BadHeader("Content-Length : 2\r\n\r\n{}", [.error(.malformedHeaderLine("Content-Length : 2"))]),
    BadHeader(" Content-Length: 2\r\n\r\n{}", [.error(.malformedHeaderLine(" Content-Length: 2"))]),
    BadHeader("garbage\r\n", [.error(.malformedHeaderLine("garbage"))]),
    BadHeader(
      "Content-Length: 5\r\ngarbage line\r\n\r\nhello",
      [.error(.malformedHeaderLine("garbage line"))]
    ),
    BadHeader("Content-Length: 2\r\n  \r\n\r\n{}", [.error(.malformedHeaderLine("  "))]),
    BadHeader("{\"jsonrpc\":\"2.0\"}\n", [.error(.malformedHeaderLine("{\"jsonrpc\":\"2.0\"}"))]),
    BadHeader(
      bytes: [0xFF, 0xFE, 0x3A, 0x20, 0x31, 0x0D, 0x0A],
      [.error(.malformedHeaderLine("\u{FFFD}\u{FFFD}: 1"))]
    ),
    BadHeader(
      String(repeating: "é", count: 30) + "\r\n",
      [.error(.malformedHeaderLine(String(repeating: "é", count: 20) + "…"))]
    ),
    // The bad line is dropped; the resync finds a Content-Length on the very next line.
    BadHeader(": 2\r\nContent-Length: 2\r\n\r\n{}", [.error(.malformedHeaderLine(": 2")), Wire.message("{}")]),
    // Charsets: utf-8 and utf8 in any case, quoted or not; any other is refused with its body read exactly, for the
    // reply to name its id (this body contains a Content-Length that a resync would have found).
    BadHeader(
      "Content-Type: application/vscode-jsonrpc; charset=latin1\r\nContent-Length: 17\r\n\r\nContent-Length: 1",
      [.refused(Array("Content-Length: 1".utf8), .unsupportedCharset("latin1"))]
    ),
    BadHeader(
      "Content-Length: 2\r\nContent-Type: text/plain;charset=\"UTF-16\"\r\n\r\n{}",
      [.refused(Array("{}".utf8), .unsupportedCharset("UTF-16"))]
    ),
    BadHeader(
      "Content-Type: application/vscode-jsonrpc; charset=UTF8\r\nContent-Length: 2\r\n\r\n{}",
      [Wire.message("{}")]
    ),
    BadHeader("Content-Type: x; charset=\"utf-8\"\r\nContent-Length: 2\r\n\r\n{}", [Wire.message("{}")]),
    BadHeader("Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", [Wire.message("{}")]),
    // Leading zeros are digits; 19 digits take the general path, 18 the one-pass path for the common form.
    BadHeader("Content-Length: 0000000000000000002\r\n\r\n{}", [Wire.message("{}")]),
    BadHeader("Content-Length: 000000000000000002\r\n\r\n{}", [Wire.message("{}")]),
    BadHeader("Content-Length: 2 \r\n\r\n{}", [Wire.message("{}")]),
    // Header blocks over the limit: one long line, or many short ones.
    BadHeader(
      "Content-Length: 2\r\nX-Junk: " + String(repeating: "a", count: 150) + "\r\n\r\n{}",
      [.error(.headerTooLarge(limit: 100))],
      maxHeaderBytes: 100
    ),
    BadHeader(
      "Content-Length: 2\r\n" + String(repeating: "X-A: b\r\n", count: 20) + "\r\n{}",
      [.error(.headerTooLarge(limit: 100))],
      maxHeaderBytes: 100
    ),
    BadHeader(
      "Content-Length: " + String(repeating: "1", count: 150) + "\r\n\r\n{}",
      [.error(.headerTooLarge(limit: 100))],
      maxHeaderBytes: 100
    ),
  ]

  @Test("a bad header gives its error, and the next valid message is delivered", arguments: badHeaders)
  func badHeader(_ bad: BadHeader) {
    let wire = bad.input + Array(Self.valid.utf8)
    let decoder = FrameDecoder(mode: .lsp, maxHeaderBytes: bad.maxHeaderBytes)
    expectEventsUnderEveryChunking(wire, bad.events + [Wire.message(#"{"valid":true}"#)], decoder: decoder)
  }

  @Test("the header limit counts line ends and the empty line, and is inclusive")
  func headerLimitBoundary() {
    // 21 bytes fit in 21; "Content-Length: 10\r\n\r\n" is 22.
    let wire = "Content-Length: 2\r\n\r\n{}" + "Content-Length: 10\r\n\r\n0123456789" + "Content-Length: 1\r\n\r\nx"
    expectEventsUnderEveryChunking(
      Wire.bytes(wire),
      [Wire.message("{}"), .error(.headerTooLarge(limit: 21)), Wire.message("x")],
      decoder: FrameDecoder(maxHeaderBytes: 21)
    )
  }

  @Test("a header block over the default limit of 8 KiB is refused")
  func defaultHeaderLimit() {
    let junk = "Content-Length: 2\r\nX-Junk: " + String(repeating: "a", count: 9000) + "\r\n\r\n{}"
    var decoder = FrameDecoder()
    let events = decoder.events(feeding: Wire.chunks(Wire.bytes(junk + Self.valid), size: 1000))
    #expect(events == [.error(.headerTooLarge(limit: 8192)), Wire.message(#"{"valid":true}"#)])
  }

  @Test("resynchronisation finds Content-Length: in any case, also right after a body")
  func resyncAnywhere() {
    let wire = "Content-Length: x\r\n\r\n{\"a\":1}content-length: 2\r\n\r\n{}CONTENT-LENGTH: 2\r\n\r\n[]"
    expectEventsUnderEveryChunking(
      Wire.bytes(wire),
      [.error(.invalidContentLength("x")), Wire.message("{}"), Wire.message("[]")]
    )
  }

  @Test("garbage while resynchronising is dropped as it arrives")
  func resyncKeepsBufferSmall() {
    var decoder = FrameDecoder()
    decoder.append(Wire.bytes("Content-Length: nope\r\n"))
    #expect(decoder.next() == .error(.invalidContentLength("nope")))
    let garbage = [UInt8](repeating: UInt8(ascii: "g"), count: 64 << 10)
    for _ in 0..<32 {
      decoder.append(garbage)
      #expect(decoder.next() == nil)
      #expect(decoder.bufferedByteCount <= garbage.count + 15)
    }
    decoder.append(Wire.bytes(Self.valid))
    #expect(decoder.next() == Wire.message(#"{"valid":true}"#))
  }

  @Test("a body over the limit is skipped without being buffered, and the next message arrives")
  func oversizedBodySkipped() {
    let limit = 1 << 20
    let length = 20 << 20
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
    var decoder = FrameDecoder(maxMessageBytes: limit)
    var events: [FrameEvent] = []
    decoder.append(Wire.bytes("Content-Length: \(length)\r\n\r\n"))
    while let event = decoder.next() { events.append(event) }
    #expect(events == [.error(.bodyTooLarge(length: length, limit: limit))])
    var peak = 0
    for _ in 0..<(length / chunk.count) {
      decoder.append(chunk)
      peak = max(peak, decoder.bufferedByteCount)
      while let event = decoder.next() { events.append(event) }
    }
    decoder.append(Wire.bytes(Self.valid))
    while let event = decoder.next() { events.append(event) }
    #expect(peak == 0, "skipped bytes are never copied in")
    #expect(decoder.bufferCapacity <= limit + chunk.count)
    #expect(events == [.error(.bodyTooLarge(length: length, limit: limit)), Wire.message(#"{"valid":true}"#)])
  }

  @Test("an oversized body split anywhere is skipped exactly")
  func oversizedBodyUnderEveryChunking() {
    let wire =
      "Content-Length: 11\r\n\r\n{\"a\":12345}" + Wire.lsp("{\"b\":1}") + "Content-Length: 10\r\n\r\n{\"c\":1234}"
    expectEventsUnderEveryChunking(
      Wire.bytes(wire),
      [.error(.bodyTooLarge(length: 11, limit: 10)), Wire.message("{\"b\":1}"), Wire.message("{\"c\":1234}")],
      decoder: FrameDecoder(maxMessageBytes: 10)
    )
  }

  @Test("a body too large with an unsupported charset reports the size")
  func sizeBeforeCharset() {
    var decoder = FrameDecoder(maxMessageBytes: 1)
    let wire = "Content-Type: a; charset=latin1\r\nContent-Length: 2\r\n\r\n{}" + Wire.lsp("1")
    #expect(
      decoder.events(feeding: [Wire.bytes(wire)[...]]) == [
        .error(.bodyTooLarge(length: 2, limit: 1)), Wire.message("1"),
      ]
    )
  }

  @Test("Content-Length: Int.max is refused as too large and swallows the rest of the stream without buffering")
  func hugeContentLength() {
    var decoder = FrameDecoder()
    let wire = "Content-Length: \(Int.max)\r\n\r\n{}" + Self.valid
    #expect(
      decoder.events(feeding: [Wire.bytes(wire)[...]])
        == [.error(.bodyTooLarge(length: Int.max, limit: FrameDecoder.defaultMaxMessageBytes))]
    )
    #expect(decoder.bufferedByteCount == 0)

    var eighteenDigits = FrameDecoder()
    #expect(
      eighteenDigits.events(feeding: [Wire.bytes("Content-Length: 999999999999999999\r\n\r\n{}" + Self.valid)[...]])
        == [.error(.bodyTooLarge(length: 999_999_999_999_999_999, limit: FrameDecoder.defaultMaxMessageBytes))]
    )
  }

  @Test("an NDJSON line over the limit is discarded without being buffered, and the next line arrives")
  func oversizedLineDiscarded() {
    let limit = 1 << 20
    let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 10)
    var decoder = FrameDecoder(maxMessageBytes: limit)
    var events: [FrameEvent] = []
    decoder.append(Wire.bytes("{\"first\":1}\n{\"long\":\""))
    var peak = 0
    var copiedAfterRefusal = 0
    for _ in 0..<80 {
      decoder.append(chunk)
      peak = max(peak, decoder.bufferedByteCount)
      if events.contains(.error(.lineTooLong(limit: limit))) { copiedAfterRefusal += decoder.bufferedByteCount }
      while let event = decoder.next() { events.append(event) }
    }
    decoder.append(Wire.bytes("\"}\n{\"next\":2}\n"))
    while let event = decoder.next() { events.append(event) }
    #expect(peak <= limit + chunk.count + 1)
    #expect(copiedAfterRefusal == 0, "the rest of a refused line is never copied in")
    #expect(
      events == [Wire.message("{\"first\":1}"), .error(.lineTooLong(limit: limit)), Wire.message("{\"next\":2}")]
    )
  }

  @Test("the NDJSON line limit counts the line without its line end, however it is chunked")
  func lineLimitBoundaries() {
    let wire = "12345678\n12345678\r\n123456789\n         \n{}\n" + "1234567890123\r\n[]\n123456789"
    expectEventsUnderEveryChunking(
      Wire.bytes(wire),
      [
        Wire.message("12345678"), Wire.message("12345678"), .error(.lineTooLong(limit: 8)),
        .error(.lineTooLong(limit: 8)), Wire.message("{}"), .error(.lineTooLong(limit: 8)), Wire.message("[]"),
        .error(.lineTooLong(limit: 8)),
      ],
      decoder: FrameDecoder(mode: .ndjson, maxMessageBytes: 8)
    )
  }

  @Test("the body limit is inclusive")
  func bodyLimitBoundary() {
    var decoder = FrameDecoder(maxMessageBytes: 10)
    let wire = Wire.lsp("0123456789") + Wire.lsp("01234567890") + Wire.lsp("{}")
    #expect(
      decoder.events(feeding: [Wire.bytes(wire)[...]])
        == [Wire.message("0123456789"), .error(.bodyTooLarge(length: 11, limit: 10)), Wire.message("{}")]
    )
  }

  struct Truncation: Sendable, CustomTestStringConvertible {
    var input: String
    var events: [FrameEvent]
    var testDescription: String { String(reflecting: input) }
  }

  @Test(
    "input that ends inside a frame gives one error",
    arguments: [
      Truncation(
        input: "Content-Length: 10\r\n\r\n{\"a\"",
        events: [.error(.truncatedBody(expected: 10, received: 4))]
      ),
      Truncation(input: "Content-Length: 10\r\n\r\n", events: [.error(.truncatedBody(expected: 10, received: 0))]),
      Truncation(input: "Content-Length: 10\r\n", events: [.error(.truncatedHeader)]),
      Truncation(input: "Content-Length: 10\r\n\r", events: [.error(.truncatedHeader)]),
      Truncation(input: "Content-Le", events: [.error(.truncatedHeader)]),
      Truncation(input: "{}\n" + "{\"a\"", events: [Wire.message("{}"), Wire.message("{\"a\"")]),
      // Nothing more to say when the error was already given.
      Truncation(input: "Content-Length: 99\r\n\r\n{}", events: [.error(.bodyTooLarge(length: 99, limit: 10))]),
      Truncation(input: "Content-Length: z\r\n\r\n{}Content-Len", events: [.error(.invalidContentLength("z"))]),
      Truncation(input: "{}\n0123456789012", events: [Wire.message("{}"), .error(.lineTooLong(limit: 10))]),
    ]
  )
  func truncated(_ truncation: Truncation) {
    expectEventsUnderEveryChunking(
      Wire.bytes(truncation.input),
      truncation.events,
      decoder: FrameDecoder(maxMessageBytes: 10)
    )
  }

  @Test("errors and messages interleave in stream order however the stream is chunked")
  func mixedStream() {
    let wire =
      Wire.lsp("{\"id\":1}")
      + "Content-Length 3\r\n\r\n[1]"
      + Wire.lsp("{\"id\":2}")
      + "Content-Type: a;charset=ascii\r\nContent-Length: 3\r\n\r\n[2]"
      + Wire.lsp("{\"id\":3}")
      + "Content-Length: 4000\r\n\r\n" + String(repeating: "z", count: 4000)
      + "\r\n" + Wire.lsp("{\"id\":4}")
      + "Content-Length: 99\r\n\r\n{\"tru"
    expectEventsUnderEveryChunking(
      Wire.bytes(wire),
      [
        Wire.message("{\"id\":1}"), .error(.malformedHeaderLine("Content-Length 3")), Wire.message("{\"id\":2}"),
        .refused(Array("[2]".utf8), .unsupportedCharset("ascii")), Wire.message("{\"id\":3}"),
        .error(.bodyTooLarge(length: 4000, limit: 100)), Wire.message("{\"id\":4}"),
        .error(.truncatedBody(expected: 99, received: 5)),
      ],
      decoder: FrameDecoder(maxMessageBytes: 100),
      randomRounds: 30
    )
  }

  @Test("after a small-message stream the buffer holds about one chunk")
  func bufferStaysSmall() {
    var wire: [UInt8] = []
    for id in 0..<20_000 {
      FrameEncoder.append(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"m"}"#.utf8), mode: .lsp, to: &wire)
    }
    var decoder = FrameDecoder()
    var count = 0
    var peak = 0
    for chunk in Wire.chunks(wire, size: 4096) {
      decoder.append(Array(chunk))
      while case .message = decoder.next() { count += 1 }
      peak = max(peak, decoder.bufferedByteCount)
    }
    #expect(count == 20_000)
    #expect(peak <= 2 * 4096)
  }

  @Test("a large buffer is released once its message is consumed")
  func largeBufferReleased() {
    var decoder = FrameDecoder()
    let body = [UInt8](repeating: UInt8(ascii: " "), count: 4 << 20)
    var wire: [UInt8] = []
    FrameEncoder.append(body, mode: .lsp, to: &wire)
    decoder.append(wire)
    #expect(decoder.next() == .message(body))
    decoder.append(Wire.bytes(Self.valid))
    #expect(decoder.next() == Wire.message(#"{"valid":true}"#))
    #expect(decoder.bufferCapacity < 1 << 20)
  }

  @Test("appending after finish() is a programming error")
  func appendAfterFinish() async {
    await #expect(processExitsWith: .failure) {
      var decoder = FrameDecoder()
      decoder.finish()
      decoder.append([UInt8(ascii: "{")])
    }
  }
}
