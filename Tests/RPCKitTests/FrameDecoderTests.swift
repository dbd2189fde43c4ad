import RPCKit
import TestSupport
import Testing

/// Well-formed streams: LSP, NDJSON, auto detection, chunking.
@Suite struct FrameDecoderTests {
  /// Six LSP messages exercising the header syntax the decoder accepts.
  static let lspStream: (wire: String, events: [FrameEvent]) = {
    let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#
    let unicode = #"{"q":"Pokémon ＡＢＣ 日本語 🎉","é":"ß"}"#
    let batch = #"[{"id":2},{"id":3}]"#
    let opaque = "{\"a\":1}\r\n\r\nContent-Length: 5\r\n"
    let wire =
      Wire.lsp(initialize)
      + "content-length: 2\r\n\r\n{}"
      + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
      + "CONTENT-LENGTH:    \(unicode.utf8.count)  \r\n\r\n\(unicode)"
      + "\r\n"  // a stray blank line between messages
      + "cOnTeNt-LeNgTh:\t\(batch.utf8.count)\r\nX-Custom: a: b: c\r\n\r\n\(batch)"
      + "Content-Length: 0\r\n\r\n"
      + "Content-Length: \(opaque.utf8.count)\n\n\(opaque)"  // bare \n line ends
    return (wire, [initialize, "{}", unicode, batch, "", opaque].map(Wire.message))
  }()

  /// NDJSON with CRLF, blank and whitespace-only lines, padding, Unicode and a last line without `\n`.
  static let ndjsonStream: (wire: String, events: [FrameEvent]) = {
    let wire =
      "\n  \r\n"
      + #"{"jsonrpc":"2.0","id":1,"method":"a"}"# + "\n"
      + "{}\r\n"
      + "\n"
      + "   \t \r\n"
      + #"{"q":"Pokémon 日本語 🎉"}"# + "\n"
      + "[1,2]\r\n"
      + #"  {"padded": true}  "# + "\n"
      + #"{"last":true}"#
    let bodies = [
      #"{"jsonrpc":"2.0","id":1,"method":"a"}"#, "{}", #"{"q":"Pokémon 日本語 🎉"}"#, "[1,2]",
      #"  {"padded": true}  "#, #"{"last":true}"#,
    ]
    return (wire, bodies.map(Wire.message))
  }()

  @Test("an LSP stream gives the same messages however it is chunked")
  func lspStreamUnderEveryChunking() {
    let (wire, events) = Self.lspStream
    expectEventsUnderEveryChunking(Wire.bytes(wire), events)
    expectEventsUnderEveryChunking(Wire.bytes(wire), events, decoder: FrameDecoder(mode: .lsp))
  }

  @Test("an NDJSON stream gives the same messages however it is chunked")
  func ndjsonStreamUnderEveryChunking() {
    let (wire, events) = Self.ndjsonStream
    expectEventsUnderEveryChunking(Wire.bytes(wire), events)
    expectEventsUnderEveryChunking(Wire.bytes(wire), events, decoder: FrameDecoder(mode: .ndjson))
  }

  @Test("a message is delivered as soon as its last byte arrives, not later")
  func deliversEagerly() {
    var decoder = FrameDecoder()
    decoder.append(Wire.bytes("Content-Length: 2\r\n\r\n{"))
    #expect(decoder.next() == nil)
    decoder.append(Wire.bytes("}"))
    #expect(decoder.next() == Wire.message("{}"))
    #expect(decoder.next() == nil)

    var lines = FrameDecoder()
    lines.append(Wire.bytes("{}"))
    #expect(lines.next() == nil, "a line is not complete before its newline")
    lines.append(Wire.bytes("\n[]\n"))
    #expect(lines.next() == Wire.message("{}"))
    #expect(lines.next() == Wire.message("[]"))
    #expect(lines.next() == nil)
  }

  @Test("many messages in one append come out one by one")
  func manyMessagesInOneAppend() {
    let bodies = (0..<1000).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"m"}"# }
    for mode in [FramingMode.lsp, .ndjson] {
      var wire: [UInt8] = []
      for body in bodies { FrameEncoder.append(Array(body.utf8), mode: mode, to: &wire) }
      var decoder = FrameDecoder()
      #expect(decoder.events(feeding: [wire[...]]) == bodies.map(Wire.message))
      #expect(decoder.detectedMode == mode)
    }
  }

  struct Detection: Sendable, CustomTestStringConvertible {
    var input: String
    var mode: FramingMode?
    var events: [FrameEvent]
    var testDescription: String { String(reflecting: input) }
  }

  @Test(
    "auto detection skips leading whitespace and decides on the first other byte",
    arguments: [
      Detection(input: "Content-Length: 2\r\n\r\n{}", mode: .lsp, events: [Wire.message("{}")]),
      Detection(input: "\r\n\n  \t\r\ncontent-length: 2\r\n\r\n{}", mode: .lsp, events: [Wire.message("{}")]),
      Detection(input: "\n\n{\"a\":1}\n", mode: .ndjson, events: [Wire.message("{\"a\":1}")]),
      Detection(input: "   [1]\r\n", mode: .ndjson, events: [Wire.message("[1]")]),
      // Anything else is NDJSON, so the JSON layer answers the garbage line with a parse error.
      Detection(input: "hello\n{}\n", mode: .ndjson, events: [Wire.message("hello"), Wire.message("{}")]),
      Detection(input: "\u{FEFF}{}\n", mode: .ndjson, events: [Wire.message("\u{FEFF}{}")]),
      Detection(input: " \r\n\t\n", mode: nil, events: []),
      Detection(input: "", mode: nil, events: []),
    ]
  )
  func autoDetection(_ detection: Detection) {
    var decoder = FrameDecoder()
    #expect(decoder.mode == .auto)
    #expect(decoder.detectedMode == nil)
    #expect(decoder.events(feeding: [Wire.bytes(detection.input)[...]]) == detection.events)
    #expect(decoder.detectedMode == detection.mode)
  }

  @Test("the mode is detected from the first non-blank byte, before a whole message arrives")
  func detectionNeedsOneByte() {
    var decoder = FrameDecoder()
    decoder.append(Wire.bytes("\r\n  "))
    #expect(decoder.next() == nil)
    #expect(decoder.detectedMode == nil)
    decoder.append(Wire.bytes("c"))
    #expect(decoder.next() == nil)
    #expect(decoder.detectedMode == .lsp)
  }

  @Test("a forced mode is not detected: LSP headers read as NDJSON are lines")
  func forcedNDJSON() {
    var decoder = FrameDecoder(mode: .ndjson)
    #expect(decoder.detectedMode == .ndjson)
    let events = decoder.events(feeding: [Wire.bytes("Content-Length: 2\r\n\r\n{}")[...]])
    #expect(events == [Wire.message("Content-Length: 2"), Wire.message("{}")])
  }

  @Test("a forced mode is not detected: NDJSON read as LSP is a malformed header")
  func forcedLSP() {
    var decoder = FrameDecoder(mode: .lsp)
    #expect(decoder.detectedMode == .lsp)
    let events = decoder.events(feeding: [Wire.bytes("{\"a\":1}\n{\"b\":2}\n" + Wire.lsp("{}"))[...]])
    #expect(events == [.error(.malformedHeaderLine("{\"a\":1}")), Wire.message("{}")])
  }

  @Test("NDJSON strips one carriage return before the newline, and only there")
  func ndjsonCarriageReturns() {
    var decoder = FrameDecoder(mode: .ndjson)
    let events = decoder.events(feeding: [Wire.bytes("{}\r\r\n[\r]\n{}\r")[...]])
    #expect(events == [Wire.message("{}\r"), Wire.message("[\r]"), Wire.message("{}")])
  }

  @Test("input ending right after a complete frame gives no error")
  func cleanEnd() {
    for wire in ["Content-Length: 2\r\n\r\n{}", "Content-Length: 2\r\n\r\n{}\r\n\r\n", "{}\n", "{}\n\n  "] {
      var decoder = FrameDecoder()
      #expect(decoder.events(feeding: [Wire.bytes(wire)[...]]) == [Wire.message("{}")], "\(wire.debugDescription)")
    }
  }

  @Test("random LSP streams of random bodies survive random chunking")
  func randomStreams() {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<50 {
      let bodies = (0..<Int.random(in: 1...20, using: &generator)).map { _ in
        (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
      }
      var wire: [UInt8] = []
      for body in bodies { FrameEncoder.append(body, mode: .lsp, to: &wire) }
      var decoder = FrameDecoder(mode: .lsp)
      let chunks = Wire.randomChunks(wire, maxSize: 64, using: &generator)
      #expect(decoder.events(feeding: chunks) == bodies.map(FrameEvent.message))
    }
  }

  @Test("a large LSP body gets room for all of it once its header is read, and is delivered whole")
  func largeBodyReserved() {
    let length = 4 << 20
    var decoder = FrameDecoder(mode: .lsp)
    decoder.append(Wire.bytes("Content-Length: \(length)\r\n\r\n"))
    decoder.append([UInt8](repeating: UInt8(ascii: " "), count: 64 << 10))
    #expect(decoder.next() == nil)
    #expect(decoder.bufferCapacity >= length)
    let capacity = decoder.bufferCapacity
    var sent = 64 << 10
    while sent < length - 2 {
      let count = min(64 << 10, length - 2 - sent)
      decoder.append([UInt8](repeating: UInt8(ascii: " "), count: count))
      sent += count
      #expect(decoder.next() == nil)
    }
    // No regrowth on the way.
    #expect(decoder.bufferCapacity == capacity)
    decoder.append(Wire.bytes("{}"))
    #expect(decoder.next() == .message([UInt8](repeating: UInt8(ascii: " "), count: length - 2) + Wire.bytes("{}")))
  }
}
